import Foundation

/// The manager calls (the original's `HTCacheManager`) for a request, on the cache this client uses
/// (``HTClientConfiguration/cache``), with the request's key, policy, expiry and version.
extension HTClient {
    /// The cache this client uses.
    public var responseCache: HTResponseCache { configuration.cache.cache }

    /// The key `request` is stored under by this client: its scope comes from the request's and the
    /// client's headers and the cookies the transport would add, or the user scope. What an interceptor
    /// adds (credentials, query parameters) is not seen here (it is when the request is sent): name the
    /// user (``HTCacheSettings/userScope``) for these calls to see the same entry as ``send(_:)`` when
    /// interceptors add only credentials.
    package func cacheKey<R: HTBaseRequest>(for request: R) -> HTCacheKey {
        let urlRequest = try? self.urlRequest(for: request)
        let transport = request.requestType.flatMap { configuration.transports[$0] } ?? self.transport
        let ambient = urlRequest.map { transport.ambientCredentials(for: $0) } ?? [:]
        return HTCacheKey(for: request, sending: urlRequest, ambient: ambient, configuration: configuration)
    }

    /// Whether the request's policy would serve a stored response now (`hasCacheForRequest:`). A request
    /// whose policy never reads (no cache, write only) is judged by the cache-first rules.
    public func hasCachedResponse<R: HTBaseRequest>(for request: R) -> Bool {
        cachedResponse(for: request) != nil
    }

    /// The stored response the request's policy would serve now (`cachedResponseForRequest:`); for
    /// policies that never read, the one the cache-first rules would serve.
    public func cachedResponse<R: HTBaseRequest>(for request: R) -> HTCachedResponse? {
        let settings = configuration.cache
        let cacheable = request as? any HTCacheableRequest
        let lookup = HTCacheLookup(
            key: cacheKey(for: request), cache: settings.cache,
            expiry: cacheable?.cacheExpiry ?? settings.defaultExpiry,
            version: cacheable?.cacheVersion ?? 0,
            request: (try? self.urlRequest(for: request)).map(HTCacheRequest.init),
            logger: configuration.logger)
        let id = settings.policyID(for: request)
        let policy: any HTCachePolicy =
            (id == .noCache || id == .writeOnly)
            ? HTCacheFirstPolicy() : (settings.cache.policy(for: id) ?? HTCacheFirstPolicy())
        return policy.cachedResponse(for: lookup)
    }

    /// Removes the response stored for `request` (`removeCachedResponseForRequest:completion:`).
    public func removeCachedResponse<R: HTBaseRequest>(for request: R) async {
        await responseCache.removeCachedResponse(for: cacheKey(for: request))
    }

    /// Yields the cached response (when the cache-first rules find one), then the fresh one from the
    /// network, which is stored: "show the cached data, then refresh" as one call. Without a cached
    /// response it yields the network response only.
    ///
    /// It is the original's combination, which also works by hand:
    ///
    /// ```swift
    /// let first = try await HTCachePolicyOverride.with(.cacheFirst) { try await client.response(for: request) }
    /// show(first.value)
    /// if first.isFromCache {
    ///     show(try await HTCachePolicyOverride.with(.writeOnly) { try await client.send(request) })
    /// }
    /// ```
    ///
    /// ```swift
    /// for try await response in client.cachedThenFresh(request) {
    ///     show(response.value, stale: response.isFromCache)
    /// }
    /// ```
    public func cachedThenFresh<R: HTBaseRequest & Sendable>(_ request: R) -> HTCachedThenFreshSequence<R> {
        HTCachedThenFreshSequence(client: self, request: request)
    }
}
