/// Fans freeze events out to every open ``HTFreezeManager/events()`` stream.
final class HTFreezeEventBroadcast: Sendable {
    /// The open streams, by the token that removes each one when it ends.
    private struct Listeners {
        var continuations: [Int: AsyncStream<HTFreezeEvent>.Continuation] = [:]
        var nextToken = 0
    }

    private let listeners = HTLocked(Listeners())

    /// Finishes the open streams: the manager that owns the broadcast is gone, no event follows (and a
    /// `for await` over its events, such as HTNetworkingCompat's notification poster, ends).
    deinit {
        for continuation in listeners.withLock({ Array($0.continuations.values) }) {
            continuation.finish()
        }
    }

    func stream() -> AsyncStream<HTFreezeEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: HTFreezeEvent.self, bufferingPolicy: .unbounded)
        let token = listeners.withLock { listeners in
            defer { listeners.nextToken += 1 }
            listeners.continuations[listeners.nextToken] = continuation
            return listeners.nextToken
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.listeners.withLock { $0.continuations.removeValue(forKey: token) }
        }
        return stream
    }

    func publish(_ event: HTFreezeEvent) {
        for continuation in listeners.withLock({ Array($0.continuations.values) }) {
            continuation.yield(event)
        }
    }
}
