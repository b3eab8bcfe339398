import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response cache's step in one send, from one place whether the request has interceptors or not:
///
/// 1. at the end of the interceptor chain (or before any send, when nothing can change the request on
///    its way), look the request up as it is about to be sent (``answer(_:_:isAsBuilt:transport:send:)``):
///    serve a hit without the transport, or send the request (conditional when an entry is being
///    revalidated; a 304 then serves the entry);
/// 2. after the chain: reuse the value mapped from the same entry before (``HTMappedValueMemo``), or
///    map the hit; a hit that does not map is discarded and the request is sent again, without reading
///    the cache; map what the network answered and store it as the policy and `Cache-Control` say.
///
/// ``HTCacheExchange`` decides the request's key and policy; the lookup it makes
/// (``HTCacheAttempt``) travels back through the chain attached to the response the lookup answered
/// with, so an interceptor that answers without sending (or replaces the response) leaves nothing to
/// store.
struct HTCacheStep<R: HTBaseRequest> {
    let prepared: HTPreparedRequest<R>
    let exchange: HTCacheExchange
    let client: HTClient

    /// Sends the request with the cache taking part and maps the response.
    func response() async throws(HTNetworkingError) -> HTResponse<R.Response> {
        var (raw, attempt) = try await send(through: exchange)
        if var hitAttempt = attempt, hitAttempt.hit != nil {
            if let memoized = hitAttempt.memoizedResponse(raw, for: prepared) { return memoized }
            if let cached = try? map(raw) {
                hitAttempt.memoize(cached, mappedFrom: raw, for: prepared)
                return cached
            }
            hitAttempt.discardHit()
            (raw, attempt) = try await send(through: exchange.withoutReading())
        }
        let response = try map(raw)
        attempt?.store(raw, fromCache: raw.isFromCache)
        return response
    }

    private func map(_ raw: HTTransportResponse) throws(HTNetworkingError) -> HTResponse<R.Response> {
        try HTResponseMapper.map(
            raw, prepared, serializers: client.configuration.serializers, logger: client.configuration.logger)
    }

    /// Sends the request with `exchange`'s lookup at the end of the chain; returns the answer (a hit, a
    /// revalidated entry or the network's) and the lookup it came from (`nil` when an interceptor
    /// answered without sending).
    private func send(through exchange: HTCacheExchange) async throws(HTNetworkingError)
        -> (HTTransportResponse, HTCacheAttempt?)
    {
        let transport = prepared.transport
        guard prepared.interceptors.isEmpty else {
            var raw = try await client.execute(
                prepared,
                cacheStep: { request, send in
                    let (answer, attempt) = try await Self.answer(
                        exchange, request, isAsBuilt: false, transport: transport, send: send)
                    var attached = answer
                    attached.cacheLookup = HTCacheLookupResult(attempt: attempt)
                    return attached
                })
            let attempt = raw.cacheLookup?.attempt
            raw.cacheLookup = nil
            return (raw, attempt)
        }
        // Nothing changes the request on its way to the transport: look it up here, and start no send at
        // all for a hit. A request as built has only the headers the builder checked (and its `Accept`).
        if !prepared.isAsBuilt { try HTHeaderCheck.validate(prepared.urlRequest, request: prepared.description) }
        let prepared = self.prepared
        let client = self.client
        return try await Self.answer(
            exchange, prepared.urlRequest, isAsBuilt: prepared.isAsBuilt, transport: transport
        ) { (conditional: URLRequest) async throws(HTNetworkingError) -> HTTransportResponse in
            var sent = prepared
            sent.urlRequest = conditional
            sent.isAsBuilt = false
            return try await client.execute(sent)
        }
    }

    /// The one lookup: `request` as it is about to be sent (`isAsBuilt`: unchanged since the builder made
    /// it), keyed by its credentials and those `transport` adds on its own; a hit is the answer, else
    /// `send` sends the request to send (conditional when revalidating) and a 304 is the stored entry.
    private static func answer<Failure: Error>(
        _ exchange: HTCacheExchange, _ request: URLRequest, isAsBuilt: Bool, transport: any HTTransport,
        send: (URLRequest) async throws(Failure) -> HTTransportResponse
    ) async throws(Failure) -> (HTTransportResponse, HTCacheAttempt) {
        let attempt = exchange.lookUp(
            request, ambient: transport.ambientCredentials(for: request), isAsBuilt: isAsBuilt)
        if let hit = attempt.hit { return (hit, attempt) }
        return (attempt.resolve(try await send(attempt.request)).response, attempt)
    }
}

/// The lookup a response came from, carried back through the interceptor chain with it
/// (``HTTransportResponse/cacheLookup``). A class, so that the response stays small.
final class HTCacheLookupResult: Sendable {
    let attempt: HTCacheAttempt

    init(attempt: HTCacheAttempt) {
        self.attempt = attempt
    }
}
