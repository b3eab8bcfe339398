import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries against the loopback server, counted by the server (`/flaky` and `/counter`); waits are
/// recorded by an injected sleeper instead of slept.
@Suite("Scheduling: retry", .timeLimit(.minutes(3)))
struct SchedulingRetryTests {
    typealias Support = SchedulingTestSupport

    @Test("a 5xx is retried with exponential backoff until the request succeeds")
    func retriesUntilSuccess() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let sleeper = SchedRecordingSleeper()
        let policy = Support.policy(maxRetries: 3, sleeper: sleeper, initialDelay: .milliseconds(100))
        let value = try await Support.client(server).send(
            FlakyRequest(key: "\(id)k", fail: 2, status: 500), retry: policy)
        #expect(value["attempts"]?.intValue == 3)
        #expect(try await Support.count("\(id)k", on: server) == 3)
        #expect(sleeper.delays == [.milliseconds(100), .milliseconds(200)])
    }

    @Test("the retries run out: the last failure is thrown after 1 + maxRetries attempts")
    func retriesRunOut() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let sleeper = SchedRecordingSleeper()
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).send(
                FlakyRequest(key: "\(id)k", fail: 10, status: 502),
                retry: Support.policy(maxRetries: 2, sleeper: sleeper))
        }
        #expect(Support.status(error) == 502)
        #expect(try await Support.count("\(id)k", on: server) == 3)
        #expect(sleeper.delays.count == 2)
    }

    @Test("jittered waits stay between (1 - jitter) and 1 times the computed wait")
    func jitteredWaits() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let sleeper = SchedRecordingSleeper()
        let policy = HTRetryPolicy(
            maxRetries: 4, initialDelay: .seconds(1), multiplier: 2, jitter: 0.5, sleeper: sleeper)
        _ = try await Support.client(server).send(FlakyRequest(key: "\(id)k", fail: 4, status: 500), retry: policy)
        let delays = sleeper.delays
        #expect(delays.count == 4)
        for (index, delay) in delays.enumerated() {
            let full = Duration.seconds(1 << index)
            #expect(delay <= full && delay >= full / 2, "wait \(index + 1): \(delay)")
        }
    }

    @Test("429 and 503 honour Retry-After exactly instead of the backoff")
    func retryAfterHonoured() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let sleeper = SchedRecordingSleeper()
        let policy = Support.policy(maxRetries: 2, sleeper: sleeper, initialDelay: .seconds(5))
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.send(StatusRequest(code: 429, retryAfter: "7"), retry: policy)
        }
        #expect(Support.status(error) == 429)
        #expect(error?.responseHeaders.first { $0.key.lowercased() == "retry-after" }?.value == "7")
        #expect(sleeper.delays == [.seconds(7), .seconds(7)])

        // `/flaky` sends `Retry-After: 0` with its 429s and 503s.
        let zero = SchedRecordingSleeper()
        let value = try await client.send(
            FlakyRequest(key: "\(id)t", fail: 2, status: 429), retry: Support.policy(maxRetries: 2, sleeper: zero))
        #expect(value["attempts"]?.intValue == 3)
        #expect(zero.delays == [.zero, .zero])
    }

    @Test("a Retry-After longer than maxRetryAfter ends the retries instead of waiting")
    func retryAfterTooLong() async throws {
        let server = try await Support.server()
        let sleeper = SchedRecordingSleeper()
        var policy = Support.policy(maxRetries: 3, sleeper: sleeper)
        policy.maxRetryAfter = .seconds(60)
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).send(StatusRequest(code: 503, retryAfter: "3600"), retry: policy)
        }
        #expect(Support.status(error) == 503)
        #expect(sleeper.delays.isEmpty)
    }

    @Test("408 is retried; 4xx answers other than 408 and 429 are not")
    func clientErrors() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let value = try await client.send(
            FlakyRequest(key: "\(id)timeout", fail: 1, status: 408),
            retry: Support.policy(maxRetries: 2, sleeper: SchedRecordingSleeper()))
        #expect(value["attempts"]?.intValue == 2)
        for status in [400, 401, 404, 422] {
            let error = await Support.error { () async throws(HTNetworkingError) in
                try await client.send(
                    FlakyRequest(key: "\(id)s\(status)", fail: 1, status: status),
                    retry: Support.policy(maxRetries: 3, sleeper: SchedRecordingSleeper()))
            }
            #expect(Support.status(error) == status)
            #expect(try await Support.count("\(id)s\(status)", on: server) == 1)
        }
    }

    @Test("a non-idempotent request (POST) is not retried unless the policy is forced")
    func nonIdempotent() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Support.client(server)
        let policy = Support.policy(maxRetries: 3, sleeper: SchedRecordingSleeper())
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.send(FlakyPostRequest(), retry: policy)
        }
        #expect(Support.status(error) == 503)
        #expect(try await Support.count("post", on: server) == 1)

        // On a fresh server (fresh counters) the forced policy retries the POST after its one failure.
        let restarted = try await LoopbackServer.start()
        defer { restarted.stop() }
        let value = try await Support.client(restarted).send(
            FlakyPostRequest(), retry: policy.forcingNonIdempotentRetries())
        #expect(value["attempts"]?.intValue == 2)
        #expect(try await Support.count("post", on: restarted) == 2)
    }

    @Test("connection failures are retried (connection refused), then reported as transport errors")
    func connectionRefused() async throws {
        // Held, never listening: refused, and no other test's server can take the port meanwhile.
        let closed = try PortReservation()
        let baseURL = closed.baseURL
        let sleeper = SchedRecordingSleeper()
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await HTClient(baseURL: baseURL).send(
                FlakyRequest(key: "k", fail: 0), retry: Support.policy(maxRetries: 2, sleeper: sleeper))
        }
        #expect(Support.transportCode(error) == .some(URLError.Code.cannotConnectToHost.rawValue))
        #expect(sleeper.delays.count == 2)
    }

    @Test("cancelling the task while it waits between attempts stops the retries")
    func cancellationStopsRetries() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let sleeper = SchedAnnouncingSleeper()
        let policy = HTRetryPolicy(maxRetries: 5, jitter: 0, sleeper: sleeper)
        let task = Task { () async throws(HTNetworkingError) -> HTJSON in
            try await client.send(FlakyRequest(key: "\(id)k", fail: 100, status: 500), retry: policy)
        }
        var waits = sleeper.started.makeAsyncIterator()
        let firstWait = await waits.next()
        #expect(firstWait == .milliseconds(500))
        task.cancel()
        let result = await task.result
        #expect(Support.isCancelled(result.htFailure as? HTNetworkingError))
        #expect(try await Support.count("\(id)k", on: server) == 1)
    }

    @Test("a task cancelled before the first attempt sends nothing")
    func cancelledBeforeStart() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let sleeper = SchedRecordingSleeper()
        let task = Task { () async throws(HTNetworkingError) -> HTJSON in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(
                FlakyRequest(key: "\(id)k", fail: 1, status: 500),
                retry: Support.policy(maxRetries: 3, sleeper: sleeper))
        }
        #expect(Support.isCancelled(await task.result.htFailure as? HTNetworkingError))
        #expect(sleeper.delays.isEmpty)
        #expect(try await Support.count("\(id)k", on: server) == 0)
    }

    @Test("HTRetryPolicy.run retries any operation, e.g. building a non-Sendable request per attempt")
    func runWithNonSendableRequest() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let sleeper = SchedRecordingSleeper()
        var attempts: [Int] = []
        let echo = try await Support.policy(maxRetries: 3, sleeper: sleeper).run(method: .get) {
            attempt async throws(HTNetworkingError) -> sending EchoResult in
            attempts.append(attempt)
            _ = try await client.send(FlakyRequest(key: "\(id)k", fail: 2, status: 503))
            let model = EchoResult { $0.path_ = "/after/\(attempt)" }
            return try await client.send(EchoModelRequest(echoResult: model))
        }
        #expect(attempts == [1, 2, 3])
        #expect(echo.json?["path"]?.stringValue == "/after/3")
        #expect(sleeper.delays == [.zero, .zero])  // the 503s carried Retry-After: 0
    }

    @Test("the response variant returns the raw response of the attempt that succeeded")
    func responseVariant() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let response = try await Support.client(server).response(
            for: FlakyRequest(key: "\(id)k", fail: 1, status: 500),
            retry: Support.policy(maxRetries: 1, sleeper: SchedRecordingSleeper()))
        #expect(response.statusCode == 200)
        #expect(response.value["attempts"]?.intValue == 2)
    }
}
