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
    ///
    /// Its hash is the URL's alone, worked out once: every send builds a key and looks it up twice
    /// (joining, leaving), and nearly always nothing identical is in flight, so hashing the header fields
    /// too, or the URL at each lookup, would cost each send that shares nothing (issue #39 asks sharing
    /// to cost such a send at most 2 %). Equality still compares everything.
    struct Key: Hashable, Sendable {
        var method: String
        var url: String
        /// `url`'s hash value.
        var urlHash: Int
        /// The header fields as the request has them (names as set: two requests that differ only in a
        /// name's case share nothing, which costs a call, never a wrong answer).
        var headers: [String: String]
        var maximumResponseSize: Int?

        /// The key of `request`, or `nil` when it is not to be shared (not a GET or HEAD, or with a body).
        init?(_ request: URLRequest, options: HTTransportOptions) {
            let method = request.httpMethod ?? "GET"
            guard method == "GET" || method == "HEAD", request.httpBody == nil, request.httpBodyStream == nil,
                let url = request.url
            else { return nil }
            self.method = method
            self.url = url.absoluteString
            self.urlHash = self.url.hashValue
            self.headers = request.allHTTPHeaderFields ?? [:]
            self.maximumResponseSize = options.maximumResponseSize
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(urlHash)
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
        /// Room made once for a few calls, so that joining and leaving never resize it.
        var calls: [Key: Call] = Dictionary(minimumCapacity: 8)
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
    @inline(__always)
    func response(for key: Key, send: () async throws -> HTTransportResponse) async throws -> HTTransportResponse {
        // Inlined, and the call made here rather than in a function of its own: each async call costs a
        // send an executor check, and most sends share nothing.
        let generation: UInt64
        while true {
            if let joined = try join(key) {
                generation = joined
                break
            }
            do {
                return try await wait(for: key)
            } catch is Restart {
                continue
            }
        }
        let response: HTTransportResponse
        do {
            response = try await send()
        } catch {
            let waiters = leave(key, generation: generation)
            // This caller's cancellation is not the waiters': they make the call again.
            let theirs: any Error = Task.isCancelled ? Restart() : error
            for waiter in waiters { waiter.resume(throwing: theirs) }
            throw error
        }
        for waiter in leave(key, generation: generation) { waiter.resume(returning: response) }
        return response
    }

    /// Registers a call for `key` that this caller makes, and returns its generation; `nil` when one is
    /// in flight already.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled.
    private func join(_ key: Key) throws -> UInt64? {
        try Task.checkCancellation()
        return state.withLock { state -> UInt64? in
            state.nextID &+= 1
            guard state.calls[key] == nil else { return nil }
            state.calls[key] = Call(generation: state.nextID)
            return state.nextID
        }
    }

    /// Removes the call for `key` this caller made, and returns who waits for it.
    private func leave(_ key: Key, generation: UInt64) -> [Waiter] {
        state.withLock { state -> [Waiter] in
            // Only the caller making a call removes it, so the call under `key` is this one; the
            // generation check keeps that true should that ever change.
            guard let call = state.calls.removeValue(forKey: key) else { return [] }
            guard call.generation == generation else {
                state.calls[key] = call
                return []
            }
            return call.waiters.isEmpty ? [] : Array(call.waiters.values)
        }
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
