/// The responses of ``HTClient/cachedThenFresh(_:)``: the cached one (``HTResponse/isFromCache``),
/// then the fresh one; or only the network's when nothing valid was cached. A network failure on the
/// refresh is thrown after the cached value was yielded.
public struct HTCachedThenFreshSequence<Request: HTBaseRequest & Sendable>: AsyncSequence, Sendable {
    /// A mapped response; ``HTResponse/isFromCache`` tells the cached one from the fresh one.
    public typealias Element = HTResponse<Request.Response>
    /// The client's error type.
    public typealias Failure = HTNetworkingError

    let client: HTClient
    let request: Request

    /// An iterator that sends the request when asked for the first and second elements.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, request: request)
    }

    /// Sends the request cache-first, then (when that came from the cache) write-only.
    public struct Iterator: AsyncIteratorProtocol {
        let client: HTClient
        let request: Request
        var step = 0

        /// The next response, or `nil` after the fresh one.
        public mutating func next() async throws(HTNetworkingError) -> Element? {
            try await next(isolation: nil)
        }

        /// The next response, or `nil` after the fresh one, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTNetworkingError) -> Element? {
            let client = self.client
            let request = self.request
            switch step {
            case 0:
                step = 2
                let first = try await HTCachePolicyOverride.with(.cacheFirst) { () async throws(HTNetworkingError) in
                    try await client.response(for: request)
                }
                if first.isFromCache { step = 1 }
                return first
            case 1:
                step = 2
                return try await HTCachePolicyOverride.with(.writeOnly) { () async throws(HTNetworkingError) in
                    try await client.response(for: request)
                }
            default:
                return nil
            }
        }
    }
}
