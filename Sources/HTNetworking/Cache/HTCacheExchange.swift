import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache's part in sending one request, as the client uses it: the request's policy, expiry,
/// version and the request part of its key, decided once when the client prepares the request; then,
/// for the URL request as it reaches the transport (after the interceptors, which may add
/// credentials), a lookup (``lookUp(_:ambient:isAsBuilt:)``) that keys it by whose it is
/// (``HTCacheScope``) and says whether to serve a stored response or what to send. ``HTCacheStep``
/// runs it in a send.
///
/// A request that carries credentials uses the cache only when it opts in
/// (``HTCacheSettings/allowsCredentials(for:)``); otherwise its lookup serves nothing and stores nothing.
/// Hits, misses, stores, evictions and failures are logged through the client's ``HTLogger`` under
/// ``HTLogComponent/cache`` (hits and misses at debug, I/O failures as warnings; URLs redacted).
package final class HTCacheExchange: Sendable {
    private let settings: HTCacheSettings
    private let policy: any HTCachePolicy
    /// The key's parts read from the request; with the URL the request built itself (before the
    /// interceptors), what the URL as sent is compared with (``HTCacheSentURL``).
    private let parts: HTCacheKeyParts
    private let builtURL: URL?
    /// The key of the URL request the request built, when nothing changed it after the builder made it
    /// (``HTCacheKeyParts/asBuilt``).
    private let asBuilt: HTCacheResolvedKey?
    private let expiry: TimeInterval?
    private let version: Int
    private let reads: Bool
    private let allowsCredentials: Bool
    private let logger: HTLogger

    /// The exchange of a request that uses the cache as `use` says, whose key parts are `parts`;
    /// `built` is the URL it built (after ``HTBaseRequest/customize(_:)``), and `asBuilt` the key of its
    /// URL request when nothing changed it after the builder made it.
    init(
        _ use: HTCacheUse, parts: HTCacheKeyParts, built: URL?, asBuilt: HTCacheResolvedKey?,
        configuration: borrowing HTClientConfiguration
    ) {
        let settings = configuration.cache
        self.settings = settings
        self.policy = use.policy
        self.parts = parts
        self.builtURL = built
        self.asBuilt = asBuilt
        self.expiry = use.ownExpiry ?? settings.defaultExpiry
        self.version = use.version
        self.reads = true
        self.allowsCredentials = settings.allowsCredentials(own: use.ownPolicy)
        self.logger = configuration.logger
    }

    /// The policy a request of type `R` whose own policy is `own` uses in `role`; `nil` when it uses none
    /// (``HTCachePolicyID/noCache`` when sent, or an identifier no policy is registered under, which is
    /// logged when sent). The manager calls (``HTCacheRole/manage``) judge a policy that never reads, or
    /// an unknown one, by the cache-first rules.
    static func policy<R: HTBaseRequest>(
        _ type: R.Type, own: HTCachePolicyID?, role: HTCacheRole, configuration: HTClientConfiguration
    ) -> (any HTCachePolicy)? {
        let settings = configuration.cache
        let id = settings.policyID(own: own)
        switch role {
        case .none:
            return nil
        case .manage:
            guard id != .noCache, id != .writeOnly, let policy = settings.cache.policy(for: id) else {
                return HTCacheFirstPolicy()
            }
            return policy
        case .send:
            guard id != .noCache else { return nil }
            guard let policy = settings.cache.policy(for: id) else {
                settings.cache.report(
                    HTCacheLogEvent(
                        level: .warning, kind: .unknownPolicy,
                        message: "no cache policy is registered under '\(id)' (\(R.self)); sent without the cache"),
                    to: configuration.logger)
                return nil
            }
            return policy
        }
    }

    private init(copying other: HTCacheExchange, reads: Bool) {
        (settings, policy, parts, builtURL, asBuilt) = (
            other.settings, other.policy, other.parts, other.builtURL, other.asBuilt
        )
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
    /// `isAsBuilt` says `urlRequest` is the URL request the request built, unchanged (no interceptor
    /// touched it): then the key worked out when it was built is used.
    ///
    /// A request that carries credentials and does not opt in (``HTCacheSettings/allowsCredentials(for:)``)
    /// gets an attempt that serves nothing and stores nothing.
    package func lookUp(_ urlRequest: URLRequest, ambient: [String: String] = [:], isAsBuilt: Bool = false)
        -> HTCacheAttempt
    {
        let resolved = resolvedKey(urlRequest, ambient: ambient, isAsBuilt: isAsBuilt)
        let key = resolved.key
        let usable = allowsCredentials || !resolved.credentialed
        var attempt = HTCacheAttempt(
            key: key, scope: resolved.scope, request: urlRequest, cache: settings.cache,
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
        let lookup = self.lookup(resolved)
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

    /// The key `urlRequest` is stored under (see ``lookUp(_:ambient:isAsBuilt:)``).
    func resolvedKey(_ urlRequest: URLRequest, ambient: [String: String] = [:], isAsBuilt: Bool = false)
        -> HTCacheResolvedKey
    {
        (isAsBuilt && ambient.isEmpty ? asBuilt : nil)
            ?? HTCacheResolvedKey(
                urlRequest, ambient: ambient, requestPart: parts.requestPart, built: builtURL,
                ownParameters: parts.ownParameters, userScope: parts.userScope, settings: settings)
    }

    /// The stored response the policy serves now for the request `resolved` keys (``resolvedKey(_:ambient:isAsBuilt:)``),
    /// as a lookup would find it, without logging, revalidating or preparing a store: what the manager
    /// calls read. `nil` for a request that carries credentials and does not opt in, as a send would
    /// never serve one.
    func servedResponse(_ resolved: HTCacheResolvedKey) -> HTCachedResponse? {
        guard allowsCredentials || !resolved.credentialed else { return nil }
        return policy.cachedResponse(for: lookup(resolved))
    }

    private func lookup(_ resolved: HTCacheResolvedKey) -> HTCacheLookup {
        HTCacheLookup(
            key: resolved.key, cache: settings.cache, expiry: expiry, version: version, request: resolved.request,
            logger: logger)
    }
}
