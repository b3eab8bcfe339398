import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with every request and, when the server answers 401, gets a
/// new token and sends the request again, once.
///
/// Requests rejected at the same time share one refresh (``HTTokenProvider/refreshToken(rejected:)``
/// is called once for all of them), and requests sent while it runs wait for it. If the retry is
/// rejected too, the request ends with the rejection (a 401 status error). If the refresh fails, every
/// request that waited for it ends with ``HTNetworkingError/Kind/refreshFailed(message:)`` and none is
/// sent again. The refresh request the provider sends through the same client gets no token. A token the
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
    let refresher: HTTokenRefresher

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
        // does a request whose document says it needs no bearer token (`security: []`, an API key), nor
        // the refresh request that the provider sends through this client.
        guard context.mayReceiveCredentials(request), context.mayNeedBearerToken, !refresher.isInsideRefresh else {
            return try await next(request)
        }
        do {
            let signed = try await refresher.token()
            let response = try await next(authorized(request, signed.token))
            guard rejectionStatusCodes.contains(response.statusCode) else { return response }
            let fresh = try await refresher.refresh(rejected: signed)
            context.logger.info(
                .network,
                "\(context.request.description(redactingWith: context.logger.redaction)): retrying with a refreshed token"
            )
            return try await next(authorized(request, fresh))
        } catch let failure as HTTokenRefresher.Failure {
            throw failure.networkingError(for: context.request)
        }
    }

    private func authorized(_ request: URLRequest, _ token: String?) -> URLRequest {
        var request = request
        if let token {
            request.setValue(scheme.isEmpty ? token : scheme + " " + token, forHTTPHeaderField: headerName)
        }
        return request
    }
}
