/// Where ``HTBearerTokenInterceptor`` gets access tokens: the app's token store.
///
/// ```swift
/// actor Session: HTTokenProvider {
///     var accessToken: String?
///     var refreshToken: String
///     func currentToken() async throws -> String? { accessToken }
///     func refreshToken(rejected: String?) async throws -> String {
///         let tokens = try await authClient.send(RefreshRequest(refreshToken: refreshToken))
///         accessToken = tokens.accessToken
///         return tokens.accessToken
///     }
/// }
/// ```
public protocol HTTokenProvider: Sendable {
    /// The token to send now, or `nil` to send the request without one.
    func currentToken() async throws -> String?

    /// Gets a new token after the server rejected `rejected` (the token that was sent, or `nil`) and
    /// stores it so that ``currentToken()`` returns it from now on.
    ///
    /// The client calls it once for any number of requests rejected at the same time, and never for a
    /// request sent from inside it: the refresh request may go through the same client (it gets no access
    /// token, and a 401 to it is its answer).
    func refreshToken(rejected: String?) async throws -> String

    /// Whether `token` is known to have expired (its `exp` claim has passed, say): the client then
    /// refreshes it before sending, once for every request that needs it. The default says `false`: a
    /// token is refreshed when the server rejects it.
    func isExpired(_ token: String) -> Bool

    /// Called once when a refresh fails (not when it is cancelled), before the requests that waited for
    /// it fail with ``HTNetworkingError/Kind/refreshFailed(message:)``: where the app signs the user out
    /// (clears their tokens and shows a sign-in screen). The default does nothing.
    func refreshFailed(_ error: any Error) async

    /// Forgets the tokens: ``HTClient/logOut(user:frozenRequests:)`` calls it. The default does nothing
    /// (the app clears its store itself).
    func signOut() async
}

/// The defaults: no token is known to be expired, and a failed refresh and a sign-out do nothing.
extension HTTokenProvider {
    public func isExpired(_ token: String) -> Bool { false }
    public func refreshFailed(_ error: any Error) async {}
    public func signOut() async {}
}
