import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An interceptor made of two closures: one that changes the request before it is sent, one that
/// observes or replaces the response after.
///
/// ```swift
/// let stamp = HTBlockInterceptor(adapt: { request, _ in
///     request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-Id")
/// })
/// let unwrap = HTBlockInterceptor(process: { response, request, _ in
///     var response = response
///     if response.statusCode == 299 { response.statusCode = 200 }
///     return response
/// })
/// ```
public struct HTBlockInterceptor: HTInterceptor {
    /// Changes the request before it is sent.
    public typealias Adapt =
        @Sendable (_ request: inout URLRequest, _ context: HTInterceptorContext) async throws -> Void
    /// Observes or replaces the response; it also receives the request that was sent.
    public typealias Process =
        @Sendable (_ response: HTTransportResponse, _ request: URLRequest, _ context: HTInterceptorContext)
        async throws -> HTTransportResponse

    private let adapt: Adapt?
    private let process: Process?

    /// Creates an interceptor; either closure may be left out.
    public init(adapt: Adapt? = nil, process: Process? = nil) {
        self.adapt = adapt
        self.process = process
    }

    public func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        var request = request
        if let adapt { try await adapt(&request, context) }
        let response = try await next(request)
        guard let process else { return response }
        return try await process(response, request, context)
    }
}
