import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that can send a body streamed from a file (for ``HTClient/upload(_:form:)``).
///
/// ``HTURLSessionTransport`` conforms with `URLSession`'s upload tasks. Other transports still
/// work for uploads: the body is then given to their ``HTTransport/send(_:)`` as the request's
/// `httpBodyStream`.
public protocol HTUploadTransport: HTTransport {
    /// Sends `request` with the contents of `file` as its body, read from disk as it is sent. Throws for
    /// transport failures only; any HTTP status is a response.
    func upload(_ request: URLRequest, fromFile file: URL) async throws -> HTTransportResponse
}

extension HTURLSessionTransport: HTUploadTransport {
    /// Sends the file with an upload task, which reads it from disk as it goes.
    public func upload(_ request: URLRequest, fromFile file: URL) async throws -> HTTransportResponse {
        var request = request
        request.httpBody = nil
        request.httpBodyStream = nil
        let (data, response) = try await session.upload(for: request, fromFile: file)
        return try HTTransportResponse(response, body: data)
    }
}
