import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTURLSessionTransport: HTUploadTransport {
    /// Sends the file with an upload task, which reads it from disk as it goes. Cancelling the calling
    /// task cancels the upload, also before it started.
    public func upload(_ request: URLRequest, fromFile file: URL) async throws -> HTTransportResponse {
        var request = HTSessionTaskGate.timeoutAdjusted(request)
        request.httpBody = nil
        request.httpBodyStream = nil
        let gate = HTSessionTaskGate()
        let session = self.session
        let uploadRequest = request
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTransportResponse, any Error>) in
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
    }
}
