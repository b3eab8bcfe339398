import Foundation

/// The manager calls (the original's `HTCacheManager`) for a request, on the cache this client uses
/// (``HTClientConfiguration/cache``), with the request's key, policy, expiry and version.
extension HTClient {
    /// The cache this client uses.
    public var responseCache: HTResponseCache { configuration.cache.cache }

    /// The key `request` is stored under by this client, worked out as a send works it out
    /// (``prepare(_:cache:)``): its scope comes from the request's and the client's headers and the
    /// cookies the transport would add, or the user scope. What an interceptor adds (credentials, query
    /// parameters) is not seen here (it is when the request is sent): name the user
    /// (``HTCacheSettings/userScope``) for these calls to see the same entry as ``send(_:)`` when
    /// interceptors add only credentials. `nil` when the request does not build.
    package func cacheKey<R: HTBaseRequest>(for request: R) -> HTCacheKey? {
        managed(request)?.key.key
    }

    /// Whether the request's policy would serve a stored response now (`hasCacheForRequest:`). A request
    /// whose policy never reads (no cache, write only) is judged by the cache-first rules.
    public func hasCachedResponse<R: HTBaseRequest>(for request: R) -> Bool {
        cachedResponse(for: request) != nil
    }

    /// The stored response the request's policy would serve now (`cachedResponseForRequest:`); for
    /// policies that never read, the one the cache-first rules would serve. A request that carries
    /// credentials is served only when it opts in, as when it is sent.
    public func cachedResponse<R: HTBaseRequest>(for request: R) -> HTCachedResponse? {
        guard let (key, exchange) = managed(request) else { return nil }
        return exchange.servedResponse(key)
    }

    /// Removes the response stored for `request` (`removeCachedResponseForRequest:completion:`).
    public func removeCachedResponse<R: HTBaseRequest>(for request: R) async {
        guard let key = cacheKey(for: request) else { return }
        await responseCache.removeCachedResponse(for: key)
    }

    /// `request` prepared for the manager calls: its key as a send resolves it (with the cookies its
    /// transport adds), and its cache exchange; `nil` when it does not build.
    private func managed<R: HTBaseRequest>(_ request: R) -> (key: HTCacheResolvedKey, exchange: HTCacheExchange)? {
        guard let prepared = try? prepare(request, cache: .manage), let exchange = prepared.cache else { return nil }
        let ambient = prepared.transport.ambientCredentials(for: prepared.urlRequest)
        return (exchange.resolvedKey(prepared.urlRequest, ambient: ambient, isAsBuilt: prepared.isAsBuilt), exchange)
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
