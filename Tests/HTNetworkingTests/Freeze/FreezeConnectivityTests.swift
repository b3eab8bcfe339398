import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

@Suite("Freeze connectivity monitors", .timeLimit(.minutes(3)))
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
        // Backoff 0.1 s, 0.2 s, 0.4 s: three probes after the failure take at least 0.7 s (a fixed 0.1 s
        // interval would take 0.3 s). A loaded machine only makes it slower.
        let before = monitor.probesSent
        let clock = ContinuousClock()
        let started = clock.now
        while monitor.probesSent - before < 3 && clock.now - started < .seconds(30) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let elapsed = clock.now - started
        #expect(monitor.probesSent - before >= 3)
        #expect(elapsed >= .milliseconds(600), "three probes in \(elapsed)")
        #expect(monitor.status == .unreachable)

        try await server.start()
        #expect(await iterator.next() == .reachable(isExpensive: false))
    }

    @Test("Probe once against a closed port reports unreachable")
    func probeClosedPort() async throws {
        // Held, never listening: refused, and no other test's server can take it meanwhile.
        let closed = try PortReservation()
        let monitor = HTProbeConnectivityMonitor(url: closed.baseURL)
        #expect(await monitor.probe() == .unreachable)
        #expect(monitor.status == .unreachable)
        #expect(monitor.probesSent == 1)
    }
}
