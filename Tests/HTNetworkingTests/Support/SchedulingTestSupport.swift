import Foundation
@_spi(Generated) import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Requests, sleepers and helpers for the scheduling and transfer tests (against `Server/test_server.py`).

// MARK: - Sleepers

/// Records every requested wait and returns at once (still failing when the task is cancelled).
final class SchedRecordingSleeper: HTSleeper {
    private let recorded = LockedBox<[Duration]>([])

    /// The waits asked for so far, in order.
    var delays: [Duration] { recorded.value }

    func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

/// Announces each wait on ``started`` and then waits for real (an hour, ended by cancellation), so a
/// test can cancel a retry loop exactly while it waits.
struct SchedAnnouncingSleeper: HTSleeper {
    let started: AsyncStream<Duration>
    private let continuation: AsyncStream<Duration>.Continuation

    init() {
        (started, continuation) = AsyncStream.makeStream(of: Duration.self)
    }

    func sleep(for duration: Duration) async throws {
        continuation.yield(duration)
        try await Task.sleep(for: .seconds(3600))
    }
}
