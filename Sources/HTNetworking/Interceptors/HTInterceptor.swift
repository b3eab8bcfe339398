import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step around sending a request: it may change the request, send it (through the rest of the chain)
/// once, several times or not at all, and observe or replace the response.
///
/// A client's interceptors (``HTClientConfiguration/interceptors``) run first, in order, then the
/// request's own (``HTBaseRequest/interceptors``); the last one's `next` is the transport (or the mock).
/// Interceptors see every response, whatever its status; the status check, the result validator and
/// the mapping happen after the chain.
///
/// ```swift
/// struct SignatureInterceptor: HTInterceptor {
///     func intercept(_ request: URLRequest, context: HTInterceptorContext,
///                    next: HTInterceptorNext) async throws -> HTTransportResponse {
///         var signed = request
///         signed.setValue(sign(request), forHTTPHeaderField: "X-Signature")
///         let response = try await next(signed)
///         context.logger.debug(.network, "signed \(context.request) → \(response.statusCode)")
///         return response
///     }
/// }
/// ```
///
/// Errors an interceptor throws end the request: an ``HTNetworkingError`` as it is, a `URLError` as a
/// transport error, anything else as a transport error with its description.
public protocol HTInterceptor: Sendable {
    /// Sends `request` through `next` (or answers it without sending) and returns the response.
    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
}

/// The rest of an interceptor chain: call it to send a request.
public typealias HTInterceptorNext = @Sendable (URLRequest) async throws -> HTTransportResponse

/// What an interceptor knows about the request beyond its `URLRequest`.
public struct HTInterceptorContext: Sendable {
    /// The request's method, URL and type, for logs and errors.
    public var request: HTRequestDescription
    /// The request's transport type, when it names one.
    public var requestType: HTRequestType?
    /// The client's logger.
    public var logger: HTLogger
    /// The request's security requirements (``HTBaseRequest/securityRequirements``; `nil`: it does not
    /// say).
    public var securityRequirements: [HTSecurityRequirement]?
    /// Where the client's credentials may go (`nil`: anywhere, for a context made outside a client).
    let credentialOrigins: HTCredentialOrigins?

    /// Creates a context.
    public init(request: HTRequestDescription, requestType: HTRequestType? = nil, logger: HTLogger = .shared) {
        self.init(request: request, requestType: requestType, logger: logger, credentialOrigins: nil)
    }

    init(
        request: HTRequestDescription, requestType: HTRequestType?, logger: HTLogger,
        credentialOrigins: HTCredentialOrigins?, securityRequirements: [HTSecurityRequirement]? = nil
    ) {
        self.request = request
        self.requestType = requestType
        self.logger = logger
        self.credentialOrigins = credentialOrigins
        self.securityRequirements = securityRequirements
    }

    /// Whether the request may need a bearer token: it does not say, or one of its requirements has a
    /// bearer scheme (HTTP bearer, OAuth 2, OpenID Connect).
    package var mayNeedBearerToken: Bool {
        guard let securityRequirements else { return true }
        return securityRequirements.contains { $0.schemes.contains { $0.kind == .bearer } }
    }

    /// Whether `request` goes to an origin that may receive the client's credentials: its base URL's or
    /// one of ``HTClientConfiguration/credentialOrigins``. For any other, the client removes the
    /// credentials an interceptor adds before the transport sees the request; an interceptor that adds
    /// credentials checks this first (``HTBearerTokenInterceptor`` does, and then neither fetches nor
    /// refreshes its token).
    public func mayReceiveCredentials(_ request: URLRequest) -> Bool {
        credentialOrigins?.permits(request.url) ?? true
    }
}

/// Builds the closure that runs interceptors in order around the transport.
enum HTInterceptorChain {
    /// Runs `interceptors` in order around `terminal`.
    static func build(
        _ interceptors: [any HTInterceptor], context: HTInterceptorContext, terminal: @escaping HTInterceptorNext
    ) -> HTInterceptorNext {
        var next = terminal
        for interceptor in interceptors.reversed() {
            let inner = next
            next = { request in try await interceptor.intercept(request, context: context, next: inner) }
        }
        return next
    }
}
