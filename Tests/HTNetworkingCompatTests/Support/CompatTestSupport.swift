import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Helpers of the compatibility tests, copied from HTNetworkingTests' support files (a test target cannot
// link another's files) until the runtime tests share generated requests.

/// A thread-safe list, appended to from `@Sendable` closures.
final class Recorded<Element: Sendable>: Sendable {
    private let storage = LockedBox<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.value }
}

/// A logger that writes nowhere (keeps expected failures out of the test output).
let quietLogger = HTLogger(level: .off, sinks: [])

/// A logger at debug level that keeps the messages written to it.
struct MessageLog {
    let logger: HTLogger
    private let records = Recorded<HTLogRecord>()

    init() {
        let records = self.records
        logger = HTLogger(level: .debug, sinks: [HTClosureLogSink { record in records.append(record) }])
    }

    /// The messages of one level and component, in order.
    func messages(_ level: HTLogLevel, _ component: HTLogComponent) -> [String] {
        records.values.filter { $0.level == level && $0.component == component }.map(\.message)
    }
}

/// A client for the loopback server that logs nowhere unless told.
func loopbackClient(_ server: LoopbackServer, logger: HTLogger = quietLogger) -> HTClient {
    HTClient(configuration: HTClientConfiguration(baseURL: server.baseURL, logger: logger))
}

/// A transport that fails the test if anything reaches it.
struct UnreachableTransport: HTTransport {
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        Issue.record("the network was reached for \(request.url?.absoluteString ?? "?")")
        throw URLError(.cannotConnectToHost)
    }
}

enum TestSupport {
    /// A URL from a literal known to be valid (tests only).
    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw URLError(.badURL) }
        return url
    }
}

extension Result {
    /// The error of a failure, or `nil`.
    var htFailure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// One loopback server for every test of this target: starting a Python process per test, with many
/// tests running at once on a small machine, takes longer than the harness waits. Tests keep their
/// `/flaky` keys apart with ``SchedulingTestSupport/uniqueID()``. The process ends with the test
/// process (its stdin closes).
func sharedServer() async throws -> LoopbackServer {
    try await SharedLoopbackServer.instance.server()
}

private actor SharedLoopbackServer {
    static let instance = SharedLoopbackServer()
    private var starting: Task<LoopbackServer, any Error>?

    func server() async throws -> LoopbackServer {
        if let starting, let server = try? await starting.value, server.isRunning { return server }
        let task = Task { try await LoopbackServer.start(timeout: .seconds(60)) }
        starting = task
        return try await task.value
    }
}

enum SchedulingTestSupport {
    /// The loopback server these tests share.
    static func server() async throws -> LoopbackServer {
        try await sharedServer()
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
}
