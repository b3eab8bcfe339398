import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Identical GETs in flight share one network call (issue #39; Alamofire #2239): the first starts it,
/// the others wait for its response, and each caller maps the response itself. Cancelling one caller
/// ends only its wait; when the last one leaves, the call is cancelled.
///
/// Identical means the same request as it reaches the transport, after the interceptors: method, URL,
/// every header field (credentials included, so two users never share a call), and the size limit.
/// Requests with a body, and methods other than GET and HEAD, are never shared.
package final class HTSharedCalls: Sendable {
    /// What makes two requests one call.
    struct Key: Hashable, Sendable {
        var method: String
        var url: String
        var headers: [String]
        var maximumResponseSize: Int?

        /// The key of `request`, or `nil` when it is not to be shared (not a GET or HEAD, or with a body).
        init?(_ request: URLRequest, options: HTTransportOptions) {
            let method = request.httpMethod ?? "GET"
            guard method == "GET" || method == "HEAD", request.httpBody == nil, request.httpBodyStream == nil,
                let url = request.url
            else { return nil }
            self.method = method
            self.url = url.absoluteString
            // Header names compared without case, values exactly.
            self.headers = (request.allHTTPHeaderFields ?? [:]).map { $0.key.lowercased() + ":" + $0.value }.sorted()
            self.maximumResponseSize = options.maximumResponseSize
        }
    }

    private typealias Waiter = CheckedContinuation<HTTransportResponse, any Error>

    /// One call and who waits for it.
    private struct Call {
        var generation: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]
    }

    private struct State {
        var calls: [Key: Call] = [:]
        var nextID: UInt64 = 0
    }

    private let state = HTLocked(State())

    /// How many calls are in flight, and how many callers wait for them (for tests).
    package var usage: (calls: Int, waiters: Int) {
        state.withLock { state in (state.calls.count, state.calls.values.reduce(0) { $0 + $1.waiters.count }) }
    }

    /// The response of the call for `key`: one already in flight, else a new one made with `send`.
    ///
    /// - Throws: the call's error, or `CancellationError` when the calling task is cancelled (the call
    ///   goes on for the other callers, and is cancelled with the last).
    func response(for key: Key, send: @escaping @Sendable () async throws -> HTTransportResponse) async throws
        -> HTTransportResponse
    {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                // The cancellation flag is set before the handler runs: either this sees it, or the handler
                // finds the waiter registered.
                enum Joined {
                    case cancelled, joined
                    case started(UInt64)
                }
                let joined = state.withLock { state -> Joined in
                    if Task.isCancelled { return .cancelled }
                    if state.calls[key] != nil {
                        state.calls[key]?.waiters[id] = waiter
                        return .joined
                    }
                    state.calls[key] = Call(generation: id, waiters: [id: waiter])
                    return .started(id)
                }
                switch joined {
                case .cancelled:
                    waiter.resume(throwing: CancellationError())
                case .joined:
                    break
                case .started(let generation):
                    let task = Task {
                        let result: Result<HTTransportResponse, any Error>
                        do {
                            result = .success(try await send())
                        } catch {
                            result = .failure(error)
                        }
                        let waiters = state.withLock { state -> [Waiter] in
                            guard let call = state.calls[key], call.generation == generation else { return [] }
                            state.calls.removeValue(forKey: key)
                            return Array(call.waiters.values)
                        }
                        for waiter in waiters { waiter.resume(with: result) }
                    }
                    // Every caller may have left before the task was stored: then nobody cancels it but this.
                    let orphaned = state.withLock { state -> Bool in
                        guard state.calls[key]?.generation == generation else { return true }
                        state.calls[key]?.task = task
                        return false
                    }
                    if orphaned { task.cancel() }
                }
            }
        } onCancel: {
            let (waiter, task) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
                guard var call = state.calls[key], let waiter = call.waiters.removeValue(forKey: id) else {
                    return (nil, nil)
                }
                if call.waiters.isEmpty {
                    state.calls.removeValue(forKey: key)
                    return (waiter, call.task)
                }
                state.calls[key] = call
                return (waiter, nil)
            }
            waiter?.resume(throwing: CancellationError())
            task?.cancel()
        }
    }
}
