import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache's part in sending one request, as the client uses it: the request's policy, expiry,
/// version and the request part of its key, decided once; then, for the URL request as it reaches the
/// transport (after the interceptors, which may add credentials), a lookup (``lookUp(_:ambient:)``)
/// that keys it by whose it is (``HTCacheScope``) and says whether to serve a stored response or what
/// to send.
///
/// A request that carries credentials uses the cache only when it opts in
/// (``HTCacheSettings/allowsCredentials(for:)``); otherwise its lookup serves nothing and stores nothing.
/// Hits, misses, stores, evictions and failures are logged through the client's ``HTLogger`` under
/// ``HTLogComponent/cache`` (hits and misses at debug, I/O failures as warnings; URLs redacted).
///
/// ```swift
/// guard let exchange = HTCacheExchange(for: request, configuration: configuration) else { /* no cache */ }
/// var attempt = exchange.lookUp(urlRequest)            // after the interceptors
/// if let hit = attempt.hit { /* map it; isFromCache = true */ }
/// let (raw, fromCache) = attempt.resolve(try await transport.send(attempt.request))
/// /* map raw */ ; attempt.store(raw, fromCache: fromCache)
/// ```
package struct HTCacheExchange: Sendable {
    private let settings: HTCacheSettings
    private let policy: any HTCachePolicy
    private let requestPart: String
    /// The URL the request built itself (before the interceptors), and the names of its own parameters:
    /// what the URL as sent is compared with (``HTCacheSentURL``).
    private let builtURL: URL?
    private let ownParameters: Set<String>
    private let userScope: String?
    private let expiry: TimeInterval?
    private let version: Int
    private let reads: Bool
    private let allowsCredentials: Bool
    private let logger: HTLogger

    /// Asks which policy `request` uses (``HTCacheSettings/policyID(for:)``); `nil` when it uses none
    /// (``HTCachePolicyID/noCache``, or an identifier no policy is registered under, which is logged).
    package init?<R: HTBaseRequest>(for request: R, configuration: HTClientConfiguration) {
        let built = try? HTRequestBuilder.customizedURLRequest(for: request, configuration: configuration)
        self.init(for: request, built: built?.url, configuration: configuration)
    }

    /// ``init(for:configuration:)`` for a request that built `built` (its URL before the interceptors).
    init?<R: HTBaseRequest>(for request: R, built: URL?, configuration: HTClientConfiguration) {
        let settings = configuration.cache
        let cacheable = request as? any HTCacheableRequest
        let ownPolicy = cacheable?.cachePolicy
        let id = settings.policyID(own: ownPolicy)
        guard id != .noCache else { return nil }
        guard let policy = settings.cache.policy(for: id) else {
            settings.cache.report(
                HTCacheLogEvent(
                    level: .warning, kind: .unknownPolicy,
                    message: "no cache policy is registered under '\(id)' (\(R.self)); sent without the cache"),
                to: configuration.logger)
            return nil
        }
        // Only now: a request without a policy (most) reads nothing more.
        let inputs = HTCacheKeyInputs(request, cacheable: cacheable)
        self.settings = settings
        self.policy = policy
        self.requestPart = inputs.requestPart(configuration)
        self.builtURL = built
        self.ownParameters = inputs.ownParameters
        self.userScope = inputs.userScope(settings)
        self.expiry = cacheable?.cacheExpiry ?? settings.defaultExpiry
        self.version = cacheable?.cacheVersion ?? 0
        self.reads = true
        self.allowsCredentials = settings.allowsCredentials(own: ownPolicy)
        self.logger = configuration.logger
    }

    private init(copying other: HTCacheExchange, reads: Bool) {
        (settings, policy, requestPart, userScope) = (other.settings, other.policy, other.requestPart, other.userScope)
        (builtURL, ownParameters) = (other.builtURL, other.ownParameters)
        (expiry, version, self.reads) = (other.expiry, other.version, reads)
        (allowsCredentials, logger) = (other.allowsCredentials, other.logger)
    }

    /// The same exchange, but its lookups serve nothing and revalidate nothing (a stored response that
    /// did not map is being replaced); the policy still decides whether the answer is stored.
    package func withoutReading() -> HTCacheExchange {
        HTCacheExchange(copying: self, reads: false)
    }

    /// Looks `urlRequest` up, keyed by its credentials (or the user scope) and by `ambient`, the
    /// credentials the transport adds on its own (``HTTransport/ambientCredentials(for:)``).
    ///
    /// A request that carries credentials and does not opt in (``HTCacheSettings/allowsCredentials(for:)``)
    /// gets an attempt that serves nothing and stores nothing.
    package func lookUp(_ urlRequest: URLRequest, ambient: [String: String] = [:]) -> HTCacheAttempt {
        let sent = HTCacheSentURL(sent: urlRequest.url, built: builtURL, ownParameters: ownParameters)
        let scope =
            userScope.map(HTCacheScope.user)
            ?? HTCacheScope.of(urlRequest, sent: sent, ambient: ambient, settings: settings)
        let key = HTCacheKey(canonical: HTCacheKey.text(requestPart: requestPart, sent: sent.keyLine, scope: scope))
        let credentialed =
            userScope == nil
            ? scope.isPersonal
            : HTCacheScope.carriesCredentials(
                urlRequest, ambient: ambient, settings: settings, ownParameters: ownParameters)
        let usable = allowsCredentials || !credentialed
        var attempt = HTCacheAttempt(
            key: key, scope: scope, request: urlRequest, cache: settings.cache,
            writes: usable && policy.writesResponses,
            expiry: expiry, version: version, privateOnDisk: settings.storesPrivateResponsesOnDisk, logger: logger)
        guard usable else {
            logger.debug(
                .cache,
                "not cached: \(attempt.loggedRequest) carries credentials and does not opt in (its own cachePolicy, or HTCacheSettings.cachesCredentialedResponses)"
            )
            return attempt
        }
        guard reads else { return attempt }
        let lookup = HTCacheLookup(
            key: key, cache: settings.cache, expiry: expiry, version: version, request: HTCacheRequest(urlRequest),
            logger: logger)
        if let entry = policy.cachedResponse(for: lookup) {
            var hit = entry.transportResponse
            hit.isFromCache = true
            // A disk entry keeps no URL (it would write the query to disk): it answers this request's.
            if hit.url == nil { hit.url = urlRequest.url }
            attempt.hit = hit
            logger.debug(
                .cache,
                "hit: \(attempt.loggedRequest) (key \(key.hex), status \(entry.statusCode), \(entry.body.count) bytes)")
        } else if settings.revalidates, let candidate = policy.revalidationCandidate(for: lookup) {
            attempt.revalidate(candidate)
            logger.debug(.cache, "miss, revalidating: \(attempt.loggedRequest) (key \(key.hex))")
        } else {
            logger.debug(.cache, "miss: \(attempt.loggedRequest) (key \(key.hex))")
        }
        return attempt
    }
}
