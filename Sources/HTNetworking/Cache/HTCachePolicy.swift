/// A cache policy (the original's `HTCachePolicyProtocol`): decides whether a stored response exists
/// for a request and which one to serve. Register custom policies on the cache under an identifier
/// (``HTResponseCache/register(_:for:)``) and name that identifier in a request's
/// ``HTCacheableRequest/cachePolicy`` or the client's ``HTCacheSettings/defaultPolicy``.
///
/// ```swift
/// /// Serves anything stored for the key, however old (an offline mode).
/// struct AnyAgePolicy: HTCachePolicy {
///     func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? {
///         guard let entry = lookup.storedResponse(), lookup.validity(of: entry) != .fromTheFuture else { return nil }
///         return entry
///     }
/// }
/// cache.register(AnyAgePolicy(), for: "anyAge")
///
/// /// Cache-first, but only for GETs that don't ask for fresh data (the lookup has the request as sent).
/// struct UnlessRefreshingPolicy: HTCachePolicy {
///     func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? {
///         guard lookup.request?.method == "GET", lookup.request?.header("X-Refresh") == nil,
///             let entry = lookup.storedResponse(), lookup.validity(of: entry) == .fresh
///         else { return nil }
///         return entry
///     }
/// }
/// ```
///
/// The built-in policies (``HTCachePolicyID/noCache``, ``HTCachePolicyID/cacheFirst`` and
/// ``HTCachePolicyID/writeOnly``) are registered under their identifiers; cache-first serves what
/// `lookup.storedResponse()` returns when `lookup.validity(of:)` is ``HTCacheValidity/fresh``, and
/// offers an ``HTCacheValidity/expired`` entry with validators (``HTCachedResponse/isRevalidatable``) for
/// revalidation.
public protocol HTCachePolicy: Sendable {
    /// The response to serve without the network, or `nil` to send the request.
    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse?
    /// When the request is sent: a stored response to revalidate with `If-None-Match` /
    /// `If-Modified-Since` (a 304 then serves it). Default `nil`.
    func revalidationCandidate(for lookup: HTCacheLookup) -> HTCachedResponse?
    /// Whether successful network responses are stored. Default `true`.
    var writesResponses: Bool { get }
}

extension HTCachePolicy {
    public func revalidationCandidate(for lookup: HTCacheLookup) -> HTCachedResponse? { nil }
    public var writesResponses: Bool { true }
}

/// ``HTCachePolicyID/noCache``: neither reads nor writes.
struct HTNoCachePolicy: HTCachePolicy {
    /// Creates the policy.
    init() {}
    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? { nil }
    var writesResponses: Bool { false }
}

/// ``HTCachePolicyID/cacheFirst``: serves a fresh stored response; revalidates an expired one that has
/// validators; stores every successful response.
struct HTCacheFirstPolicy: HTCachePolicy {
    /// Creates the policy.
    init() {}

    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? {
        guard let entry = lookup.storedResponse(), lookup.validity(of: entry) == .fresh else { return nil }
        return entry
    }

    func revalidationCandidate(for lookup: HTCacheLookup) -> HTCachedResponse? {
        guard let entry = lookup.storedResponse(), entry.isRevalidatable, lookup.validity(of: entry) == .expired
        else { return nil }
        return entry
    }
}

/// ``HTCachePolicyID/writeOnly``: never reads; stores every successful response.
struct HTWriteOnlyPolicy: HTCachePolicy {
    /// Creates the policy.
    init() {}
    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? { nil }
}
