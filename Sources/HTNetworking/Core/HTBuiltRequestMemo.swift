import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client built for a request's values: the URL request before
/// ``HTBaseRequest/customize(_:)`` with its description, and the parts of its cache key when it uses
/// the cache.
struct HTBuiltRequest: Sendable {
    let urlRequest: URLRequest
    /// The description of ``urlRequest`` (its URL's text costs thousands of instructions on Linux).
    let description: HTRequestDescription
    let keyParts: HTCacheKeyParts?
}

/// The requests a client built lately, by their fingerprint (``HTRequestFingerprint``): an app sends
/// the same requests again and again (a cache hit always does), and building one (the path, the query,
/// the headers, the cache key's text) costs tens of thousands of instructions where looking it up
/// costs a few hundred.
///
/// The request's accessors are still read on every send, and its ``HTBaseRequest/customize(_:)`` still
/// runs on every send, on a copy: only what those values determine is remembered, so a request that
/// answers differently gets what it answers. A build that fails is not remembered. Each client has its
/// own memo (its configuration is part of every result); it lives in memory only, holds at most
/// ``limit`` requests and ``byteLimit`` bytes, and is emptied when full. A request that builds more than
/// an eighth of ``byteLimit`` (a large body of parameters) is not remembered: it is built again if sent
/// again, and nothing of it stays in memory after it ends.
final class HTBuiltRequestMemo: Sendable {
    /// How many requests are remembered at most.
    static let limit = 128
    /// How many bytes the remembered requests hold at most (their fingerprints, bodies and cache keys).
    static let byteLimit = 4 << 20

    private let built = HTBoundedMemo<HTRequestFingerprint, HTBuiltRequest>(limit: limit, byteLimit: byteLimit) {
        fingerprint, built in
        // The fingerprint, the body, and the cache key's text, which repeats the values.
        fingerprint.byteCount + (built.urlRequest.httpBody?.count ?? 0)
            + (built.keyParts.map { _ in fingerprint.byteCount } ?? 0)
    }

    /// The bytes and the number of requests remembered.
    var usage: (bytes: Int, count: Int) { built.usage }

    /// What a request of type `R` with `values` (using the cache as `cacheUse` says, if at all) builds
    /// on a client with `configuration`.
    func built<R: HTBaseRequest>(
        _ type: R.Type, values: HTRequestValues, cacheUse: HTCacheUse?, configuration: HTClientConfiguration
    ) throws(HTNetworkingError) -> HTBuiltRequest {
        let fingerprint = HTRequestFingerprint(R.self, values: values, cacheUse: cacheUse)
        if let fingerprint, let known = built.value(for: fingerprint) { return known }
        let urlRequest = try HTRequestBuilder.urlRequest(R.self, values: values, configuration: configuration)
        var keyParts: HTCacheKeyParts?
        if let cacheUse {
            keyParts = HTCacheKeyParts(cacheUse.keyInputs, builtRequest: urlRequest, configuration: configuration)
        }
        let made = HTBuiltRequest(
            urlRequest: urlRequest, description: HTRequestDescription(urlRequest, for: R.self), keyParts: keyParts)
        if let fingerprint { built.remember(made, for: fingerprint) }
        return made
    }
}
