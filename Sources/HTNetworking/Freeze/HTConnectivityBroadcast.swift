import Foundation

/// The status of a monitor and the streams that follow it: the shared machinery of the monitors.
final class HTConnectivityBroadcast: @unchecked Sendable {
    // @unchecked Sendable, safety: `current`, `continuations` and `nextToken` are read and written only
    // while `lock` is held; continuations are resumed (yield/finish) outside no other lock, and
    // AsyncStream.Continuation is itself thread-safe.
    private let lock = HTFreezeLock()
    private var current: HTConnectivityStatus
    private var continuations: [Int: AsyncStream<HTConnectivityStatus>.Continuation] = [:]
    private var nextToken = 0

    init(_ initial: HTConnectivityStatus = .unknown) {
        current = initial
    }

    var status: HTConnectivityStatus {
        lock.run { current }
    }

    /// Sets the status; streams hear of it only when it changed. Returns whether it changed.
    @discardableResult
    func set(_ status: HTConnectivityStatus) -> Bool {
        let listeners: [AsyncStream<HTConnectivityStatus>.Continuation]? = lock.run {
            guard current != status else { return nil }
            current = status
            return Array(continuations.values)
        }
        guard let listeners else { return false }
        for listener in listeners {
            listener.yield(status)
        }
        return true
    }

    func updates() -> AsyncStream<HTConnectivityStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: HTConnectivityStatus.self, bufferingPolicy: .bufferingNewest(8))
        let token: Int = lock.run {
            defer { nextToken += 1 }
            continuations[nextToken] = continuation
            // Yield under the lock so no change can come between this value and the registration.
            continuation.yield(current)
            return nextToken
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.run { self.continuations.removeValue(forKey: token) }
        }
        return stream
    }

    func finishAll() {
        let listeners = lock.run {
            defer { continuations.removeAll() }
            return Array(continuations.values)
        }
        for listener in listeners {
            listener.finish()
        }
    }
}
