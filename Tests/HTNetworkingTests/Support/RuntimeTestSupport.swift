import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A log sink that keeps the records it receives (for assertions).
final class RecordingLogSink: HTLogSink {
    let minimumLevel: HTLogLevel
    private let records = Recorded<HTLogRecord>()

    init(minimumLevel: HTLogLevel = .verbose) {
        self.minimumLevel = minimumLevel
    }

    func write(_ record: HTLogRecord) {
        records.append(record)
    }

    /// Everything written so far.
    var all: [HTLogRecord] { records.values }

    /// The messages of one level, in order.
    func messages(_ level: HTLogLevel, _ component: HTLogComponent? = nil) -> [String] {
        all.filter { $0.level == level && (component == nil || $0.component == component) }.map(\.message)
    }
}

/// A thread-safe list, appended to from `@Sendable` closures.
final class Recorded<Element: Sendable>: Sendable {
    private let storage = LockedBox<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.value }
    var count: Int { storage.withLock { $0.count } }
}

/// A logger that writes only to the returned sink.
func recordingLogger(level: HTLogLevel = .verbose) -> (HTLogger, RecordingLogSink) {
    let sink = RecordingLogSink()
    return (HTLogger(level: level, sinks: [sink]), sink)
}

/// A logger that writes nowhere (keeps expected failures out of the test output).
let quietLogger = HTLogger(level: .off, sinks: [])

/// Runs `body` and returns the `HTNetworkingError` it threw, recording an issue when it threw nothing.
func expectNetworkingError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(HTNetworkingError) -> T
) async -> HTNetworkingError? {
    do {
        let value = try await body()
        Issue.record("expected an HTNetworkingError, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A client for the loopback server that logs nowhere unless told.
func loopbackClient(
    _ server: LoopbackServer, transport: any HTTransport = HTURLSessionTransport(), logger: HTLogger = quietLogger,
    _ configure: (inout HTClientConfiguration) -> Void = { _ in }
) -> HTClient {
    var configuration = HTClientConfiguration(baseURL: server.baseURL, logger: logger)
    configure(&configuration)
    return HTClient(configuration: configuration, transport: transport)
}

/// Counts what passes through to another transport.
struct CountingTransport: HTTransport {
    let base: any HTTransport
    let sent = Recorded<URLRequest>()

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        sent.append(request)
        return try await base.send(request)
    }
}

/// A transport that fails the test if anything reaches it.
struct UnreachableTransport: HTTransport {
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        Issue.record("the network was reached for \(request.url?.absoluteString ?? "?")")
        throw URLError(.cannotConnectToHost)
    }
}

/// One loopback server for every test that only sends requests to it: starting a Python process per
/// test, with hundreds of tests running at once on a small machine, takes longer than the harness waits.
/// Tests that stop their server (refused connections) start their own. The process ends with the test
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
