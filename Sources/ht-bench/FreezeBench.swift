import Foundation
import HTModel
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ht-bench --freeze`: freezing requests while offline and resending them, against the loopback test
/// server (`Tests/HTTestSupport/Server/test_server.py`, so run it from a checkout):
///
/// 1. freeze (persist) throughput through ``HTFreezeManager/freeze(_:via:)``, with each change `fsync`ed
///    (the default) and buffered;
/// 2. the time to open a journal of 10,000 frozen requests at start-up;
/// 3. resend throughput: frozen requests sent to the server's `/idempotent` route (which applies each
///    `Idempotency-Key` once) and removed from the journal, and the same with an in-memory transport
///    (the manager's own cost).
///
/// `swift run -c release ht-bench --freeze`
enum FreezeBench {
    /// `POST /idempotent` with a small JSON body.
    struct PostNoteRequest: HTFreezableRequest, Sendable {
        typealias Response = HTJSON
        static let method: HTHTTPMethod = .post
        static let path = "/idempotent"
        var index: Int
        var parameters: HTJSONObject { ["note": .string("note \(index)"), "index": .integer(Int64(index))] }
    }

    /// Supplies one client for every resend.
    final class OneClient: HTFreezeManagerDelegate {
        let client: HTClient
        init(_ client: HTClient) { self.client = client }
        func client(for request: HTFrozenRequest) async -> HTClient? { client }
    }

    /// Answers 201 at once.
    struct AcceptingTransport: HTTransport {
        func send(_ request: URLRequest) async throws -> HTTransportResponse {
            HTTransportResponse(
                statusCode: 201, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
        }
    }

    /// Settings with the journal's `durability`. (They post no resend notifications: those are
    /// HTNetworkingCompat's, posted only when its `notificationCenter` is set.)
    static func settings(durability: HTFreezeJournal.Durability = .synchronous) -> HTFreezeManager.Configuration {
        HTFreezeManager.Configuration(durability: durability)
    }

    /// Runs the measurements and prints them.
    static func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-freeze-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        let offline = HTManualConnectivityMonitor(.unreachable)
        let fixtures = root.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let server = try ClientBench.Server(fixtures: fixtures)
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        print("ht-bench --freeze: loopback server on port \(server.port)")

        // 1. Freeze throughput.
        for (label, durability, count) in [
            ("fsync'd", HTFreezeJournal.Durability.synchronous, 500), ("buffered", .buffered, 5_000),
        ] {
            let manager = try HTFreezeManager(
                directory: root.appendingPathComponent("freeze-\(label)"), monitor: offline,
                configuration: settings(durability: durability))
            let elapsed = try await clock.measure {
                for index in 0..<count {
                    _ = try await manager.freeze(PostNoteRequest(index: index), via: client)
                }
            }
            print(
                String(
                    format: "freeze (persist), %-8@ %8.0f requests/s (%d in %.2f s)",
                    label as NSString, Double(count) / elapsed.seconds, count, elapsed.seconds))
        }

        // 2. Opening a journal of 10,000 frozen requests.
        let large = root.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: large, withIntermediateDirectories: true)
        do {
            let journal = try HTFreezeJournal(
                fileURL: large.appendingPathComponent("freeze.journal"), durability: .buffered)
            let now = Date()
            let entries = (0..<10_000).map { index in
                HTFrozenRequest(
                    method: "POST", url: server.baseURL.appendingPathComponent("idempotent"),
                    headers: ["Content-Type": "application/json", "Accept": "application/json"],
                    body: Data(#"{"index":\#(index),"note":"note \#(index)"}"#.utf8), timeout: 30,
                    requestType: "PostNoteRequest", freezeKey: "key-\(index)", createdAt: now,
                    expiresAt: now.addingTimeInterval(86_400))
            }
            _ = try journal.put(contentsOf: entries)
        }
        var loads: [Double] = []
        var loaded = 0
        for _ in 0..<7 {
            let elapsed = try await clock.measure {
                let manager = try HTFreezeManager(
                    directory: large, monitor: offline, configuration: settings())
                loaded = try await manager.allFrozenRequests().count
            }
            loads.append(elapsed.seconds)
        }
        let journalBytes =
            (try? FileManager.default.attributesOfItem(atPath: large.appendingPathComponent("freeze.journal").path)[
                .size] as? Int) ?? 0
        print(
            String(
                format: "start-up with %d frozen requests (%.1f MB journal): %.1f ms (median of 7)",
                loaded, Double(journalBytes) / 1e6, BenchClock.median(loads) * 1e3))

        // 3. Resend throughput, to the server and to an in-memory transport.
        let memoryClient = HTClient(baseURL: server.baseURL, transport: AcceptingTransport())
        for (label, resendClient, count) in [
            ("loopback server", client, 1_000), ("in-memory transport", memoryClient, 2_000),
        ] {
            let monitor = HTManualConnectivityMonitor(.unreachable)
            let manager = try HTFreezeManager(
                directory: root.appendingPathComponent("resend-\(label.replacingOccurrences(of: " ", with: "-"))"),
                monitor: monitor, configuration: settings())
            for index in 0..<count {
                _ = try await manager.freeze(PostNoteRequest(index: index), via: resendClient)
            }
            monitor.set(.reachable(isExpensive: false))
            await manager.setup(delegate: OneClient(resendClient), startMonitoring: false)
            var summary = HTFreezeResendSummary()
            let elapsed = await clock.measure { summary = await manager.resendNow() }
            guard summary.succeeded == count else {
                throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "resend: \(summary)"])
            }
            print(
                String(
                    format: "resend to the %-20@ %8.0f requests/s (%d in %.2f s, each removal fsync'd)",
                    label as NSString, Double(count) / elapsed.seconds, count, elapsed.seconds))
        }
    }
}
