import Foundation

/// A client's cache settings (``HTClientConfiguration/cache``): which cache it uses, the policy and
/// expiry for requests that don't choose, whether expired entries are revalidated, and whose entries
/// are whose (``userScope``, ``credentialHeaders``, ``storesPrivateResponsesOnDisk``,
/// ``cachesCredentialedResponses``).
///
/// ```swift
/// var configuration = HTClientConfiguration(baseURL: apiURL)
/// configuration.cache = HTCacheSettings(cache: HTResponseCache(directory: dir), defaultPolicy: .cacheFirst, defaultExpiry: 600)
/// ```
public struct HTCacheSettings: Sendable {
    /// The cache (storage, policies, manager). Default ``HTResponseCache/shared``.
    public var cache: HTResponseCache
    /// The policy of requests that don't name one (the original's default `HTCachePolicyNoCache`).
    public var defaultPolicy: HTCachePolicyID
    /// The expiry in seconds of requests that don't set one; `nil`: entries don't expire on their own
    /// (the cache's ``HTResponseCache/maximumAge`` still applies).
    public var defaultExpiry: TimeInterval?
    /// Whether an expired entry with an `ETag` or `Last-Modified` is revalidated with `If-None-Match` /
    /// `If-Modified-Since` (when the policy offers it). Default `true`.
    public var revalidates: Bool
    /// Names the user whose entries this client reads and writes (an account id), for requests that
    /// name none (``HTCacheableRequest/cacheUserScope``). When set, it replaces the digest of the
    /// request's credentials in the key (<doc:Cache#Keys>), so entries survive a token refresh; the app
    /// then answers for it naming the signed-in user. Default `nil`: entries are keyed by the
    /// credentials the request is sent with.
    public var userScope: String?
    /// Further header names (any case) whose values are credentials: a request carrying one is keyed by
    /// a digest of them. Names that ``HTCredentialHeaders`` recognises (`Authorization`, `Cookie`,
    /// names containing `token`, `api-key`, ...) always count. Default: none beyond those.
    public var credentialHeaders: Set<String>
    /// Whether a response marked `Cache-Control: private` may be written to the disk tier. Default
    /// `false`: such a response is kept in memory only, and only for a request keyed by a user (its
    /// credentials or a user scope); `no-store` responses are never kept.
    public var storesPrivateResponsesOnDisk: Bool
    /// Whether requests that carry credentials (a credential header, ``HTCredentialHeaders`` and
    /// ``credentialHeaders``, or a cookie the transport adds) use the cache under the client's
    /// ``defaultPolicy`` too. Default `false`: such a request uses the cache only when it names its own
    /// policy (``HTCacheableRequest/cachePolicy``, not ``HTCachePolicyID/noCache``); otherwise its
    /// response is neither served from nor stored in the cache. Either way its entry is keyed by its
    /// credentials (or the user scope).
    public var cachesCredentialedResponses: Bool

    /// Creates settings.
    public init(
        cache: HTResponseCache = .shared, defaultPolicy: HTCachePolicyID = .noCache, defaultExpiry: TimeInterval? = nil,
        revalidates: Bool = true, userScope: String? = nil, credentialHeaders: Set<String> = [],
        storesPrivateResponsesOnDisk: Bool = false, cachesCredentialedResponses: Bool = false
    ) {
        self.cache = cache
        self.defaultPolicy = defaultPolicy
        self.defaultExpiry = defaultExpiry
        self.revalidates = revalidates
        self.userScope = userScope
        self.credentialHeaders = credentialHeaders
        self.storesPrivateResponsesOnDisk = storesPrivateResponsesOnDisk
        self.cachesCredentialedResponses = cachesCredentialedResponses
    }

    /// The policy identifier `request` uses: ``HTCachePolicyOverride/current`` when set, else the
    /// request's own, else ``defaultPolicy``.
    package func policyID<R: HTBaseRequest>(for request: R) -> HTCachePolicyID {
        policyID(own: (request as? any HTCacheableRequest)?.cachePolicy)
    }

    /// ``policyID(for:)`` for a request whose own policy is `own`.
    func policyID(own: HTCachePolicyID?) -> HTCachePolicyID {
        HTCachePolicyOverride.current ?? own ?? defaultPolicy
    }

    /// Whether `request` may use the cache when it carries credentials: it names its own policy (other
    /// than ``HTCachePolicyID/noCache``), or ``cachesCredentialedResponses`` is set.
    package func allowsCredentials<R: HTBaseRequest>(for request: R) -> Bool {
        allowsCredentials(own: (request as? any HTCacheableRequest)?.cachePolicy)
    }

    /// ``allowsCredentials(for:)`` for a request whose own policy is `own`.
    func allowsCredentials(own: HTCachePolicyID?) -> Bool {
        if cachesCredentialedResponses { return true }
        guard let own else { return false }
        return own != .noCache
    }
}
