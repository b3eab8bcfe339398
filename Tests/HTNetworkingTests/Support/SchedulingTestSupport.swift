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

// MARK: - Helpers

enum SchedulingTestSupport {
    /// The loopback server these tests share: one process for the whole test run, started on first
    /// use (starting one per test made dozens of Python processes start at once, which takes longer
    /// than the harness's start timeout on a loaded machine). Tests keep their `/flaky` keys apart
    /// with ``uniqueID()``. The process ends with the test process (its stdin closes).
    static func server() async throws -> LoopbackServer {
        try await SharedServer.instance.server()
    }

    /// A prefix that makes a test's `/flaky` keys its own on the shared server.
    static func uniqueID() -> String {
        String(UUID().uuidString.prefix(8)) + "-"
    }

    /// A client of `server`.
    static func client(_ server: LoopbackServer) -> HTClient {
        HTClient(baseURL: server.baseURL)
    }

    /// How many `/flaky` requests `server` saw for `key`.
    static func count(_ key: String, on server: LoopbackServer) async throws -> Int {
        let json = try await client(server).send(CounterRequest(key: key))
        return try #require(json["count"]?.intValue)
    }

    /// A retry policy for tests: exact waits (no jitter), recorded by `sleeper` instead of waited.
    static func policy(
        maxRetries: Int, sleeper: any HTSleeper, initialDelay: Duration = .milliseconds(100)
    ) -> HTRetryPolicy {
        HTRetryPolicy(maxRetries: maxRetries, initialDelay: initialDelay, jitter: 0, sleeper: sleeper)
    }

    /// Runs `body` and returns the `HTNetworkingError` it threw, recording an issue when it threw none.
    static func error<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(HTNetworkingError) -> T
    ) async -> HTNetworkingError? {
        do {
            _ = try await body()
            Issue.record("expected an HTNetworkingError", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The status code of a `status` error, or `nil` for other kinds.
    static func status(_ error: HTNetworkingError?) -> Int? {
        guard case .status(let code, _)? = error?.kind else { return nil }
        return code
    }

    /// Whether `error` is `cancelled`.
    static func isCancelled(_ error: HTNetworkingError?) -> Bool {
        guard case .cancelled? = error?.kind else { return false }
        return true
    }

    /// The URLError code of a `transport` error, or `nil` for other kinds.
    static func transportCode(_ error: HTNetworkingError?) -> Int?? {
        guard case .transport(let code, _)? = error?.kind else { return nil }
        return .some(code)
    }
}

/// Starts the shared loopback server once, whoever asks first.
private actor SharedServer {
    static let instance = SharedServer()
    private var starting: Task<LoopbackServer, any Error>?

    func server() async throws -> LoopbackServer {
        if let starting, let server = try? await starting.value, server.isRunning {
            return server
        }
        let task = Task { try await LoopbackServer.start() }
        starting = task
        return try await task.value
    }
}
