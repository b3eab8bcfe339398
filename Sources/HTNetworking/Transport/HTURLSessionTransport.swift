import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the task cancels the URLSession task, also when the cancellation comes before the
/// session task exists (the task is then never started). Redirects are followed by the session.
public struct HTURLSessionTransport: HTTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over `session` (by default an ephemeral session of its own, so no cookies or
    /// cache are shared with the rest of the app).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws -> HTTransportResponse {
        var request = request
        #if canImport(FoundationNetworking)
        // FoundationNetworking hands libcurl whole seconds: a timeout under one second would expire at
        // once. Round up; the client enforces the exact deadline itself.
        if request.timeoutInterval.isFinite, request.timeoutInterval > 0 {
            request.timeoutInterval = max(1, request.timeoutInterval.rounded(.up))
        }
        #endif
        let (data, response) = try await data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTransportResponse(statusCode: http.statusCode, headers: headers, body: data, url: http.url)
    }

    /// `session.data(for:)` with cancellation that cannot be lost: the session task and the cancelled
    /// flag live under one lock, so a cancellation that comes first keeps the task from starting.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let state = HTLocked(TaskState())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                let start = state.withLock { state -> Bool in
                    guard !state.cancelled else { return false }
                    state.task = HTSessionTaskBox(task)
                    return true
                }
                if start {
                    task.resume()
                } else {
                    // Cancelling a task that never started still calls its completion handler, with
                    // `URLError.cancelled`, and takes it out of the session.
                    task.cancel()
                }
            }
        } onCancel: {
            let task = state.withLock { state -> HTSessionTaskBox? in
                state.cancelled = true
                return state.task
            }
            task?.task.cancel()
        }
    }

    private struct TaskState: Sendable {
        var cancelled = false
        var task: HTSessionTaskBox?
    }
}

/// A URLSession task, which URLSession lets any thread cancel.
struct HTSessionTaskBox: @unchecked Sendable {
    // @unchecked Sendable, safety: `URLSessionTask` is documented thread-safe (its `cancel()` may be
    // called from any thread; on Apple platforms it is `Sendable`); the box only ever calls `cancel()`.
    let task: URLSessionTask

    init(_ task: URLSessionTask) {
        self.task = task
    }
}
