import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of the session an ``HTURLSessionTransport`` makes for itself: it collects each data
/// task's body, ends a task whose body passes the request's ``HTTransportOptions/maximumResponseSize``
/// at the chunk that passes it (the caller hears at once, the task is cancelled, and what still arrives
/// for it is dropped), and decides redirects by the request's ``HTTransportOptions/redirectPolicy``.
///
/// It does not implement `urlSession(_:dataTask:didReceive:completionHandler:)` (to refuse a
/// `Content-Length` over the limit before the body): FoundationNetworking holds the transfer until that
/// handler is called back from the delegate queue, which cost about 100 µs per request on Linux.
///
/// `@unchecked Sendable`, safety: `exchanges` is only read and written while holding `lock`; the
/// continuations it holds are resumed exactly once, after their exchange has been removed under the
/// lock; calls into URLSession (`cancel()`, completion handlers) are made after the lock is released.
final class HTURLSessionDataDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What one task has received so far.
    private struct Exchange {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var options: HTTransportOptions
        var original: URL?
        var data = Data()
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    /// Registers `task`, made for a request to `original`, before it starts: its result resumes
    /// `continuation`.
    func expect(
        _ task: URLSessionTask, original: URL?, options: HTTransportOptions,
        continuation: CheckedContinuation<(Data, URLResponse), any Error>
    ) {
        let id = task.taskIdentifier
        lock.withLock {
            exchanges[id] = Exchange(continuation: continuation, options: options, original: original)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let refused = lock.withLock { () -> Exchange? in
            // Read through the dictionary and append in place: a local copy of the exchange would share
            // the body's buffer and make every append copy the whole body.
            guard let received = exchanges[id]?.data.count else { return nil }
            if let limit = exchanges[id]?.options.maximumResponseSize, received + data.count > limit {
                return exchanges.removeValue(forKey: id)
            }
            exchanges[id]?.data.append(data)
            return nil
        }
        guard let refused else { return }
        // The caller hears at once; what the session still delivers for the task is dropped (no exchange).
        dataTask.cancel()
        Self.fail(refused)
    }

    /// Ends an exchange whose body passed its limit.
    private static func fail(_ exchange: Exchange) {
        exchange.continuation.resume(throwing: HTResponseTooLargeError(limit: exchange.options.maximumResponseSize ?? 0))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let decision = lock.withLock { () -> (HTRedirectPolicy, URL?)? in
            exchanges[task.taskIdentifier].map { ($0.options.redirectPolicy, $0.original) }
        }
        guard let (policy, original) = decision else { return completionHandler(request) }
        completionHandler(policy.request(for: request, from: original))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            exchange.continuation.resume(throwing: error)
        } else if let response = task.response {
            exchange.continuation.resume(returning: (exchange.data, response))
        } else {
            exchange.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
