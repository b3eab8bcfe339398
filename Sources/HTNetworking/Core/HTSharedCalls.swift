import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Identical GETs in flight share one network call (issue #39; Alamofire #2239): the first caller makes
/// it in its own task, the others wait for its response, and each caller maps the response itself. A
/// waiting caller that is cancelled leaves at once; when the caller making the call is cancelled, the
/// call ends and the callers still waiting make it again, so no caller loses its answer to another's
/// cancellation.
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

    /// What a waiting caller is told when the caller making the call was cancelled, or finished before
    /// the waiter could join: it makes the call again (or joins a newer one).
    private struct Restart: Error {}

    /// One call and who waits for it besides the caller making it.
    private struct Call {
        var generation: UInt64
        var waiters: [UInt64: Waiter] = [:]
    }

    private struct State {
        var calls: [Key: Call] = [:]
        var nextID: UInt64 = 0
    }

    private let state = HTLocked(State())

    /// How many calls are in flight, and how many callers wait for them besides those making them (for
    /// tests).
    package var usage: (calls: Int, waiters: Int) {
        state.withLock { state in (state.calls.count, state.calls.values.reduce(0) { $0 + $1.waiters.count }) }
    }

    /// The response of the call for `key`: one already in flight, else one this caller makes with `send`,
    /// in its own task (no extra hop when nobody else waits).
    ///
    /// - Throws: the call's error, or `CancellationError` when the calling task is cancelled. A waiting
    ///   caller that is cancelled leaves at once and the call goes on; when the caller making the call is
    ///   cancelled, the call is cancelled and the callers waiting for it make it again.
    func response(for key: Key, send: () async throws -> HTTransportResponse) async throws -> HTTransportResponse {
        while true {
            try Task.checkCancellation()
            let id = state.withLock { state -> UInt64? in
                state.nextID &+= 1
                guard state.calls[key] == nil else { return nil }
                state.calls[key] = Call(generation: state.nextID)
                return state.nextID
            }
            if let id { return try await make(key, generation: id, send: send) }
            do {
                return try await wait(for: key)
            } catch is Restart {
                continue
            }
        }
    }

    /// Makes the call for `key` and hands its result to whoever waits for it.
    private func make(_ key: Key, generation: UInt64, send: () async throws -> HTTransportResponse) async throws
        -> HTTransportResponse
    {
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
        // This caller's cancellation is not the waiters': they make the call again.
        if Task.isCancelled, case .failure = result {
            for waiter in waiters { waiter.resume(throwing: Restart()) }
        } else {
            for waiter in waiters { waiter.resume(with: result) }
        }
        return try result.get()
    }

    /// Waits for the call in flight for `key`.
    private func wait(for key: Key) async throws -> HTTransportResponse {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                // The cancellation flag is set before the handler runs: either this sees it, or the handler
                // finds the waiter registered.
                enum Joined { case cancelled, joined, gone }
                let joined = state.withLock { state -> Joined in
                    if Task.isCancelled { return .cancelled }
                    guard state.calls[key] != nil else { return .gone }
                    state.calls[key]?.waiters[id] = waiter
                    return .joined
                }
                switch joined {
                case .cancelled: waiter.resume(throwing: CancellationError())
                case .gone: waiter.resume(throwing: Restart())
                case .joined: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in state.calls[key]?.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
