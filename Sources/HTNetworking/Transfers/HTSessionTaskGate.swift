import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts a URLSession task so that a cancellation is never lost: when ``cancel()`` comes before
/// ``start(_:)`` the task is cancelled instead of resumed (URLSession then completes it with
/// `URLError.cancelled`, which ends the transfer), and when it comes after, the running task is
/// cancelled.
///
/// No call into URLSession is made while the state's lock is held: the task is resumed or cancelled
/// after `withLock` returns (URLSession allows either from any thread).
///
/// A cancellation reaches URLSession from ``cancellationQueue``, never from the thread that cancels:
/// FoundationNetworking's `cancel()` waits for the session's work queue, and ``HTClient/cancelAll()``
/// runs hundreds of cancellation handlers on one of the few threads Swift's cooperative pool has.
final class HTSessionTaskGate: Sendable {
    /// Whether the transfer was cancelled, and the task once it is started.
    private struct State: Sendable {
        var cancelled = false
        var task: URLSessionTask?
    }

    private let state = HTLocked(State())

    /// Resumes `task`, or cancels it when the transfer was cancelled already.
    func start(_ task: URLSessionTask) {
        let resume = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.task = task
            return true
        }
        if resume {
            task.resume()
        } else {
            task.cancel()
        }
    }

    /// Cancels the task, now (from ``cancellationQueue``) or when it is started.
    func cancel() {
        let running = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            return state.task
        }
        guard let running else { return }
        Self.cancelLater(running)
    }

    /// Cancels `task` from ``cancellationQueue``: never from the session's delegate queue, which must
    /// not wait for the session's work queue (see ``HTBoundedDelegateQueue``).
    static func cancelLater(_ task: URLSessionTask) {
        cancellationQueue.async { task.cancel() }
    }

    /// Where running session tasks are cancelled: one serial queue, off Swift's cooperative threads.
    static let cancellationQueue = DispatchQueue(label: "HTNetworking.session-task-cancellation")

    /// `request` with a timeout FoundationNetworking can keep: it hands libcurl whole seconds, so a
    /// timeout under one second would expire at once; it is rounded up (Apple platforms keep it as is).
    static func timeoutAdjusted(_ request: URLRequest) -> URLRequest {
        var request = request
        #if canImport(FoundationNetworking)
            let timeout = request.timeoutInterval
            // Set only when it changes: setting it copies the whole request (headers included) on Linux.
            if timeout.isFinite, timeout > 0, max(1, timeout.rounded(.up)) != timeout {
                request.timeoutInterval = max(1, timeout.rounded(.up))
            }
        #endif
        return request
    }
}
