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

/// A logger that writes only to the returned sink.
func recordingLogger(level: HTLogLevel = .verbose) -> (HTLogger, RecordingLogSink) {
    let sink = RecordingLogSink()
    return (HTLogger(level: level, sinks: [sink]), sink)
}

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

/// Counts what passes through to another transport.
struct CountingTransport: HTTransport {
    let base: any HTTransport
    let sent = Recorded<URLRequest>()

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        sent.append(request)
        return try await base.send(request)
    }
}

extension HTCacheKey {
    /// The key a client with `configuration` (over the mock transport, which adds no cookies) stores
    /// `request` under, by the client's own route; `nil` when the request does not build.
    static func of<R: HTBaseRequest>(_ request: R, _ configuration: HTClientConfiguration) -> HTCacheKey? {
        HTClient(configuration: configuration, transport: HTMockTransport()).cacheKey(for: request)
    }
}
