import Foundation
import Testing
@testable import HTNetworking

@Suite("Freeze connectivity monitors", .timeLimit(.minutes(1)))
struct FreezeConnectivityTests {
    @Test("Manual switch: streams get the current status, then each change once; stop finishes them")
    func manual() async {
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let updates = monitor.updates()
        monitor.set(.unreachable)
        monitor.set(.reachable(isExpensive: true))
        monitor.set(.reachable(isExpensive: false))
        monitor.stop()
        var seen: [HTConnectivityStatus] = []
        for await status in updates { seen.append(status) }
        #expect(seen == [.unreachable, .reachable(isExpensive: true), .reachable(isExpensive: false)])
        #expect(monitor.status == .reachable(isExpensive: false))
    }

    @Test("Probe: reachable with a server, unreachable (with backoff) when it goes away, reachable when it comes back")
    func probe() async throws {
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let monitor = HTProbeConnectivityMonitor(
            url: server.baseURL,
            configuration: .init(reachableInterval: 60, initialBackoff: 0.1, maximumBackoff: 0.4, timeout: 2))
        let updates = monitor.updates()
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next() == .unknown)
        monitor.start()
        defer { monitor.stop() }
        #expect(await iterator.next() == .reachable(isExpensive: false))

        server.stop()
        monitor.reportConnectivityFailure()
        #expect(await iterator.next() == .unreachable)
        #expect(monitor.status == .unreachable)
        let before = monitor.probesSent
        try await Task.sleep(for: .seconds(2))
        let probes = monitor.probesSent - before
        // Backoff 0.1, 0.2, 0.4, 0.4 ...: at most about 6 probes in 2 s (fewer on a loaded machine), far
        // fewer than the 20 of a fixed 0.1 s interval; and it keeps probing.
        #expect(probes >= 1 && probes <= 8, "\(probes) probes")
        #expect(monitor.status == .unreachable)

        try await server.start()
        #expect(await iterator.next() == .reachable(isExpensive: false))
    }

    @Test("Probe once against a closed port reports unreachable")
    func probeClosedPort() async {
        let monitor = HTProbeConnectivityMonitor(url: URL(string: "http://127.0.0.1:\(FreezeServerProcess.freePort())")!)
        #expect(await monitor.probe() == .unreachable)
        #expect(monitor.status == .unreachable)
        #expect(monitor.probesSent == 1)
    }
}
