import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A logger whose only sink is a closure that keeps every record.
struct ClosureLog {
    let logger: HTLogger
    private let records: HTLocked<[HTLogRecord]>

    init() {
        let records = HTLocked<[HTLogRecord]>([])
        self.records = records
        logger = HTLogger(level: .debug, sinks: [HTClosureLogSink { record in records.withLock { $0.append(record) } }])
    }

    /// The messages written under `component` at `level`.
    func messages(_ level: HTLogLevel, _ component: HTLogComponent) -> [String] {
        records.current.filter { $0.level == level && $0.component == component }.map(\.message)
    }
}

/// `GET /bytes?size=N&token=T`: a URL with a secret query parameter, to see it redacted in logs.
struct SecretBytesRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path = "/bytes"
    var size: Int
    var parameters: HTJSONObject { ["size": .integer(Int64(size)), "access_token": "hunter2"] }
}

/// The freeze, scheduling and transfer subsystems log through the client's logger, under their
/// components, with URLs redacted.
@Suite("Logging of the freeze, scheduling and transfer subsystems", .timeLimit(.minutes(3)))
struct SubsystemLoggingTests {
    @Test("transfers: download and upload start and finish at debug level, failures as warnings")
    func transfers() async throws {
        let server = try await sharedServer()
        let log = ClosureLog()
        let client = loopbackClient(server, logger: log.logger)
        let folder = try TestSupport.temporaryDirectory("logging")
        defer { try? FileManager.default.removeItem(at: folder) }

        _ = try await client.download(SecretBytesRequest(size: 1000), to: folder.appendingPathComponent("a.bin"))
        _ = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.download(StatusRequest(code: 404), to: folder.appendingPathComponent("b.bin"))
        }
        var form = HTMultipartFormData()
        form.append("Alice", name: "name")
        _ = try await client.upload(UploadRequest(), form: form)

        let debug = log.messages(.debug, .transfers)
        #expect(debug.contains { $0.hasPrefix("download started: GET") && $0.contains("/bytes") }, "\(debug)")
        #expect(debug.contains { $0.hasPrefix("download finished: 200, 1000 bytes") }, "\(debug)")
        #expect(debug.contains { $0.hasPrefix("upload started: POST") }, "\(debug)")
        #expect(debug.contains { $0.hasPrefix("upload finished: 200") }, "\(debug)")
        let warnings = log.messages(.warning, .transfers)
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("download failed:") == true, "\(warnings)")
        #expect(warnings.first?.contains("404") == true, "\(warnings)")
        #expect(!(debug + warnings).contains { $0.contains("hunter2") }, "a secret query parameter was logged")
    }

    @Test("scheduling: retries with their delay, batch start and finish")
    func scheduling() async throws {
        let server = try await sharedServer()
        let log = ClosureLog()
        let client = loopbackClient(server, logger: log.logger)
        let id = SchedulingTestSupport.uniqueID()
        let policy = SchedulingTestSupport.policy(
            maxRetries: 2, sleeper: SchedRecordingSleeper(), initialDelay: .milliseconds(250))
        _ = try await client.send(FlakyRequest(key: id + "retry", fail: 1, status: 500), retry: policy)
        _ = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(FlakyRequest(key: id + "exhausted", fail: 5), retry: policy)
        }
        _ = try await client.batch([FlakyRequest(key: id + "a", fail: 0), FlakyRequest(key: id + "b", fail: 0)])
        _ = await client.batchResults([
            FlakyRequest(key: id + "c", fail: 0), FlakyRequest(key: id + "d", fail: 1, status: 500),
        ])

        let debug = log.messages(.debug, .scheduling)
        #expect(
            debug.contains { $0.hasPrefix("retry: attempt 2 in 0.25 s after: GET") && $0.contains("500") }, "\(debug)")
        #expect(debug.filter { $0.hasPrefix("batch: 2 requests started") }.count == 2, "\(debug)")
        #expect(debug.contains("batch: 2 requests finished, all succeeded"), "\(debug)")
        let warnings = log.messages(.warning, .scheduling)
        #expect(warnings.contains { $0.hasPrefix("retry: gave up after 3 attempts") }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.hasPrefix("batch: 2 requests finished, 1 failed; first failure: ") && $0.contains("500")
            }, "\(warnings)")
    }

    @Test("freeze: frozen, resent and dropped at debug level; journal damage as a warning")
    func freeze() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let log = ClosureLog()
        let sent = FreezeSentRequests()
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), logger: log.logger),
            transport: FreezeRecordingTransport(name: "main", sent: sent))
        let monitor = HTManualConnectivityMonitor(.unreachable)
        var settings = HTFreezeManager.Configuration()
        settings.logger = log.logger
        do {
            let manager = try HTFreezeManager(directory: folder.url, monitor: monitor, configuration: settings)
            _ = try await manager.freeze(FreezePathRequest(route: "kept", text: "one"), via: client)
            _ = try await manager.freeze(FreezePathRequest(route: "expired", text: "two", expiry: -1), via: client)
            monitor.set(.reachable(isExpensive: false))
            await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
            let summary = await manager.resendNow()
            #expect(summary.succeeded == 1 && summary.dropped == 1)

            let debug = log.messages(.debug, .freeze)
            #expect(debug.filter { $0.hasPrefix("frozen ") }.count == 2, "\(debug)")
            #expect(
                debug.contains { $0.hasPrefix("resent ") && $0.contains("(201)") && $0.contains("/kept") }, "\(debug)")
            #expect(
                debug.contains { $0.hasPrefix("dropped ") && $0.contains("(policy)") && $0.contains("/expired") },
                "\(debug)")
        }

        // Damage the journal: the next manager warns about what it skipped.
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("freeze.journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0xAB, count: 64))
        try handle.close()
        _ = try HTFreezeManager(directory: folder.url, monitor: monitor, configuration: settings)
        let warnings = log.messages(.warning, .freeze)
        #expect(warnings.contains { $0.contains("freeze.journal") && $0.contains("damaged") }, "\(warnings)")
    }
}
