import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of the session an ``HTURLSessionTransport`` makes for itself: every task of that
/// session (requests, downloads, uploads) is registered here with its own ``HTSessionTaskHandler``,
/// and each delegate call is handed to the handler of its task. Requests collect their body under the
/// size limit (``HTDataTaskHandler``), downloads write theirs to a file (``HTDownloadTaskHandler``);
/// both decide redirects by their ``HTTransportOptions/redirectPolicy``.
///
/// It does not implement `urlSession(_:dataTask:didReceive:completionHandler:)` (to refuse a
/// `Content-Length` over the limit before the body): FoundationNetworking holds the transfer until that
/// handler is called back from the delegate queue, which cost about 100 µs per request on Linux.
///
/// Sendable: its only stored property is an ``HTLocked`` table, read and written under its lock; the
/// handler found there is called after the lock is released.
final class HTURLSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = HTLocked<[Int: any HTSessionTaskHandler]>([:])

    /// Runs `task` (made by this delegate's session, not yet resumed) and returns what its handler
    /// reports. The handler, made with the continuation it resumes, is registered before the task can
    /// complete (even by a cancellation). Cancelling the calling task cancels the session task, also
    /// before it started, and tells the handler at once (``HTSessionTaskHandler/abandon(_:)``): a
    /// request's caller hears `URLError.cancelled` without waiting for the session to report the end
    /// on its delegate queue, which may be held up (see ``HTBoundedDelegateQueue``).
    func perform<Value: Sendable>(
        _ task: URLSessionTask, handler make: (CheckedContinuation<Value, any Error>) -> any HTSessionTaskHandler
    ) async throws -> Value {
        let gate = HTSessionTaskGate()
        let registered = HTLocked<(any HTSessionTaskHandler)?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let handler = make(continuation)
                handlers.withLock { $0[task.taskIdentifier] = handler }
                registered.withLock { $0 = handler }
                gate.start(task)
            }
        } onCancel: {
            gate.cancel()
            registered.withLock { $0 }?.abandon(URLError(.cancelled))
        }
    }

    /// How many tasks are registered and not yet completed.
    var activeTaskCount: Int { handlers.withLock { $0.count } }

    private func handler(for task: URLSessionTask) -> (any HTSessionTaskHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.received(data, on: dataTask)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let handler = handler(for: task) else { return completionHandler(request) }
        completionHandler(handler.redirect(request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let handler = handlers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        handler.completed(task, error: error)
    }
}
