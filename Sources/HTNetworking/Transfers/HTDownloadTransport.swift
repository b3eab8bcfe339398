import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that can stream a response body into a file (for ``HTClient/download(_:to:progress:)-(R,_,_)``).
///
/// ``HTURLSessionTransport`` conforms, writing each chunk as it arrives. Other transports still work
/// for downloads: their ``HTTransport/send(_:)`` response body (held in memory, fine for mocks) is
/// written to the file.
public protocol HTDownloadTransport: HTTransport {
    /// Sends `request` and writes the response body to `file` (created, or emptied if it exists) as it
    /// arrives, calling `progress` as bytes are written.
    ///
    /// - Returns: the response with an empty `body` (the body is in `file`).
    /// - Throws: transport failures only, including a body that ends before its `Content-Length`; any
    ///   HTTP status is a response. The caller removes `file` after a failure.
    func download(
        _ request: URLRequest, to file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse

    /// ``download(_:to:progress:)`` with the client's `options`: redirects follow
    /// ``HTTransportOptions/redirectPolicy`` (downloads to a file have no size limit). The default
    /// ignores `options` and calls ``download(_:to:progress:)``.
    func download(
        _ request: URLRequest, to file: URL, options: HTTransportOptions,
        progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse
}

extension HTDownloadTransport {
    public func download(
        _ request: URLRequest, to file: URL, options: HTTransportOptions,
        progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        try await download(request, to: file, progress: progress)
    }
}
