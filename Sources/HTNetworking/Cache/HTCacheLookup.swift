import Foundation

/// What a policy decides with: the request as it is sent (method, URL, headers), its key, expiry and
/// version, the time, and the stored entry (the original passed the request operation to
/// `HTCachePolicyProtocol`).
public struct HTCacheLookup: Sendable {
    /// The request's key.
    package let key: HTCacheKey
    /// The cache the client uses.
    package let cache: HTResponseCache
    /// The request's expiry in seconds (its own or the client default), or `nil` for none.
    public let expiry: TimeInterval?
    /// The request's cache version.
    public let version: Int
    /// The time of the lookup.
    public let now: Date
    /// The request as it reaches the transport: method, URL and headers (interceptors' included). The
    /// client always sets it.
    public let request: HTCacheRequest?
    /// The client's logger, which the cache's reads report to (under ``HTLogComponent/cache``).
    let logger: HTLogger?

    /// Creates a lookup.
    package init(
        key: HTCacheKey, cache: HTResponseCache, expiry: TimeInterval?, version: Int, now: Date = Date(),
        request: HTCacheRequest? = nil
    ) {
        self.init(key: key, cache: cache, expiry: expiry, version: version, now: now, request: request, logger: nil)
    }

    init(
        key: HTCacheKey, cache: HTResponseCache, expiry: TimeInterval?, version: Int, now: Date = Date(),
        request: HTCacheRequest?, logger: HTLogger?
    ) {
        self.key = key
        self.cache = cache
        self.expiry = expiry
        self.version = version
        self.now = now
        self.request = request
        self.logger = logger
    }

    /// The entry stored under the key, whatever its age or version (memory tier, then disk tier), if it
    /// may answer ``request``: an entry whose response had a `Vary` is served only to a request that
    /// sends the same values for the headers it names (the entry keeps a digest of the values it was
    /// stored with; see <doc:Cache#Keys>).
    public func storedResponse() -> HTCachedResponse? {
        guard let entry = cache.storedResponse(for: key, logger: logger), HTCacheVary.matches(entry, request) else {
            return nil
        }
        return entry
    }

    /// Whether `entry` may be served to this request: its version must match, it must not be dated in
    /// the future, and it must be younger than the request's expiry, its own expiry date and the cache's
    /// maximum age.
    public func validity(of entry: HTCachedResponse) -> HTCacheValidity {
        guard entry.version == version else { return .versionMismatch }
        let age = now.timeIntervalSince(entry.created)
        guard age >= 0 else { return .fromTheFuture }
        if let expires = entry.expires, now >= expires { return .expired }
        if let expiry, age >= expiry { return .expired }
        if age >= cache.maximumAge { return .expired }
        return .fresh
    }
}
