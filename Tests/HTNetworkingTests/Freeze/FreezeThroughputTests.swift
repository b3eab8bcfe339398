import Foundation
import Testing

@testable import HTNetworking

@Suite("Freeze at scale", .serialized, .timeLimit(.minutes(3)))
struct FreezeThroughputTests {
    @Test("10,000 frozen requests: load time, expiry honoured, the live ones resent in order (figures printed)")
    func tenThousand() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let clock = ContinuousClock()

        // Freeze throughput, fsync'd (the default durability), through the public API.
        let durable = try HTFreezeManager(
            directory: folder.url.appendingPathComponent("durable"), monitor: HTManualConnectivityMonitor(.unreachable),
            configuration: .init())
        let durableCount = 300
        let durableTime = try await clock.measure {
            for index in 0..<durableCount {
                _ = try await durable.freeze(FreezePathRequest(route: "idempotent", text: "d\(index)"), via: client)
            }
        }
        #expect(try await durable.allFrozenRequests().count == durableCount)

        // 10,000 frozen: every tenth live, the rest already expired.
        let bufferedTime: Duration
        let liveIDs: [String]
        do {
            let manager = try HTFreezeManager(
                directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable),
                configuration: .init(durability: .buffered))
            bufferedTime = try await clock.measure {
                for index in 0..<10_000 {
                    let live = index % 10 == 0
                    _ = try await manager.freeze(
                        FreezePathRequest(route: "idempotent", text: "t\(index)", expiry: live ? 3_600 : -1),
                        via: client)
                }
            }
            let all = try await manager.allFrozenRequests()
            #expect(all.count == 10_000)
            liveIDs = all.filter { !$0.isExpired(at: Date()) }.map(\.id)
            #expect(liveIDs.count == 1_000)
        }

        // Start-up: a new manager loads the journal.
        var reopened: HTFreezeManager?
        let loadTime = try clock.measure {
            reopened = try HTFreezeManager(
                directory: folder.url, monitor: HTManualConnectivityMonitor(.reachable(isExpensive: false)),
                configuration: .init())
        }
        let loaded = try #require(reopened)
        #expect(try await loaded.allFrozenRequests().count == 10_000)

        await loaded.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        var summary = HTFreezeResendSummary()
        let resendTime = await clock.measure { summary = await loaded.resendNow() }
        #expect(summary.dropped == 9_000)
        #expect(summary.succeeded == 1_000)
        #expect(try await loaded.allFrozenRequests().isEmpty)
        let ledger = try await FreezeLedger(server)
        let appliedInOrder = ledger.applied == liveIDs
        #expect(appliedInOrder, "\(ledger.applied.count) applied")

        func perSecond(_ count: Int, _ duration: Duration) -> Int {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            return Int(Double(count) / max(seconds, 1e-9))
        }
        print(
            """
            freeze figures: \(durableCount) fsync'd freezes in \(durableTime) (\(perSecond(durableCount, durableTime))/s); \
            10,000 buffered freezes in \(bufferedTime) (\(perSecond(10_000, bufferedTime))/s); \
            10,000-entry load \(loadTime); resend pass (1,000 sent to the loopback server, 9,000 expired dropped) \
            \(resendTime) (\(perSecond(1_000, resendTime)) sent/s)
            """)
    }
}
