import Foundation

/// Which response headers an entry keeps: never one that belongs to the connection or hands out a
/// credential, so the cache neither writes them to disk nor replays them to another request.
///
/// Dropped:
/// - `Set-Cookie`, `Set-Cookie2` and every credential header (``HTCredentialHeaders``: names containing
///   `token`, `session`, `secret`, ..., such as `X-Auth-Token` or `X-Session-Id`), and
///   `Authentication-Info` / `Proxy-Authentication-Info`: they belong to the client that got them;
/// - the hop-by-hop headers (`Connection`, `Keep-Alive`, `Proxy-Connection`, `Proxy-Authenticate`,
///   `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`) and those `Connection` names.
///
/// A response that hands out a credential (``setsCredentials(_:)``) to a request without credentials
/// or a user scope is not stored at all (``HTCacheAttempt/store(_:fromCache:)``): its body may belong to
/// the session it starts.
enum HTCacheStoredHeaders {
    private static let perConnection: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "te", "trailer", "transfer-encoding",
        "upgrade",
    ]
    private static let credentialGrants: Set<String> = [
        "set-cookie", "set-cookie2", "authentication-info", "proxy-authentication-info",
    ]

    /// `headers` without the ones an entry never keeps.
    static func kept(_ headers: [String: String]) -> [String: String] {
        let connection = connectionNames(headers)
        guard headers.keys.contains(where: { isDropped($0, connection) }) else { return headers }
        return headers.filter { !isDropped($0.key, connection) }
    }

    /// Whether `headers` hand out a credential (`Set-Cookie`, a credential header, ...).
    static func setsCredentials(_ headers: [String: String]) -> Bool {
        headers.keys.contains { isCredentialGrant($0) }
    }

    private static func isCredentialGrant(_ name: String) -> Bool {
        credentialGrants.contains(name.lowercased()) || HTCredentialHeaders.contains(name)
    }

    private static func isDropped(_ name: String, _ connection: Set<String>) -> Bool {
        let lower = name.lowercased()
        return perConnection.contains(lower) || connection.contains(lower) || isCredentialGrant(name)
    }

    /// The header names a `Connection` header lists (lower-cased).
    private static func connectionNames(_ headers: [String: String]) -> Set<String> {
        var names: Set<String> = []
        for (name, value) in headers where name.lowercased() == "connection" {
            for part in value.split(separator: ",") {
                names.insert(part.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return names
    }
}
