import Foundation

/// The chunks of a streamed body between the transport that receives them and the one consumer that
/// reads them, bounded: once more than ``highWater`` bytes wait, the transport is asked to pause
/// (``Controls/pause``, e.g. suspending the URLSession task), and once the consumer has read them down
/// to ``lowWater`` it is asked to resume. Should more than ``limit`` bytes wait all the same (a
/// transport that cannot pause), the waiting chunks are dropped, the transport is cancelled and the
/// consumer's next read throws ``HTResponseTooLargeError``. When the consumer stops (its task is
/// cancelled, or it drops the stream) the transport is asked to cancel and the waiting chunks are
/// dropped.
///
/// The controls are called after the lock is released, never under it.
final class HTStreamBuffer: Sendable {
    /// What the buffer asks of the transport.
    struct Controls: Sendable {
        var pause: @Sendable () -> Void = {}
        var resume: @Sendable () -> Void = {}
        var cancel: @Sendable () -> Void = {}
    }

    private struct State: Sendable {
        var chunks: [Data] = []
        var head = 0
        var bytes = 0
        var paused = false
        var ended = false
        var failure: (any Error)?
        var cancelled = false
        var waiter: CheckedContinuation<Data?, any Error>?
        var controls = Controls()
        /// What the stream keeps alive while it is read (the session a transport made for it).
        var keptAlive: (any Sendable)?
    }

    /// Above this many waiting bytes the transport is paused.
    let highWater: Int
    /// The transport is resumed once no more than this many bytes wait.
    let lowWater: Int
    private let state = HTLocked(State())
    /// The most bytes that may wait for the consumer.
    let limit: Int

    /// A buffer for at most `limit` unread bytes (the request's or the client's
    /// ``HTTransportOptions/maximumResponseSize``).
    init(highWater: Int = 1024 * 1024, lowWater: Int = 256 * 1024, limit: Int) {
        self.highWater = highWater
        self.lowWater = lowWater
        self.limit = max(limit, highWater)
    }

    /// Keeps `value` alive as long as the buffer (the session a transport made for this stream).
    func keepAlive(_ value: any Sendable) {
        state.withLock { $0.keptAlive = value }
    }

    /// Sets what the buffer asks of the transport; a buffer whose consumer is gone already cancels at once.
    func setControls(_ controls: Controls) {
        let cancelled = state.withLock { state -> Bool in
            state.controls = controls
            return state.cancelled
        }
        if cancelled { controls.cancel() }
    }

    /// The transport received `chunk`.
    func append(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        let action = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?) in
            guard !state.cancelled, !state.ended else { return (nil, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            state.chunks.append(chunk)
            state.bytes += chunk.count
            if state.bytes > limit {
                state.chunks = []
                state.head = 0
                state.bytes = 0
                state.ended = true
                state.failure = HTResponseTooLargeError(limit: limit)
                return (nil, state.controls.cancel)
            }
            guard state.bytes > highWater, !state.paused else { return (nil, nil) }
            state.paused = true
            return (nil, state.controls.pause)
        }
        action.0?.resume(returning: chunk)
        action.1?()
    }

    /// The body ended, whole or with `error`.
    func finish(_ error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.ended else { return nil }
            state.ended = true
            state.failure = error
            defer { state.waiter = nil }
            return state.waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// The consumer stopped reading: the transport is cancelled.
    func cancel() {
        let take = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?) in
            guard !state.cancelled else { return (nil, nil) }
            state.cancelled = true
            state.chunks = []
            state.head = 0
            state.bytes = 0
            defer { state.waiter = nil }
            return (state.waiter, state.ended ? nil : state.controls.cancel)
        }
        take.1?()
        take.0?.resume(throwing: CancellationError())
    }

    /// The next chunk, `nil` at the end of the body. Cancelling the calling task cancels the transfer.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let (result, resume) = state.withLock {
                    state -> (Result<Data?, any Error>?, (@Sendable () -> Void)?) in
                    if state.cancelled { return (.failure(CancellationError()), nil) }
                    if state.head < state.chunks.count {
                        let chunk = state.chunks[state.head]
                        state.head += 1
                        state.bytes -= chunk.count
                        if state.head == state.chunks.count {
                            state.chunks.removeAll(keepingCapacity: true)
                            state.head = 0
                        } else if state.head >= 64, state.head * 2 >= state.chunks.count {
                            state.chunks.removeFirst(state.head)
                            state.head = 0
                        }
                        guard state.paused, state.bytes <= lowWater, !state.ended else { return (.success(chunk), nil) }
                        state.paused = false
                        return (.success(chunk), state.controls.resume)
                    }
                    if state.ended {
                        if let failure = state.failure { return (.failure(failure), nil) }
                        return (.success(nil), nil)
                    }
                    state.waiter = continuation
                    return (nil, nil)
                }
                resume?()
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Whether the transport is paused now (for tests).
    var isPaused: Bool { state.withLock { $0.paused } }
}
