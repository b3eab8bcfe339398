import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One lookup of a request in the cache (``HTCacheExchange/lookUp(_:ambient:isAsBuilt:)``), for the URL request
/// as it is about to be sent: its key, a stored response to serve (``hit``) or the request to send
/// (conditional when revalidating), and afterwards what the answer means (``resolve(_:)``) and whether
/// it is stored (``store(_:fromCache:)``).
package struct HTCacheAttempt: Sendable {
    /// The key, including whose entry it is.
    package let key: HTCacheKey
    /// Whose entry it is: the user scope, the credentials, or none.
    package let scope: HTCacheScope
    /// The stored response to serve without the network (``HTTransportResponse/isFromCache`` set), if
    /// the policy found one.
    package internal(set) var hit: HTTransportResponse?
    /// The URL request to send: the looked-up one, with `If-None-Match` / `If-Modified-Since` when a
    /// stored entry is being revalidated.
    package private(set) var request: URLRequest

    private let cache: HTResponseCache
    private let writes: Bool
    private let expiry: TimeInterval?
    private let version: Int
    private let privateOnDisk: Bool
    private let logger: HTLogger
    private var revalidating: HTCachedResponse?

    init(
        key: HTCacheKey, scope: HTCacheScope, request: URLRequest, cache: HTResponseCache, writes: Bool,
        expiry: TimeInterval?, version: Int, privateOnDisk: Bool, logger: HTLogger
    ) {
        (self.key, self.scope, self.request, self.cache, self.writes) = (key, scope, request, cache, writes)
        (self.expiry, self.version, self.privateOnDisk, self.logger) = (expiry, version, privateOnDisk, logger)
    }

    /// The method and the URL (redacted by the logger's rules) for log lines.
    var loggedRequest: String {
        "\(request.httpMethod ?? "GET") \(logger.redactedURL(request.url?.absoluteString ?? "?"))"
    }

    /// Sends the request conditional on `candidate`'s validators.
    mutating func revalidate(_ candidate: HTCachedResponse) {
        revalidating = candidate
        if let etag = candidate.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = candidate.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
    }

    /// The response to map for what the network answered, and whether it is the cached one: a 304 to a
    /// conditional request is the revalidated entry (its headers updated by the 304's).
    package func resolve(_ response: HTTransportResponse) -> (response: HTTransportResponse, fromCache: Bool) {
        guard response.statusCode == 304, let revalidating else { return (response, false) }
        var cached = revalidating.transportResponse
        if cached.url == nil { cached.url = request.url }
        for (name, value) in response.headers where !Self.isBodyHeader(name) {
            cached.headers[cached.headers.keys.first { $0.lowercased() == name.lowercased() } ?? name] = value
        }
        cached.isFromCache = true
        return (cached, true)
    }

    /// The value `prepared`'s request type mapped earlier from `hit`, this attempt's ``hit`` as the
    /// interceptors handed it back (the same value: models are immutable, so hits share it), when the
    /// memory tier kept it (see ``HTMappedValueMemo``): a hit that needs no parsing or mapping.
    func memoizedResponse<R: HTBaseRequest>(_ hit: borrowing HTTransportResponse, for prepared: HTPreparedRequest<R>)
        -> HTResponse<R.Response>?
    {
        guard let memo = cache.memory.memo(for: key),
            memo.isFor(
                R.self, options: prepared.rules.mappingOptions, acceptedStatusCodes: prepared.rules.acceptedStatusCodes),
            memo.matches(hit), let value = memo.value(as: R.Response.self)
        else { return nil }
        return HTResponse(value: value, raw: copy hit, diagnostics: memo.diagnostics, isFromCache: true)
    }

    /// Keeps `response`'s value, just mapped from `hit` (this attempt's ``hit`` as the interceptors
    /// handed it back), beside the entry in the memory tier.
    func memoize<R: HTBaseRequest>(
        _ response: HTResponse<R.Response>, mappedFrom hit: HTTransportResponse, for prepared: HTPreparedRequest<R>
    ) {
        guard cache.memory.countLimit > 0 else { return }
        cache.memory.setMemo(
            HTMappedValueMemo.make(
                response.value, of: R.self, options: prepared.rules.mappingOptions,
                acceptedStatusCodes: prepared.rules.acceptedStatusCodes, diagnostics: response.diagnostics, source: hit),
            for: key)
    }

    /// Forgets the hit (it did not map), so the request goes to the network; also removes the entry.
    package mutating func discardHit() {
        hit = nil
        cache.memory.remove(key)
        cache.disk.remove(key)
        logger.debug(.cache, "removed: \(loggedRequest) (key \(key.hex)): the stored response did not map")
    }

    /// Stores `response` (after it mapped successfully) when the policy writes; a revalidated response
    /// (`fromCache` from ``resolve(_:)``) is stored again with a new date.
    ///
    /// `Cache-Control` decides where: `no-store` (on the response or the request) keeps it nowhere and
    /// removes what was stored under the key; `private` keeps it only for a personal ``scope``, in
    /// memory only unless ``HTCacheSettings/storesPrivateResponsesOnDisk``. A response with `Vary: *`,
    /// or one that hands out a credential (`Set-Cookie`, a credential header) to a request that is not
    /// personal, is not stored either. What is stored keeps the request's values for the headers the
    /// response's `Vary` names (as a digest) and none of the headers an entry never keeps
    /// (`Set-Cookie`, credential and hop-by-hop headers).
    package func store(_ response: HTTransportResponse, fromCache: Bool) {
        guard writes, hit == nil else { return }
        if let reason = Self.reasonNotToStore(response, request: request, scope: scope) {
            cache.memory.remove(key)
            cache.disk.remove(key)
            logger.debug(.cache, "not stored: \(loggedRequest) (key \(key.hex)): \(reason)")
            return
        }
        let control = HTCacheControl(response.header("Cache-Control"))
        let now = Date()
        let limit = min(expiry ?? cache.maximumAge, cache.maximumAge)
        var stored = response
        stored.isFromCache = false
        let onDisk = !control.isPrivate || privateOnDisk
        let outcome = cache.store(
            HTCachedResponse(
                stored, created: now, expires: now.addingTimeInterval(limit), version: version,
                request: HTCacheRequest(request)), for: key,
            onDisk: onDisk, logger: logger)
        let place = !onDisk ? "memory only" : outcome.stored ? "memory and disk" : "memory only (the disk write failed)"
        logger.debug(.cache, "stored: \(loggedRequest) (key \(key.hex), \(response.body.count) bytes, \(place))")
        if outcome.evicted > 0 {
            logger.debug(
                .cache,
                "evicted \(outcome.evicted) least recently used entr\(outcome.evicted == 1 ? "y" : "ies") to make room")
        }
    }

    /// Why `response` to `request` (in `scope`) is not stored anywhere, or `nil` when it may be.
    private static func reasonNotToStore(_ response: HTTransportResponse, request: URLRequest, scope: HTCacheScope)
        -> String?
    {
        let control = HTCacheControl(response.header("Cache-Control"))
        if control.noStore || HTCacheControl(request.value(forHTTPHeaderField: "Cache-Control")).noStore {
            return "Cache-Control no-store"
        }
        if control.isPrivate && !scope.isPersonal { return "Cache-Control private without a user or credentials" }
        if HTCacheVary.isUnreusable(response.headers) { return "Vary: * (it may not be reused)" }
        if !scope.isPersonal && HTCacheStoredHeaders.setsCredentials(response.headers) {
            return "it hands out a credential (Set-Cookie) to a request without a user or credentials"
        }
        return nil
    }

    private static func isBodyHeader(_ name: String) -> Bool {
        ["content-length", "content-type", "content-encoding", "transfer-encoding"].contains(name.lowercased())
    }
}
