import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Freeze manager against the loopback server", .timeLimit(.minutes(3)))
struct FreezeManagerTests {
    private func makeManager(
        _ folder: FreezeTemporaryFolder, _ monitor: any HTConnectivityMonitor, expensive: Bool = false
    ) throws -> HTFreezeManager {
        try HTFreezeManager(
            directory: folder.url, monitor: monitor, configuration: .init(allowsExpensiveNetworks: expensive))
    }

    private func frozenID(_ body: () async throws(HTNetworkingError) -> HTJSON) async -> String? {
        do {
            let value = try await body()
            Issue.record("expected a frozen error, got \(value)")
        } catch {
            if let id = error.frozenID { return id }
            Issue.record("expected a frozen error, got \(error)")
        }
        return nil
    }

    @Test("Unreachable at send time: persisted, typed frozen error with the id, nothing reaches the server")
    func freezeWhenUnreachable() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let manager = try makeManager(folder, monitor)
        let events = manager.events()
        let client = HTClient(baseURL: server.baseURL)
        let id = try #require(
            await frozenID { () async throws(HTNetworkingError) in
                try await manager.send(FreezePathRequest(route: "idempotent", text: "one"), via: client)
            })
        let stored = try #require(try await manager.frozenRequest(id: id))
        #expect(stored.method == "POST")
        #expect(stored.url.absoluteString == server.baseURL.absoluteString + "/idempotent")
        #expect(stored.headers["Idempotency-Key"] == id)
        #expect(stored.requestType == "FreezePathRequest")
        #expect(String(decoding: stored.body ?? Data(), as: UTF8.self).contains("\"text\":\"one\""))
        #expect(stored.expiresAt.map { abs($0.timeIntervalSince(stored.createdAt) - 3_600) < 1 } == true)
        // It is on disk (a new journal reads it; the manager holds the folder, so from a copy).
        #expect(try folder.journalCopy().entries == [stored])
        #expect(try await FreezeLedger(server).deliveries.isEmpty)
        let seen = await collectFreezeEvents(events) { $0.count == 1 }
        #expect(seen.map(\.request.id) == [id])
        #expect(seen.first?.isFrozen == true)
    }

    @Test("A connectivity failure while sending freezes; the server coming back on the same port gets it once")
    func freezeOnFailureThenServerReturns() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()  // not started: connection refused
        let monitor = HTManualConnectivityMonitor(.reachable(isExpensive: false))
        let manager = try makeManager(folder, monitor)
        let client = HTClient(baseURL: server.baseURL)
        let id = try #require(
            await frozenID { () async throws(HTNetworkingError) in
                try await manager.send(FreezePathRequest(route: "idempotent", text: "later"), via: client)
            })
        #expect(try await manager.allFrozenRequests().map(\.id) == [id])

        try await server.start()
        defer { server.stop() }
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        let summary = await manager.resendNow()
        #expect(summary.succeeded == 1)
        #expect(try await manager.allFrozenRequests().isEmpty)
        let ledger = try await FreezeLedger(server)
        #expect(ledger.applied == [id])
        #expect(ledger.deliveries[id] == 1)
        #expect(ledger.bodies[id]?.contains("later") == true)
        // A second pass has nothing left to send.
        #expect(await manager.resendNow() == HTFreezeResendSummary())
    }

    @Test("Policy none: never frozen, the failure reaches the caller")
    func policyNone() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let manager = try makeManager(folder, monitor)
        let closed = try PortReservation()  // refused: nothing listens, and nothing else can take it
        let client = HTClient(baseURL: closed.baseURL)
        do {
            _ = try await manager.send(FreezePathRequest(route: "idempotent", text: "x", policy: .none), via: client)
            Issue.record("expected a failure")
        } catch {
            #expect(error.frozenID == nil)
            guard case .transport = error.kind else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
        }
        #expect(try await manager.allFrozenRequests().isEmpty)
    }

    @Test("Connectivity returns: resent automatically in freeze order, with events")
    func automaticResendInOrder() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let manager = try makeManager(folder, monitor)
        let client = HTClient(baseURL: server.baseURL)
        var ids: [String] = []
        for index in 0..<6 {
            if let id = await frozenID({ () async throws(HTNetworkingError) in
                try await manager.send(FreezePathRequest(route: "idempotent", text: "n\(index)"), via: client)
            }) {
                ids.append(id)
            }
        }
        #expect(ids.count == 6)
        let events = manager.events()
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: true)
        monitor.set(.reachable(isExpensive: false))
        let seen = await collectFreezeEvents(events) { $0.filter(\.isSuccess).count == 6 }
        await manager.stopMonitoring()
        #expect(seen.filter(\.isSuccess).map(\.request.id) == ids)
        #expect(try await FreezeLedger(server).applied == ids)
        #expect(try await manager.allFrozenRequests().isEmpty)
    }

    @Test("Expensive networks resend only when allowed (WWAN mode)")
    func expensive() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        for allowed in [false, true] {
            let monitor = HTManualConnectivityMonitor(.unreachable)
            let manager = try makeManager(folder, monitor, expensive: allowed)
            _ = try await manager.freeze(FreezePathRequest(route: "idempotent", text: "cell"), via: client)
            await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
            monitor.set(.reachable(isExpensive: true))
            let summary = await manager.resendNow()
            #expect(summary.succeeded == (allowed ? 1 : 0))
            #expect(try await manager.allFrozenRequests().count == (allowed ? 0 : 1))
        }
    }

    @Test("The same request frozen twice is kept once (the first wins); sensitive data tells requests apart")
    func duplicates() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.unreachable))
        let client = HTClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        let first = await frozenID { () async throws(HTNetworkingError) in
            try await manager.send(
                FreezePathRequest(route: "idempotent", text: "same", sensitive: "alice"), via: client)
        }
        let second = await frozenID { () async throws(HTNetworkingError) in
            try await manager.send(
                FreezePathRequest(route: "idempotent", text: "same", sensitive: "alice"), via: client)
        }
        let other = await frozenID { () async throws(HTNetworkingError) in
            try await manager.send(FreezePathRequest(route: "idempotent", text: "same", sensitive: "bob"), via: client)
        }
        #expect(first != nil && first == second)
        #expect(other != nil && other != first)
        #expect(try await manager.allFrozenRequests().map(\.id) == [first, other].compactMap { $0 })
    }

    @Test("Failed resends: 503 stays with backoff and a counted attempt; 404 is dropped; both reported")
    func failedResends() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.reachable(isExpensive: false)))
        let client = HTClient(baseURL: server.baseURL)
        // A long backoff, so a slow machine can't reach the next attempt within the test.
        await manager.register(HTDefaultFreezePolicy(initialDelay: 120), for: .sendFreezeAutomatically)
        let busy = try await manager.freeze(FreezeStatusRequest(code: 503), via: client)
        let gone = try await manager.freeze(FreezeStatusRequest(code: 404), via: client)
        let events = manager.events()
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        let before = Date()
        let summary = await manager.resendNow()
        #expect(summary.failed == 1)
        #expect(summary.dropped == 1)
        let kept = try #require(try await manager.frozenRequest(id: busy))
        #expect(kept.attempts == 1)
        #expect(kept.nextAttemptAt.map { $0 > before.addingTimeInterval(100) } == true)
        #expect(try await manager.frozenRequest(id: gone) == nil)
        // In backoff: the next pass leaves it alone.
        #expect(await manager.resendNow().deferred == 1)
        let seen = await collectFreezeEvents(events) { $0.count == 3 }
        guard seen.count == 3, case .resendFailed(_, let error503, true) = seen[0],
            case .resendFailed(_, let error404, false) = seen[1], case .dropped(_, .failed) = seen[2]
        else {
            Issue.record("unexpected events \(seen)")
            return
        }
        #expect(error503.statusCode == 503)
        #expect(error404.statusCode == 404)
    }

    @Test("Expiry is honoured: an expired request is dropped, never sent")
    func expiry() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.reachable(isExpensive: false)))
        let client = HTClient(baseURL: server.baseURL)
        let short = try await manager.freeze(
            FreezePathRequest(route: "idempotent", text: "s", expiry: 0.3), via: client)
        let long = try await manager.freeze(FreezePathRequest(route: "idempotent", text: "l", expiry: 60), via: client)
        try await Task.sleep(for: .milliseconds(400))
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        let summary = await manager.resendNow()
        #expect(summary.dropped == 1)
        #expect(summary.succeeded == 1)
        let ledger = try await FreezeLedger(server)
        #expect(ledger.applied == [long])
        #expect(ledger.deliveries[short] == nil)
    }

    @Test("Custom policies decide by id; an unregistered id stays frozen")
    func customPolicies() async throws {
        struct Hold: HTFreezePolicy {
            func canSend(_ request: HTFrozenRequest, now: Date) -> Bool {
                !String(decoding: request.body ?? Data(), as: UTF8.self).contains("hold")
            }
        }
        struct DropAll: HTFreezePolicy {
            func shouldDrop(_ request: HTFrozenRequest, now: Date) -> Bool { true }
        }
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.reachable(isExpensive: false)))
        await manager.register(Hold(), for: "hold")
        await manager.register(DropAll(), for: "drop")
        let client = HTClient(baseURL: server.baseURL)
        let held = try await manager.freeze(
            FreezePathRequest(route: "idempotent", text: "hold", policy: "hold"), via: client)
        let sent = try await manager.freeze(
            FreezePathRequest(route: "idempotent", text: "go", policy: "hold"), via: client)
        _ = try await manager.freeze(FreezePathRequest(route: "idempotent", text: "d", policy: "drop"), via: client)
        let unknown = try await manager.freeze(
            FreezePathRequest(route: "idempotent", text: "u", policy: "unregistered"), via: client)
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        let summary = await manager.resendNow()
        #expect(summary.dropped == 1)
        #expect(summary.deferred == 2)
        #expect(summary.succeeded == 1)
        #expect(try await FreezeLedger(server).applied == [sent])
        #expect(try await manager.allFrozenRequests().map(\.id) == [held, unknown])
    }

    @Test("Management: query, all, remove, clear in memory (reloaded from disk), clear all")
    func management() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.unreachable))
        let client = HTClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        var ids: [String] = []
        for index in 0..<4 {
            ids.append(try await manager.freeze(FreezePathRequest(route: "idempotent", text: "m\(index)"), via: client))
        }
        #expect(try await manager.allFrozenRequests().map(\.id) == ids)
        #expect(try await manager.frozenRequest(id: ids[2])?.id == ids[2])
        #expect(try await manager.remove(id: ids[1])?.id == ids[1])
        #expect(try await manager.remove(id: ids[1]) == nil)
        #expect(try await manager.frozenRequest(id: ids[1]) == nil)
        await manager.clearInMemory()
        #expect(await manager.isLoadedInMemory == false)
        #expect(try await manager.allFrozenRequests().map(\.id) == [ids[0], ids[2], ids[3]])
        #expect(await manager.isLoadedInMemory == true)
        try await manager.clearAll()
        #expect(try await manager.allFrozenRequests().isEmpty)
        #expect(try folder.journalCopy().entries.isEmpty)
    }

    @Test(
        "Resends go through the client: its interceptors (a token added now, never stored), its request-type transports"
    )
    func resendThroughClient() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let sent = FreezeSentRequests()
        var configuration = HTClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!)
        configuration.interceptors = [
            HTBlockInterceptor(adapt: { request, _ in
                request.setValue("Bearer fresh", forHTTPHeaderField: "Authorization")
            })
        ]
        configuration.transports["frames"] = FreezeRecordingTransport(name: "frames", sent: sent)
        let client = HTClient(
            configuration: configuration, transport: FreezeRecordingTransport(name: "default", sent: sent))
        let framed: String
        let plain: String
        do {
            let manager = try makeManager(folder, monitor)
            framed = try #require(
                await frozenID { () async throws(HTNetworkingError) in
                    try await manager.send(FreezeFramedRequest(text: "a"), via: client)
                })
            plain = try #require(
                await frozenID { () async throws(HTNetworkingError) in
                    try await manager.send(FreezePathRequest(route: "idempotent", text: "b"), via: client)
                })
        }
        #expect(sent.all.isEmpty)
        // What is kept: the request type that picks the transport; no token (the interceptors had not run).
        let reopened = try makeManager(folder, monitor)
        let stored = try await reopened.allFrozenRequests()
        #expect(stored.map(\.transportType) == ["frames", nil])
        #expect(stored.allSatisfy { $0.headers["Authorization"] == nil })

        monitor.set(.reachable(isExpensive: false))
        await reopened.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        #expect(await reopened.resendNow().succeeded == 2)
        let log = sent.all
        #expect(log.map(\.transport) == ["frames", "default"])
        #expect(log.map(\.idempotencyKey) == [framed, plain])
        #expect(log.allSatisfy { $0.authorization == "Bearer fresh" })
        #expect(client.inFlightCount == 0)
    }

    @Test("With the probe monitor: frozen while the server is away, resent on its own when it comes back")
    func probeMonitorEndToEnd() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        let monitor = HTProbeConnectivityMonitor(
            url: server.baseURL,
            configuration: .init(reachableInterval: 60, initialBackoff: 0.1, maximumBackoff: 0.5, timeout: 2))
        let manager = try makeManager(folder, monitor)
        let client = HTClient(baseURL: server.baseURL)
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: true)
        server.stop()
        var ids: [String] = []
        for index in 0..<3 {
            if let id = await frozenID({ () async throws(HTNetworkingError) in
                try await manager.send(FreezePathRequest(route: "idempotent", text: "p\(index)"), via: client)
            }) {
                ids.append(id)
            }
        }
        #expect(ids.count == 3)
        #expect(monitor.status == .unreachable)
        let events = manager.events()
        try await server.start()
        defer { server.stop() }
        let seen = await collectFreezeEvents(events) { $0.filter(\.isSuccess).count == 3 }
        await manager.stopMonitoring()
        #expect(seen.filter(\.isSuccess).map(\.request.id) == ids)
        #expect(try await FreezeLedger(server).applied == ids)
    }

    /// Issue #39, part 2: the live attempt of a POST carries the key its frozen copy is resent with, so a
    /// server that got the first attempt (only the answer was lost) recognises the resend.
    @Test("A POST's live attempt and its resend carry the same Idempotency-Key")
    func liveAttemptAndResendShareTheKey() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let manager = try makeManager(folder, HTManualConnectivityMonitor(.reachable(isExpensive: false)))
        let sent = FreezeSentRequests()
        let lost = HTClient(
            baseURL: try TestSupport.url("http://127.0.0.1:9"), transport: FreezeLostAnswerTransport(sent: sent))
        let id = try #require(
            await frozenID { () async throws(HTNetworkingError) in
                try await manager.send(FreezePathRequest(route: "idempotent", text: "once"), via: lost)
            })
        let resending = HTClient(
            baseURL: try TestSupport.url("http://127.0.0.1:9"),
            transport: FreezeRecordingTransport(name: "resend", sent: sent))
        await manager.setup(delegate: FreezeOneClient(resending), startMonitoring: false)
        #expect(await manager.resendNow().succeeded == 1)
        #expect(sent.all.map(\.transport) == ["lost", "resend"])
        #expect(sent.all.map(\.idempotencyKey) == [id, id])
    }
}
