import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The key of one URL request as it reaches the transport (after the interceptors), with what decided
/// it: whose entry it is (``HTCacheScope``), whether the request carries credentials, and the request
/// facts a stored response's `Vary` is matched against. A class: the key of a request as built is
/// worked out once and shared by its sends (``HTCacheKeyParts/asBuilt``).
final class HTCacheResolvedKey: Sendable {
    let key: HTCacheKey
    let scope: HTCacheScope
    /// Whether the request carries credentials (in its headers, its query or the transport's ambient ones).
    let credentialed: Bool
    /// The method, URL and headers, for `Vary`.
    let request: HTCacheRequest

    /// The key of `urlRequest` sent with the transport's `ambient` credentials, for a request whose key
    /// lines before `sent:` are `requestPart`, which built the URL `built` (before the interceptors) from
    /// its own parameters `ownParameters`, in the user scope `userScope` (else keyed by credentials).
    init(
        _ urlRequest: URLRequest, ambient: [String: String], requestPart: String, built: URL?,
        ownParameters: Set<String>, userScope: String?, settings: HTCacheSettings
    ) {
        let sent = HTCacheSentURL(sent: urlRequest.url, built: built, ownParameters: ownParameters)
        let scope =
            userScope.map(HTCacheScope.user)
            ?? HTCacheScope.of(urlRequest, sent: sent, ambient: ambient, settings: settings)
        self.key = HTCacheKey(canonical: HTCacheKey.text(requestPart: requestPart, sent: sent.keyLine, scope: scope))
        self.scope = scope
        self.credentialed =
            userScope == nil
            ? scope.isPersonal
            : HTCacheScope.carriesCredentials(
                urlRequest, ambient: ambient, settings: settings, ownParameters: ownParameters)
        self.request = HTCacheRequest(urlRequest)
    }
}
