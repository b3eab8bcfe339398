import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTURLSessionTransport: HTUploadTransport {
    /// Uploads with default options (no size limit, redirects without credentials to another origin);
    /// see ``upload(_:fromFile:options:)``.
    public func upload(_ request: URLRequest, fromFile file: URL) async throws -> HTTransportResponse {
        try await upload(request, fromFile: file, options: HTTransportOptions())
    }

    /// Sends the file with an upload task of this transport's session, which reads it from disk as it
    /// goes. With the session it made, the response body is collected under
    /// `options.maximumResponseSize` and redirects follow `options.redirectPolicy`, as for requests;
    /// with the app's session, its delegate decides and the size is checked once the body arrived.
    /// Cancelling the calling task cancels the upload, also before it started.
    public func upload(_ request: URLRequest, fromFile file: URL, options: HTTransportOptions) async throws
        -> HTTransportResponse
    {
        try Task.checkCancellation()
        var request = HTSessionTaskGate.timeoutAdjusted(request)
        request.httpBody = nil
        request.httpBodyStream = nil
        if let sessionDelegate {
            let task = session.uploadTask(with: request, fromFile: file)
            let original = request.url
            let (body, response) = try await sessionDelegate.perform(task) { continuation in
                HTDataTaskHandler(original: original, options: options, continuation: continuation)
            }
            return try HTTransportResponse(response, body: body)
        }
        let gate = HTSessionTaskGate()
        let session = self.session
        let uploadRequest = request
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTransportResponse, any Error>) in
                let task = session.uploadTask(with: uploadRequest, fromFile: file) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(with: Result { try HTTransportResponse(response, body: data ?? Data()) })
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                gate.start(task)
            }
        } onCancel: {
            gate.cancel()
        }
        try options.checkSize(of: response.body)
        return response
    }
}
