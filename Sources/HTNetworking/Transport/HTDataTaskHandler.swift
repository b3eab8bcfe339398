import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects the body of one request (a data or upload task) and ends it at the chunk that passes
/// ``HTTransportOptions/maximumResponseSize``: the caller hears at once, the task is cancelled, and what
/// still arrives for it is dropped. Redirects follow ``HTTransportOptions/redirectPolicy``.
///
/// `@unchecked Sendable`, safety: `continuation` and `body` are only read and written while holding
/// `lock`; the continuation is taken out under the lock (so it is resumed exactly once) and resumed,
/// like every call into URLSession (`cancel()`), after the lock is released. `options` and `original`
/// are immutable.
final class HTDataTaskHandler: HTSessionTaskHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var body = Data()
    private let options: HTTransportOptions
    private let original: URL?

    /// A handler for a request to `original`, whose result resumes `continuation`.
    init(original: URL?, options: HTTransportOptions, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        self.original = original
        self.options = options
        self.continuation = continuation
    }

    func received(_ data: Data, on task: URLSessionDataTask) {
        let refused = lock.withLock { () -> CheckedContinuation<(Data, URLResponse), any Error>? in
            guard continuation != nil else { return nil }
            if let limit = options.maximumResponseSize, body.count + data.count > limit {
                defer { continuation = nil }
                return continuation
            }
            body.append(data)
            return nil
        }
        guard let refused else { return }
        task.cancel()
        refused.resume(throwing: HTResponseTooLargeError(limit: options.maximumResponseSize ?? 0))
    }

    func redirect(_ request: URLRequest) -> URLRequest? {
        options.redirectPolicy.request(for: request, from: original)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let taken = lock.withLock { () -> (CheckedContinuation<(Data, URLResponse), any Error>, Data)? in
            guard let continuation else { return nil }
            self.continuation = nil
            defer { body = Data() }
            return (continuation, body)
        }
        guard let (continuation, body) = taken else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response = task.response {
            continuation.resume(returning: (body, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
