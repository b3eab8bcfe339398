import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTURLSessionTransport: HTDownloadTransport {
    /// Downloads with default options (redirects without credentials to another origin); see
    /// ``download(_:to:options:progress:)``.
    public func download(
        _ request: URLRequest, to file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        try await download(request, to: file, options: HTTransportOptions(), progress: progress)
    }

    /// Downloads through this transport's session, like every request it sends.
    ///
    /// With the session it made, the download is a data task of that session whose body is written to
    /// `file` chunk by chunk as it arrives, with progress, and whose redirects follow
    /// `options.redirectPolicy`. With the app's session (``init(session:)``), it is a download task of
    /// that session: its delegate sees it (authentication challenges, certificate checks),
    /// URLSession writes the body to a file of its own, which is moved to `file` once complete; progress
    /// is reported once, then. Cancelling the calling task cancels the download, also before it started.
    public func download(
        _ request: URLRequest, to file: URL, options: HTTransportOptions,
        progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        try Task.checkCancellation()
        let request = HTSessionTaskGate.timeoutAdjusted(request)
        guard let sessionDelegate else {
            return try await downloadThroughAppSession(request, to: file, progress: progress)
        }
        let task = session.dataTask(with: request)
        return try await sessionDelegate.perform(task) { continuation in
            HTDownloadTaskHandler(
                file: file, original: request.url, options: options, progress: progress, continuation: continuation)
        }
    }

    /// A download task of the app's session; its file is moved to `file` in the completion handler
    /// (URLSession removes it when the handler returns).
    private func downloadThroughAppSession(
        _ request: URLRequest, to file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        let gate = HTSessionTaskGate()
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTransportResponse, any Error>) in
                let task = session.downloadTask(with: request) { location, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    guard let location, let response else {
                        return continuation.resume(throwing: URLError(.badServerResponse))
                    }
                    continuation.resume(
                        with: Result {
                            try? FileManager.default.removeItem(at: file)
                            try FileManager.default.moveItem(at: location, to: file)
                            let size = try HTMultipartFormData.fileSize(file)
                            progress(HTTransferProgress(completedBytes: size, expectedBytes: size))
                            return try HTTransportResponse(response, body: Data())
                        })
                }
                gate.start(task)
            }
        } onCancel: {
            gate.cancel()
        }
    }
}
