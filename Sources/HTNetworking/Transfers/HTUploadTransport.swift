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

    /// ``upload(_:fromFile:)`` with the client's `options`: a response body over
    /// ``HTTransportOptions/maximumResponseSize`` throws ``HTResponseTooLargeError``, redirects follow
    /// ``HTTransportOptions/redirectPolicy``. The default calls ``upload(_:fromFile:)`` and checks the
    /// size of what it returned.
    func upload(_ request: URLRequest, fromFile file: URL, options: HTTransportOptions) async throws
        -> HTTransportResponse
}

extension HTUploadTransport {
    public func upload(_ request: URLRequest, fromFile file: URL, options: HTTransportOptions) async throws
        -> HTTransportResponse
    {
        let response = try await upload(request, fromFile: file)
        try options.checkSize(of: response.body)
        return response
    }
}
