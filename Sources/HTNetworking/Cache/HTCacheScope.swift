import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whose a cache entry is: the last part of every ``HTCacheKey``, so that one user's response is never
/// served to another.
///
/// It is decided from the request as it reaches the transport (after every interceptor, so a token an
/// interceptor adds counts) and from the credentials the transport adds on its own (cookies from the
/// session's cookie storage, ``HTTransport/ambientCredentials(for:)``):
/// - a user scope (``HTCacheableRequest/cacheUserScope``, else ``HTCacheSettings/userScope``) gives
///   `user <scope>`: the app names the user, and the entry survives a token refresh;
/// - otherwise, credential headers and credential query parameters (the log redaction's secret names,
///   such as `access_token` or `api_key`, that are not the request's own parameters)
///   give `credentials <SHA-256 of their names and values>`: the entry belongs to exactly those
///   credentials (a new token starts with an empty cache);
/// - otherwise `none`: a public entry, shared by every request without credentials.
package struct HTCacheScope: Sendable, Hashable {
    /// The scope's text in the key: `none`, `user <scope>` or `credentials <64 hex digits>`.
    package let text: String
    /// Whether the scope names a user or credentials (a `private` response may be kept only then).
    package var isPersonal: Bool { text != Self.none.text }

    /// The scope of requests without credentials.
    package static let none = HTCacheScope(text: "none")

    private init(text: String) {
        self.text = text
    }

    /// The scope named by the app.
    package static func user(_ scope: String) -> HTCacheScope {
        HTCacheScope(text: "user " + scope)
    }

    /// The scope of `headers` (any case): a digest of the credential ones among them, or ``none``.
    ///
    /// - Parameters:
    ///   - headers: the request's header fields.
    ///   - extra: further credential header names, as in ``HTCacheSettings/credentialHeaders``.
    package static func credentials(in headers: [String: String], extra: Set<String> = []) -> HTCacheScope {
        credentials(in: headers, query: [], extra: extra)
    }

    /// The scope of credential `headers` and credential query parameters (`query`, as `name=value`
    /// exactly as sent).
    ///
    /// The digest is of the exact bytes: each credential is written with its length in front (so no
    /// value, whatever it holds, reads as two credentials, or as a header), the credentials are sorted by
    /// their bytes, and texts that Swift calls equal (two Unicode normalizations of one token) are
    /// different credentials.
    static func credentials(in headers: [String: String], query: [String], extra: Set<String>) -> HTCacheScope {
        var lines: [String] = query.map { "?" + $0 }
        for (name, value) in headers where isCredentialHeader(name, extra: extra) {
            lines.append(name.lowercased() + ":" + value)
        }
        guard !lines.isEmpty else { return .none }
        var hashed: [UInt8] = []
        for line in lines.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            hashed.append(contentsOf: String(line.utf8.count).utf8)
            hashed.append(UInt8(ascii: ":"))
            hashed.append(contentsOf: line.utf8)
        }
        return HTCacheScope(text: "credentials " + HTCredentialDigests.sha256Hex(of: hashed))
    }

    /// The scope of `urlRequest` as it is about to be sent: the user scope when there is one, else the
    /// credentials in its headers, in its query (credential parameters other than `ownParameters`, the
    /// names of the request's own parameters) and in `ambient` (what the transport adds, such as stored
    /// cookies).
    package static func of(
        _ urlRequest: URLRequest, userScope: String?, ambient: [String: String] = [:], settings: HTCacheSettings,
        ownParameters: Set<String> = []
    ) -> HTCacheScope {
        if let userScope { return .user(userScope) }
        let sent = HTCacheSentURL(sent: urlRequest.url, built: nil, ownParameters: ownParameters)
        return of(urlRequest, sent: sent, ambient: ambient, settings: settings)
    }

    /// The credentials scope of `urlRequest` whose URL was compared with the built one (`sent`).
    static func of(
        _ urlRequest: URLRequest, sent: HTCacheSentURL, ambient: [String: String], settings: HTCacheSettings
    ) -> HTCacheScope {
        var headers = urlRequest.allHTTPHeaderFields ?? [:]
        for (name, value) in ambient where headers[name] == nil { headers[name] = value }
        return credentials(in: headers, query: sent.credentials, extra: settings.credentialHeaders)
    }

    /// Whether `urlRequest` as it is about to be sent carries credentials: a credential header of its
    /// own or in `ambient` (what the transport adds), or a credential query parameter other than
    /// `ownParameters`, whatever the user scope.
    package static func carriesCredentials(
        _ urlRequest: URLRequest, ambient: [String: String] = [:], settings: HTCacheSettings,
        ownParameters: Set<String> = []
    ) -> Bool {
        if !HTCacheSentURL(sent: urlRequest.url, built: nil, ownParameters: ownParameters).credentials.isEmpty {
            return true
        }
        let extra = settings.credentialHeaders
        if let headers = urlRequest.allHTTPHeaderFields,
            headers.keys.contains(where: { isCredentialHeader($0, extra: extra) })
        {
            return true
        }
        return ambient.keys.contains { isCredentialHeader($0, extra: extra) }
    }

    /// Whether a header named `name` carries credentials (``HTCredentialHeaders``), with `extra`
    /// names (``HTCacheSettings/credentialHeaders``).
    package static func isCredentialHeader(_ name: String, extra: Set<String> = []) -> Bool {
        HTCredentialHeaders.contains(name, extra: extra)
    }
}
