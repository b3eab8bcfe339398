import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a download goes, chosen as the client chooses for requests: the client's interceptors and the
/// request's, in order, around the mocks (when the client's mock mode is on) and the transport (the one
/// registered for the request's type, or the client's).
///
/// The end of the chain streams the body into the file with an ``HTDownloadTransport``; a response
/// that carries its body in memory instead (a mock, a transport without download support, an
/// interceptor answering by itself) has that body written to the file once the chain returns.
struct HTDownloadRoute: Sendable {
    var transport: any HTTransport
    var interceptors: [any HTInterceptor]
    var context: HTInterceptorContext
    var mockMode: HTMockMode
    /// The request's own mock.
    var ownMock: HTMockResponse?
    /// The client's mock transport.
    var clientMock: HTMockTransport?
    /// What the transport is asked for: the client's redirect policy (downloads have no size limit).
    var options = HTTransportOptions(maximumResponseSize: nil)
    /// Takes from a request what it must not carry to its origin (``HTCredentialOrigins``), at the end
    /// of the chain; `nil` for a URL request sent as it is.
    var guardOrigin: (@Sendable (URLRequest) -> URLRequest)?

    /// A route straight to `transport`: no interceptors, no mocks.
    init(transport: any HTTransport, description: HTRequestDescription, options: HTTransportOptions) {
        self.transport = transport
        self.options = options
        self.interceptors = []
        self.context = HTInterceptorContext(request: description)
        self.mockMode = .off
    }

    init(
        transport: any HTTransport, interceptors: [any HTInterceptor], context: HTInterceptorContext,
        mockMode: HTMockMode,
        ownMock: HTMockResponse?, clientMock: HTMockTransport?, options: HTTransportOptions
    ) {
        self.options = options
        self.transport = transport
        self.interceptors = interceptors
        self.context = context
        self.mockMode = mockMode
        self.ownMock = ownMock
        self.clientMock = clientMock
    }

    /// Sends `request` and leaves the body in `file`.
    ///
    /// - Returns: the response with an empty `body`.
    func send(
        _ request: URLRequest, to file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        let end: HTInterceptorNext = { request in try await terminal(request, file: file, progress: progress) }
        var next = end
        for interceptor in interceptors.reversed() {
            let inner = next
            let context = self.context
            next = { request in try await interceptor.intercept(request, context: context, next: inner) }
        }
        var response = try await next(request)
        if !response.body.isEmpty {
            try response.body.write(to: file)
            let count = Int64(response.body.count)
            progress(HTTransferProgress(completedBytes: count, expectedBytes: count))
            response.body = Data()
        }
        return response
    }

    /// The end of the chain: a mock when mocking is on and one answers, else the transport.
    private func terminal(
        _ request: URLRequest, file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        let request = guardOrigin?(request) ?? request
        if mockMode != .off {
            let mocks = clientMock ?? HTMockTransport()
            if let ownMock, let answer = try await HTMockTransport(handler: { _ in ownMock }).answer(for: request) {
                return answer
            }
            if let answer = try await mocks.answer(for: request) { return answer }
            if mockMode == .always { return mocks.notFound(for: request) }
        }
        if let downloader = transport as? any HTDownloadTransport {
            return try await downloader.download(request, to: file, options: options, progress: progress)
        }
        return try await transport.send(request)
    }
}
