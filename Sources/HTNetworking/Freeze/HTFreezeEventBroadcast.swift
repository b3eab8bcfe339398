/// Fans freeze events out to every open ``HTFreezeManager/events()`` stream.
final class HTFreezeEventBroadcast: Sendable {
    private let lock = HTFreezeLock()
    // safety: `continuations` and `nextToken` are only read or written inside `lock.run`.
    private nonisolated(unsafe) var continuations: [Int: AsyncStream<HTFreezeEvent>.Continuation] = [:]
    // safety: see `continuations`.
    private nonisolated(unsafe) var nextToken = 0

    func stream() -> AsyncStream<HTFreezeEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: HTFreezeEvent.self, bufferingPolicy: .unbounded)
        let token = lock.run {
            defer { nextToken += 1 }
            continuations[nextToken] = continuation
            return nextToken
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.run { self.continuations.removeValue(forKey: token) }
        }
        return stream
    }

    func publish(_ event: HTFreezeEvent) {
        for continuation in lock.run({ Array(continuations.values) }) {
            continuation.yield(event)
        }
    }
}
