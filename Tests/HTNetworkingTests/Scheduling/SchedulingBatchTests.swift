import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

/// Batches against the loopback server: order, both failure modes, cancellation, models crossing tasks.
@Suite("Scheduling: batches", .timeLimit(.minutes(3)))
struct SchedulingBatchTests {
    typealias Support = SchedulingTestSupport

    @Test("results come back in the order of the requests, not of completion")
    func order() async throws {
        let server = try await Support.server()
        // The first requests are the slowest, so they complete last.
        let delays = [400, 300, 200, 100, 0]
        let values = try await Support.client(server).batch(delays.map { DelayRequest(ms: $0) })
        #expect(values.map { $0["delayed"]?.intValue } == delays)
    }

    @Test("mapped models (non-Sendable classes) come back from the parallel requests, in order")
    func models() async throws {
        let server = try await Support.server()
        let ids = Array(1...40)
        let echoes: [EchoResult] = try await Support.client(server).batch(
            ids.map { EchoUserRequest(id: $0) }, maxConcurrentRequests: 8)
        #expect(echoes.map(\.path) == ids.map { "/echo/users/\($0)" })
        let changed = echoes[0].with { $0.path_ = "changed here" }  // a new model; the batch's is unchanged
        #expect(changed.path == "changed here" && echoes[0].path == "/echo/users/1")
    }

    @Test("fail-fast: the first failure is thrown and the requests not yet sent are never sent")
    func failFastThrows() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let requests = [
            FlakyRequest(key: "\(id)a", fail: 0), FlakyRequest(key: "\(id)b", fail: 1, status: 500),
            FlakyRequest(key: "\(id)c", fail: 0), FlakyRequest(key: "\(id)d", fail: 0),
        ]
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.batch(requests, maxConcurrentRequests: 1)
        }
        #expect(Support.status(error) == 500)
        #expect(error?.request.url.contains("key=\(id)b") == true)
        #expect(try await Support.count("\(id)a", on: server) == 1)
        #expect(try await Support.count("\(id)b", on: server) == 1)
        #expect(try await Support.count("\(id)c", on: server) == 0)
        #expect(try await Support.count("\(id)d", on: server) == 0)
    }

    @Test("fail-fast results: finished requests keep their results, the rest are cancelled")
    func failFastResults() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let requests = [
            FlakyRequest(key: "\(id)a", fail: 0), FlakyRequest(key: "\(id)b", fail: 1, status: 500),
            FlakyRequest(key: "\(id)c", fail: 0), FlakyRequest(key: "\(id)d", fail: 0),
        ]
        let results = await client.batchResults(requests, mode: .failFast, maxConcurrentRequests: 1)
        #expect(results.count == 4)
        #expect((try? results[0].get())?["attempts"]?.intValue == 1)
        #expect(Support.status(results[1].htFailure) == 500)
        #expect(Support.isCancelled(results[2].htFailure))
        #expect(Support.isCancelled(results[3].htFailure))
        #expect(try await Support.count("\(id)c", on: server) == 0)
    }

    @Test("fail-fast cancels requests in flight: slow requests end as cancelled when a fast one fails")
    func failFastCancelsInFlight() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let (slow, failing, otherSlow) = await client.batchResults(
            DelayRequest(ms: 20_000), StatusRequest(code: 502), DelayRequest(ms: 20_000), mode: .failFast)
        #expect(Support.isCancelled(slow.htFailure))
        #expect(Support.status(failing.htFailure) == 502)
        #expect(Support.isCancelled(otherSlow.htFailure))

        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.batch(DelayRequest(ms: 20_000), StatusRequest(code: 503))
        }
        #expect(Support.status(error) == 503)
    }

    @Test("collect-all: every request runs to its end and reports its own result")
    func collectAll() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let requests = [
            FlakyRequest(key: "\(id)a", fail: 0), FlakyRequest(key: "\(id)b", fail: 1, status: 500),
            FlakyRequest(key: "\(id)c", fail: 0), FlakyRequest(key: "\(id)d", fail: 0),
        ]
        let results = await Support.client(server).batchResults(requests, maxConcurrentRequests: 1)
        #expect((try? results[0].get())?["attempts"]?.intValue == 1)
        #expect(Support.status(results[1].htFailure) == 500)
        #expect((try? results[2].get())?["attempts"]?.intValue == 1)
        #expect((try? results[3].get())?["attempts"]?.intValue == 1)
        for key in ["a", "b", "c", "d"] {
            #expect(try await Support.count(id + key, on: server) == 1)
        }
    }

    @Test("requests of different types: a typed tuple, in argument order")
    func heterogeneous() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let (echo, delayed, flaky) = try await client.batch(
            EchoUserRequest(id: 5), DelayRequest(ms: 50), FlakyRequest(key: "\(id)x", fail: 0))
        #expect(echo.path == "/echo/users/5")
        #expect(delayed["delayed"]?.intValue == 50)
        #expect(flaky["attempts"]?.intValue == 1)

        let (ok, missing) = await client.batchResults(EchoUserRequest(id: 6), StatusRequest(code: 404))
        #expect((try? ok.get())?.path == "/echo/users/6")
        #expect(Support.status(missing.htFailure) == 404)
    }

    @Test("requests that are not Sendable are built inside the operations")
    func nonSendableRequests() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let paths = (1...6).map { "/p/\($0)" }
        let results = await client.batchResults(count: paths.count, maxConcurrentRequests: 3) {
            index async throws(HTNetworkingError) -> sending EchoResult in
            let model = EchoResult { $0.path_ = paths[index] }
            return try await client.send(EchoModelRequest(echoResult: model))
        }
        #expect(results.map { (try? $0.get())?.json?["path"]?.stringValue } == paths)
    }

    @Test("cancelling the caller cancels every request of the batch")
    func cancellation() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let task = Task { () async -> [Result<HTJSON, HTNetworkingError>] in
            await client.batchResults([DelayRequest(ms: 20_000), DelayRequest(ms: 20_000), DelayRequest(ms: 20_000)])
        }
        task.cancel()
        let results = await task.value
        #expect(results.count == 3)
        #expect(results.allSatisfy { Support.isCancelled($0.htFailure) })
    }

    @Test("an empty batch returns at once")
    func empty() async throws {
        let client = HTClient(baseURL: try TestSupport.url("http://127.0.0.1:9"))
        let values = try await client.batch([EchoUserRequest]())
        #expect(values.isEmpty)
        #expect(await client.batchResults([EchoUserRequest]()).isEmpty)
    }

    @Test("a large batch with a concurrency limit completes in order")
    func largeBatch() async throws {
        let server = try await Support.server()
        let ids = Array(1...300)
        let echoes = try await Support.client(server).batch(
            ids.map { EchoUserRequest(id: $0) }, maxConcurrentRequests: 16)
        #expect(echoes.map(\.path) == ids.map { "/echo/users/\($0)" })
    }
}
