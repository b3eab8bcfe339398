import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wraps a client's transport for one upload: every request it sends gets the body in `file` (with
/// its content type and length) in place of the body the client encoded.
struct HTFileBodyTransport: HTTransport {
    let base: any HTTransport
    let file: URL
    let contentType: String
    let contentLength: Int64

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        var request = request
        request.httpBody = nil
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(String(contentLength), forHTTPHeaderField: "Content-Length")
        if let uploader = base as? any HTUploadTransport {
            return try await uploader.upload(request, fromFile: file)
        }
        guard let stream = InputStream(url: file) else { throw URLError(.cannotOpenFile) }
        request.httpBodyStream = stream
        return try await base.send(request)
    }
}
