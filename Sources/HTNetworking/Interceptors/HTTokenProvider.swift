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
    /// The interceptor calls it once for any number of requests rejected at the same time.
    func refreshToken(rejected: String?) async throws -> String
}
