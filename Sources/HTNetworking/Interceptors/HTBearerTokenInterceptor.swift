import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with every request and, when the server answers 401, gets a
/// new token and sends the request again, once.
///
/// Requests rejected at the same time share one refresh (``HTTokenProvider/refreshToken(rejected:)``
/// is called once for all of them). If the retry is rejected too, or the refresh fails, the request
/// ends with the rejection (a 401 status error; a failed refresh is logged as an error). A token the
/// request already carries in its own headers is replaced. A generated request whose document says it
/// needs no bearer token (its ``HTInterceptorContext/securityRequirements`` have no bearer scheme) goes
/// without it.
///
/// ```swift
/// let configuration = HTClientConfiguration(
///     baseURL: api, interceptors: [HTBearerTokenInterceptor(provider: session)])
/// ```
public struct HTBearerTokenInterceptor: HTInterceptor {
    /// The header the token goes in.
    package let headerName: String
    /// The word before the token (`Bearer`); empty to send the bare token.
    package let scheme: String
    /// The statuses that mean "the token was rejected" (401 by default).
    package let rejectionStatusCodes: Set<Int>
    private let refresher: HTTokenRefresher

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - provider: gives the current token and refreshes a rejected one.
    ///   - headerName: the header the token goes in.
    ///   - scheme: the word before the token; empty to send the bare token.
    ///   - rejectionStatusCodes: the statuses that mean "the token was rejected".
    public init(
        provider: any HTTokenProvider, headerName: String = "Authorization", scheme: String = "Bearer",
        rejectionStatusCodes: Set<Int> = [401]
    ) {
        self.headerName = headerName
        self.scheme = scheme
        self.rejectionStatusCodes = rejectionStatusCodes
        self.refresher = HTTokenRefresher(provider: provider)
    }

    public func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        // Another origin never gets the token (the client would remove it anyway), nor refreshes it; nor
        // does a request whose document says it needs no bearer token (`security: []`, an API key).
        guard context.mayReceiveCredentials(request), context.mayNeedBearerToken else { return try await next(request) }
        let token = try await refresher.token()
        let response = try await next(authorized(request, token))
        guard rejectionStatusCodes.contains(response.statusCode) else { return response }
        let fresh: String
        do {
            fresh = try await refresher.refresh(rejected: token)
        } catch {
            if error is CancellationError || Task.isCancelled { throw error }
            context.logger.error(.network, Self.refreshFailure(error, request: context.request, logger: context.logger))
            return response
        }
        context.logger.info(
            .network,
            "\(context.request.description(redactingWith: context.logger.redaction)): retrying with a refreshed token")
        return try await next(authorized(request, fresh))
    }

    /// The error line for a failed refresh: the request and the error, both redacted with the logger's
    /// rules (a refresh error may carry the token endpoint's URL or response).
    private static func refreshFailure(_ error: any Error, request: HTRequestDescription, logger: HTLogger) -> String {
        let redaction = logger.redaction
        let failure = redaction.redactedDescription(of: error)
        return "\(request.description(redactingWith: redaction)): the token refresh failed: \(failure)"
    }

    private func authorized(_ request: URLRequest, _ token: String?) -> URLRequest {
        var request = request
        if let token {
            request.setValue(scheme.isEmpty ? token : scheme + " " + token, forHTTPHeaderField: headerName)
        }
        return request
    }
}
