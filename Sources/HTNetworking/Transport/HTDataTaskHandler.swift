import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects the body of one request (a data or upload task) and ends it at the chunk that passes
/// ``HTTransportOptions/maximumResponseSize``: the caller hears at once, the task is cancelled, and what
/// still arrives for it is dropped. Redirects follow ``HTTransportOptions/redirectPolicy``.
///
/// The continuation is taken out of the state under its lock (so it is resumed exactly once) and
/// resumed, like every call into URLSession, after the lock is released; the task is cancelled from
/// ``HTSessionTaskGate/cancelLater(_:)``, never from the delegate queue (see ``HTBoundedDelegateQueue``).
final class HTDataTaskHandler: HTSessionTaskHandler, Sendable {
    /// The caller's continuation until the request ends, and the body so far.
    private struct State: Sendable {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var body = Data()
    }

    private let state: HTLocked<State>
    private let options: HTTransportOptions
    private let original: URL?

    /// A handler for a request to `original`, whose result resumes `continuation`.
    init(original: URL?, options: HTTransportOptions, continuation: CheckedContinuation<(Data, URLResponse), any Error>)
    {
        self.original = original
        self.options = options
        self.state = HTLocked(State(continuation: continuation))
    }

    func received(_ data: Data, on task: URLSessionDataTask) {
        let limit = options.maximumResponseSize
        let refused = state.withLock { state -> CheckedContinuation<(Data, URLResponse), any Error>? in
            guard state.continuation != nil else { return nil }
            if let limit, state.body.count + data.count > limit {
                defer { state.continuation = nil }
                return state.continuation
            }
            if state.body.isEmpty, data.startIndex == 0 {
                // The first chunk (often the whole body) is kept as it is, not copied into a new buffer.
                state.body = data
            } else {
                state.body.append(data)
            }
            return nil
        }
        guard let refused else { return }
        HTSessionTaskGate.cancelLater(task)
        refused.resume(throwing: HTResponseTooLargeError(limit: options.maximumResponseSize ?? 0))
    }

    /// Resumes the caller with `error` now: nothing of the request outlives it but the bytes still
    /// arriving, which are dropped.
    func abandon(_ error: any Error) {
        let taken = state.withLock { state -> CheckedContinuation<(Data, URLResponse), any Error>? in
            defer {
                state.continuation = nil
                state.body = Data()
            }
            return state.continuation
        }
        taken?.resume(throwing: error)
    }

    func redirect(_ request: URLRequest) -> URLRequest? {
        options.redirectPolicy.request(for: request, from: original)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let taken = state.withLock { state -> (CheckedContinuation<(Data, URLResponse), any Error>, Data)? in
            guard let continuation = state.continuation else { return nil }
            state.continuation = nil
            defer { state.body = Data() }
            return (continuation, state.body)
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
