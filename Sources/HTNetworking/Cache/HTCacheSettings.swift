import Foundation

/// A client's cache settings (``HTClientConfiguration/cache``): which cache it uses, the policy and
/// expiry for requests that don't choose, and whether expired entries are revalidated.
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

    /// Creates settings.
    public init(
        cache: HTResponseCache = .shared, defaultPolicy: HTCachePolicyID = .noCache, defaultExpiry: TimeInterval? = nil,
        revalidates: Bool = true
    ) {
        self.cache = cache
        self.defaultPolicy = defaultPolicy
        self.defaultExpiry = defaultExpiry
        self.revalidates = revalidates
    }

    /// The policy identifier `request` uses: ``HTCachePolicyOverride/current`` when set, else the
    /// request's own, else ``defaultPolicy``.
    public func policyID<R: HTBaseRequest>(for request: R) -> HTCachePolicyID {
        HTCachePolicyOverride.current ?? (request as? any HTCacheableRequest)?.cachePolicy ?? defaultPolicy
    }
}
