import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Wraps a client's transport for one upload: it sends the body in `file` (an upload task when the
/// transport is an ``HTUploadTransport``, else a fresh body stream on each send, so that a request sent
/// again by an interceptor has its whole body again).
struct HTFileBodyTransport: HTTransport {
    let base: any HTTransport
    let body: HTFileBody

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        try await send(request, options: HTTransportOptions())
    }

    func send(_ request: URLRequest, options: HTTransportOptions) async throws -> HTTransportResponse {
        let request = try body.attach(to: request)
        if let uploader = base as? any HTUploadTransport {
            return try await uploader.upload(request, fromFile: body.file, options: options)
        }
        return try await base.send(request, options: options)
    }
}

/// Puts the multipart body of an upload on every request of the chain, first, so that interceptors
/// and mocks see the body that is sent (as a stream, with its type and length). An interceptor that
/// reads the stream uses it up for those after it; the transport always gets a fresh one.
struct HTFileBodyInterceptor: HTInterceptor {
    let body: HTFileBody

    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        try await next(body.attach(to: request))
    }
}

/// An upload's body in a file.
struct HTFileBody: Sendable {
    let file: URL
    let contentType: String
    let contentLength: Int64

    /// `request` with this body as a new stream, replacing the body the client encoded.
    func attach(to request: URLRequest) throws -> URLRequest {
        var request = request
        guard let stream = InputStream(url: file) else { throw URLError(.cannotOpenFile) }
        request.httpBody = nil
        request.httpBodyStream = stream
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(String(contentLength), forHTTPHeaderField: "Content-Length")
        return request
    }
}
