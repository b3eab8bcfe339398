import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTURLSessionTransport: HTDownloadTransport {
    /// Streams the body to `file` through a data task of a session made for this download (with this
    /// transport's session configuration), so chunks are written as they arrive. Cancelling the calling
    /// task cancels the download, also before it started.
    public func download(
        _ request: URLRequest, to file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void
    ) async throws -> HTTransportResponse {
        try Task.checkCancellation()
        let delegate = HTURLSessionDownloadDelegate(file: file, progress: progress)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let downloadSession = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: queue)
        // The session keeps its delegate until it is invalidated; this lets it go once the task ends.
        defer { downloadSession.finishTasksAndInvalidate() }
        let task = downloadSession.dataTask(with: HTSessionTaskGate.timeoutAdjusted(request))
        let gate = HTSessionTaskGate()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The delegate holds the continuation before the task can complete, even by cancellation.
                delegate.expect(continuation)
                gate.start(task)
            }
        } onCancel: {
            gate.cancel()
        }
    }
}
