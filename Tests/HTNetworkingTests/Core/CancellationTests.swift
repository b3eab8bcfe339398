import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Cancellation and cancelAll", .timeLimit(.minutes(3)))
struct CancellationTests {
    /// Waits until `client` has `count` requests in flight.
    private func waitForInFlight(_ client: HTClient, _ count: Int) async throws {
        while client.inFlightCount < count { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("cancelAll cancels every request in flight over the network; the client keeps working")
    func cancelAllOverNetwork() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        let tasks = (0..<3).map { _ in
            Task { () async throws -> HTJSON in try await client.send(DelayRequest(ms: 20_000)) }
        }
        try await waitForInFlight(client, 3)
        client.cancelAll()
        for task in tasks {
            let result = await task.result
            guard case .failure(let failure) = result, (failure as? HTNetworkingError)?.isCancelled == true else {
                Issue.record("expected .cancelled, got \(result)")
                continue
            }
        }
        #expect(client.inFlightCount == 0)
        #expect(try await client.send(DelayRequest(ms: 0)) == ["delayed": 0])
    }

    @Test("cancelAll leaves other clients' requests alone")
    func cancelAllIsPerClient() async throws {
        let server = try await sharedServer()
        let first = loopbackClient(server)
        let second = loopbackClient(server)
        let doomed = Task { () async throws -> HTJSON in try await first.send(DelayRequest(ms: 20_000)) }
        let survivor = Task { () async throws -> HTJSON in try await second.send(DelayRequest(ms: 300)) }
        try await waitForInFlight(first, 1)
        try await waitForInFlight(second, 1)
        first.cancelAll()
        #expect(try await survivor.value == ["delayed": 300])
        let result = await doomed.result
        #expect((result.htFailure as? HTNetworkingError)?.isCancelled == true)
    }

    @Test("cancelling the calling task cancels an interceptor chain and the transfer, not just the wait")
    func cancelStopsTransfer() async throws {
        let server = try await sharedServer()
        let reachedTransport = Recorded<Bool>()
        let finishedTransport = Recorded<Bool>()
        struct Watching: HTTransport {
            let base = HTURLSessionTransport()
            let reached: Recorded<Bool>
            let finished: Recorded<Bool>
            func send(_ request: URLRequest) async throws -> HTTransportResponse {
                reached.append(true)
                defer { finished.append(true) }
                return try await base.send(request)
            }
        }
        let client = loopbackClient(server, transport: Watching(reached: reachedTransport, finished: finishedTransport))
        let task = Task { () async throws -> HTJSON in try await client.send(DelayRequest(ms: 20_000)) }
        while reachedTransport.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        #expect((result.htFailure as? HTNetworkingError)?.isCancelled == true)
        // The transport's own call has ended too (URLSession was cancelled, it did not run to the end).
        while finishedTransport.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(client.inFlightCount == 0)
    }

    @Test("cancelAll reaches a request whose chain has started but not yet suspended")
    func cancelAllDuringStart() async throws {
        // The transport calls cancelAll before its first suspension: with `Task.immediate` that is
        // while the client is still starting the request's task.
        let clientBox = LockedBox<HTClient?>(nil)
        struct CancellingTransport: HTTransport {
            let client: LockedBox<HTClient?>
            func send(_ request: URLRequest) async throws -> HTTransportResponse {
                client.value?.cancelAll()
                try await Task.sleep(for: .seconds(600))
                throw URLError(.timedOut)
            }
        }
        let client = HTClient(
            baseURL: try TestSupport.url("https://example.com"), transport: CancellingTransport(client: clientBox))
        clientBox.withLock { $0 = client }
        let result = await Task { () async throws -> HTJSON in try await client.send(StatusRequest(code: 200)) }.result
        #expect((result.htFailure as? HTNetworkingError)?.isCancelled == true)
        #expect(client.inFlightCount == 0)
    }
}
