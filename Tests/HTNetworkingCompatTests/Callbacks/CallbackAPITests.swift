import Dispatch
import Foundation
import HTNetworking
import HTNetworkingCompat
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A delegate that keeps what it was told, on the main actor.
@MainActor
final class RecordingDelegate: HTRequestDelegate {
    var finished: [(type: String, path: String?)] = []
    var failed: [HTNetworkingError] = []
    var waiters: [CheckedContinuation<Void, Never>] = []

    func requestDidFinish<R: HTBaseRequest>(_ request: R, response: HTResponse<R.Response>) {
        MainActor.assertIsolated()
        finished.append((String(describing: R.self), (response.value as? EchoResult)?.path))
        resume()
    }

    func requestDidFail<R: HTBaseRequest>(_ request: R, error: HTNetworkingError) {
        failed.append(error)
        resume()
    }

    private func resume() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Waits until `count` results have arrived.
    func wait(for count: Int) async {
        while finished.count + failed.count < count {
            await withCheckedContinuation { waiters.append($0) }
        }
    }
}

@Suite("Completion handlers and delegates", .timeLimit(.minutes(3)))
struct CallbackAPITests {
    private static let queueKey = DispatchSpecificKey<String>()

    /// Sends with a completion handler on a queue of the test's own and returns what the handler got,
    /// and whether it ran on that queue.
    private func complete<R: HTBaseRequest & Sendable>(_ client: HTClient, _ request: R, cancel: Bool = false) async
        -> (Result<HTResponse<R.Response>, HTNetworkingError>, Bool) where R.Response: Sendable
    {
        let queue = DispatchQueue(label: "callback-tests")
        queue.setSpecific(key: Self.queueKey, value: "callback-tests")
        return await withCheckedContinuation { continuation in
            let task = client.send(request, queue: queue) { result in
                continuation.resume(
                    returning: (result, DispatchQueue.getSpecific(key: Self.queueKey) == "callback-tests"))
            }
            if cancel { task.cancel() }
        }
    }

    @Test("a completion handler gets the response on the given queue")
    func completionSuccess() async throws {
        let server = try await sharedServer()
        let (result, onQueue) = await complete(
            loopbackClient(server), StatusRequest(code: 200, body: #"{"a": 1}"#, contentType: "application/json"))
        #expect(onQueue)
        guard case .success(let response) = result else {
            Issue.record("expected success, got \(result)")
            return
        }
        #expect(response.value == ["a": 1])
        #expect(response.statusCode == 200)
    }

    @Test("a completion handler gets failures, including a request that cannot be built and a cancelled one")
    func completionFailures() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        let (status, _) = await complete(client, StatusRequest(code: 418))
        #expect((try? status.get()) == nil)
        if case .failure(let error) = status { #expect(error.statusCode == 418) }

        struct Unbuildable: HTBaseRequest, Sendable {
            typealias Response = HTJSON
            static let method: HTHTTPMethod = .get
            static let path = "/users/:id"
        }
        let (invalid, onQueue) = await complete(client, Unbuildable())
        #expect(onQueue)
        guard case .failure(let error) = invalid, case .invalidRequest(let message) = error.kind else {
            Issue.record("expected an invalid request, got \(invalid)")
            return
        }
        #expect(message.contains("id"))

        let slow = Customized(StatusRequest(code: 200), mock: HTMockResponse.json([:]).delayed(by: 30))
        let mocked = HTClient(
            configuration: HTClientConfiguration(baseURL: server.baseURL, mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())
        let (cancelled, _) = await complete(mocked, slow, cancel: true)
        guard case .failure(let cancellation) = cancelled else {
            Issue.record("expected a failure, got \(cancelled)")
            return
        }
        #expect(cancellation.isCancelled)
    }

    @Test("the returned task can be awaited and reports cancellation")
    func requestTask() async throws {
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())
        let delivered = Recorded<Bool>()
        let queue = DispatchQueue(label: "task-tests")
        let task = client.send(Customized(EchoIDRequest(id: 1), mock: .json(["path": "/p"])), queue: queue) { result in
            delivered.append((try? result.get())?.value.path == "/p")
        }
        await task.wait()
        queue.sync {}
        #expect(delivered.values == [true])
        #expect(!task.isCancelled)
        task.cancel()
        #expect(task.isCancelled)
    }

    @Test("a delegate hears of successes and failures on the main actor")
    @MainActor
    func delegate() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        let delegate = RecordingDelegate()
        client.send(EchoIDRequest(id: 3), delegate: delegate)
        await delegate.wait(for: 1)
        client.send(StatusRequest(code: 500), delegate: delegate)
        await delegate.wait(for: 2)
        #expect(delegate.finished.map(\.type) == ["EchoIDRequest"])
        #expect(delegate.finished.map(\.path) == ["/echo/3"])
        #expect(delegate.failed.map(\.statusCode) == [500])
    }

    @Test("the delegate is held weakly: one released before the response is not called")
    @MainActor
    func weakDelegate() async throws {
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())
        weak var released: RecordingDelegate?
        let task: HTRequestTask
        do {
            let delegate = RecordingDelegate()
            released = delegate
            task = client.send(
                Customized(EchoIDRequest(id: 1), mock: HTMockResponse.json([:]).delayed(by: 0.2)), delegate: delegate)
        }
        #expect(released == nil)
        await task.wait()
        #expect(released == nil)
        #expect(client.inFlightCount == 0)
    }
}
