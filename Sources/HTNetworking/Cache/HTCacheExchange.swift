import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cache's part in sending one request, as the client uses it: decided before the transport
/// (``hit``, or the ``request`` to send, conditional when revalidating) and finished after it
/// (``resolve(_:)`` turns a 304 into the cached response, ``store(_:)`` writes a mapped success).
///
/// ```swift
/// let exchange = HTCacheExchange(for: request, urlRequest: urlRequest, configuration: configuration)
/// if let hit = exchange.hit { /* map it; isFromCache = true */ }
/// let (raw, fromCache) = exchange.resolve(try await transport.send(exchange.request))
/// /* map raw */ ; exchange.store(raw, fromCache: fromCache)
/// ```
public struct HTCacheExchange: Sendable {
    /// The response to serve without the network, if the policy found one.
    public private(set) var hit: HTTransportResponse?
    /// The URL request to send: the given one, with `If-None-Match` / `If-Modified-Since` when a stored
    /// entry is being revalidated.
    public private(set) var request: URLRequest

    private let cache: HTResponseCache?
    private let key: HTCacheKey?
    private let writes: Bool
    private let expiry: TimeInterval?
    private let version: Int
    private let revalidating: HTCachedResponse?

    /// Asks the policy of `request` (see ``HTCacheSettings/policyID(for:)``) what to do.
    public init<R: HTBaseRequest>(for request: R, urlRequest: URLRequest, configuration: HTClientConfiguration) {
        self.request = urlRequest
        let settings = configuration.cache
        let id = settings.policyID(for: request)
        let cacheable = request as? any HTCacheableRequest
        guard id != .noCache, let policy = settings.cache.policy(for: id) else {
            if id != .noCache {
                settings.cache.log(HTCacheLogEvent(
                    level: .warning, kind: .unknownPolicy,
                    message: "no cache policy is registered under '\(id)' (\(R.self)); sent without the cache"))
            }
            (cache, key, writes, expiry, version, revalidating) = (nil, nil, false, nil, 0, nil)
            return
        }
        let key = HTCacheKey(for: request, configuration: configuration)
        let expiry = cacheable?.cacheExpiry ?? settings.defaultExpiry
        let version = cacheable?.cacheVersion ?? 0
        let lookup = HTCacheLookup(key: key, cache: settings.cache, expiry: expiry, version: version)
        (cache, self.key, writes, self.expiry, self.version) = (settings.cache, key, policy.writesResponses, expiry, version)
        if let entry = policy.cachedResponse(for: lookup) {
            hit = entry.transportResponse
            revalidating = nil
            return
        }
        let candidate = settings.revalidates ? policy.revalidationCandidate(for: lookup) : nil
        revalidating = candidate
        if let candidate {
            if let etag = candidate.etag { self.request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified = candidate.lastModified {
                self.request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
    }

    /// The response to map for what the network answered, and whether it is the cached one: a 304 to a
    /// conditional request is the revalidated entry (its headers updated by the 304's).
    public func resolve(_ response: HTTransportResponse) -> (response: HTTransportResponse, fromCache: Bool) {
        guard response.statusCode == 304, let revalidating else { return (response, false) }
        var cached = revalidating.transportResponse
        for (name, value) in response.headers where !Self.isBodyHeader(name) {
            cached.headers[cached.headers.keys.first { $0.lowercased() == name.lowercased() } ?? name] = value
        }
        return (cached, true)
    }

    /// The value `prepared`'s request type mapped earlier from ``hit``, as a fresh deep copy, when the
    /// memory tier kept it (see ``HTMappedValueMemo``): a hit that needs no parsing or mapping.
    func memoizedResponse<R: HTBaseRequest>(for prepared: HTPreparedRequest<R>) -> HTResponse<R.Response>? {
        guard let hit, let cache, let key, let memo = cache.memory.memo(for: key.value),
            memo.isFor(R.self, options: prepared.mappingOptions, acceptedStatusCodes: prepared.acceptedStatusCodes),
            memo.matches(hit), let value = memo.copy(as: R.Response.self)
        else { return nil }
        return HTResponse(value: value, raw: hit, diagnostics: memo.diagnostics, isFromCache: true)
    }

    /// Keeps a deep copy of `response`, just mapped from ``hit``, beside the entry in the memory tier.
    func memoize<R: HTBaseRequest>(_ response: HTResponse<R.Response>, for prepared: HTPreparedRequest<R>) {
        guard let hit, let cache, let key, cache.memory.countLimit > 0 else { return }
        cache.memory.setMemo(
            HTMappedValueMemo.make(
                response.value, of: R.self, options: prepared.mappingOptions,
                acceptedStatusCodes: prepared.acceptedStatusCodes, diagnostics: response.diagnostics, source: hit),
            for: key.value)
    }

    /// Forgets the hit (it did not map), so the request goes to the network; also removes the entry.
    public mutating func discardHit() {
        hit = nil
        if let cache, let key {
            cache.memory.remove(key.value)
            cache.disk.remove(key.value)
        }
    }

    /// Stores `response` (after it mapped successfully) when the policy writes; a revalidated response
    /// (`fromCache` from ``resolve(_:)``) is stored again with a new date.
    public func store(_ response: HTTransportResponse, fromCache: Bool) {
        guard let cache, let key, writes, hit == nil else { return }
        let now = Date()
        let limit = min(expiry ?? cache.maximumAge, cache.maximumAge)
        cache.store(HTCachedResponse(response, created: now, expires: now.addingTimeInterval(limit), version: version), for: key)
    }

    private static func isBodyHeader(_ name: String) -> Bool {
        ["content-length", "content-type", "content-encoding", "transfer-encoding"].contains(name.lowercased())
    }
}
