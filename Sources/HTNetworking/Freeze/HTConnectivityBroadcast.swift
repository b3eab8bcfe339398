import Foundation

/// The status of a monitor and the streams that follow it: the shared machinery of the monitors.
final class HTConnectivityBroadcast: Sendable {
    /// The status and the open streams, by the token that removes each one when it ends.
    private struct State {
        var current: HTConnectivityStatus
        var continuations: [Int: AsyncStream<HTConnectivityStatus>.Continuation] = [:]
        var nextToken = 0
    }

    private let state: HTLocked<State>

    init(_ initial: HTConnectivityStatus = .unknown) {
        state = HTLocked(State(current: initial))
    }

    var status: HTConnectivityStatus {
        state.withLock { $0.current }
    }

    /// Sets the status; streams hear of it only when it changed. Returns whether it changed.
    @discardableResult
    func set(_ status: HTConnectivityStatus) -> Bool {
        let listeners: [AsyncStream<HTConnectivityStatus>.Continuation]? = state.withLock { state in
            guard state.current != status else { return nil }
            state.current = status
            return Array(state.continuations.values)
        }
        guard let listeners else { return false }
        for listener in listeners {
            listener.yield(status)
        }
        return true
    }

    func updates() -> AsyncStream<HTConnectivityStatus> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: HTConnectivityStatus.self, bufferingPolicy: .bufferingNewest(8))
        let token: Int = state.withLock { state in
            defer { state.nextToken += 1 }
            state.continuations[state.nextToken] = continuation
            // Yield under the lock so no change can come between this value and the registration.
            continuation.yield(state.current)
            return state.nextToken
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.state.withLock { $0.continuations.removeValue(forKey: token) }
        }
        return stream
    }

    func finishAll() {
        let listeners = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for listener in listeners {
            listener.finish()
        }
    }
}
