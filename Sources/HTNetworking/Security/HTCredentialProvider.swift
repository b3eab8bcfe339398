/// Where the client gets the credential of one security scheme (``HTClientConfiguration/credentials``):
/// a token or key that never changes, one read anew for each request, or an ``HTTokenProvider`` whose
/// token is refreshed once when the server answers 401.
///
/// ```swift
/// configuration.credentials = [
///     "bearerAuth": .token(session),            // refreshed on 401, one refresh for all waiting requests
///     "apiKey": .value(secrets.apiKey),
///     "basic": .basic(username: "ann", password: password),
/// ]
/// ```
public struct HTCredentialProvider: Sendable {
    enum Source: Sendable {
        case value(String)
        case read(@Sendable () async throws -> String?)
        case token(HTTokenRefresher)
    }

    let source: Source

    /// A credential that never changes: a bearer token, an API key, or `user:password` for a basic scheme.
    public static func value(_ value: String) -> HTCredentialProvider {
        HTCredentialProvider(source: .value(value))
    }

    /// `user:password` for an HTTP basic scheme.
    public static func basic(username: String, password: String) -> HTCredentialProvider {
        .value(username + ":" + password)
    }

    /// A credential read for each request (`nil`: none now; the request goes without it).
    public static func read(_ read: @escaping @Sendable () async throws -> String?) -> HTCredentialProvider {
        HTCredentialProvider(source: .read(read))
    }

    /// A token from `provider`. When the server answers 401 to a request that carried it, one refresh
    /// (``HTTokenProvider/refreshToken(rejected:)``) is shared by every request rejected with the same
    /// token, and the request is sent once more with the new one.
    public static func token(_ provider: any HTTokenProvider) -> HTCredentialProvider {
        HTCredentialProvider(source: .token(HTTokenRefresher(provider: provider)))
    }

    /// The credential to send now.
    /// The credential to send now, and the refresh it came after (for a `.token` provider).
    func current() async throws -> HTTokenRefresher.Signed {
        switch source {
        case .value(let value): return HTTokenRefresher.Signed(token: value, epoch: 0)
        case .read(let read): return HTTokenRefresher.Signed(token: try await read(), epoch: 0)
        case .token(let refresher): return try await refresher.token()
        }
    }

    /// A new credential after `rejected` was refused: a `.token` provider's refresh; `nil` for the others.
    func refreshed(rejecting rejected: HTTokenRefresher.Signed) async throws -> String? {
        guard case .token(let refresher) = source else { return nil }
        return try await refresher.refresh(rejected: rejected)
    }

    /// The refresher of a `.token` provider.
    var refresher: HTTokenRefresher? {
        guard case .token(let refresher) = source else { return nil }
        return refresher
    }

    /// Whether the current task is this provider's own refresh (the refresh request, sent through the
    /// client): it gets no credential from this provider.
    var isInsideRefresh: Bool {
        guard case .token(let refresher) = source else { return false }
        return refresher.isInsideRefresh
    }
}
