import Foundation
import HTNetworking
import HTTestRequests
import Testing

/// Dependent chains (the original's `flattenMap`) against the loopback server.
@Suite("Scheduling: dependent chains", .timeLimit(.minutes(3)))
struct SchedulingChainTests {
    typealias Support = SchedulingTestSupport

    @Test("A's result feeds B, B's feeds C")
    func threeSteps() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let result = try await client.chain(EchoUserRequest(id: 4))
            .then { (echo: sending EchoResult) throws(HTNetworkingError) -> sending EchoUserRequest in
                // The path of A's answer, /echo/users/4, becomes B's search text.
                var next = EchoUserRequest(id: 40)
                next.q = echo.path
                return next
            }
            .then { (echo: sending EchoResult) throws(HTNetworkingError) -> sending EchoModelRequest in
                // B's model itself goes into C, a request that is not Sendable.
                EchoModelRequest(echoResult: echo)
            }
            .send()
        #expect(result.json?["path"]?.stringValue == "/echo/users/40")
        #expect(result.json?["method"]?.stringValue == "GET")

        let query = try await client.chain(EchoUserRequest(id: 4))
            .then { (echo: sending EchoResult) throws(HTNetworkingError) -> sending EchoUserRequest in
                var next = EchoUserRequest(id: 41)
                next.q = echo.path
                return next
            }
            .map { (echo: sending EchoResult) throws(HTNetworkingError) -> sending [String]? in
                EchoResult.values("q", in: echo.query)
            }
            .send()
        #expect(query == ["/echo/users/4"])
    }

    @Test("a failing step ends the chain with its error; later steps are not sent")
    func failingStep() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let chain = Support.client(server).chain(FlakyRequest(key: "\(id)first", fail: 0))
            .then { (_: sending HTJSON) throws(HTNetworkingError) -> sending StatusRequest in StatusRequest(code: 409) }
            .then { (_: sending HTJSON) throws(HTNetworkingError) -> sending FlakyRequest in
                FlakyRequest(key: "\(id)third", fail: 0)
            }
        let error = await Support.error { () async throws(HTNetworkingError) in try await chain.send() }
        #expect(Support.status(error) == 409)
        #expect(try await Support.count("\(id)first", on: server) == 1)
        #expect(try await Support.count("\(id)third", on: server) == 0)
    }

    @Test("a step can throw to end the chain, e.g. when A's result lacks what B needs")
    func throwingStep() async throws {
        let server = try await Support.server()
        let chain = Support.client(server).chain(StatusRequest(code: 200))
            .then { (json: sending HTJSON) throws(HTNetworkingError) -> sending FlakyRequest in
                guard let key = json["key"]?.stringValue else {
                    throw HTNetworkingError(
                        .invalidRequest("no key"),
                        request: HTRequestDescription(method: "GET", url: "/flaky", requestType: "FlakyRequest"))
                }
                return FlakyRequest(key: key, fail: 0)
            }
        let error = await Support.error { () async throws(HTNetworkingError) in try await chain.send() }
        guard case .invalidRequest(let message)? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message == "no key")
    }

    @Test("nothing is sent until send(), and each send() runs the whole chain again")
    func lazyAndRepeatable() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let chain = Support.client(server).chain(FlakyRequest(key: "\(id)a", fail: 0))
            .then { (json: sending HTJSON) throws(HTNetworkingError) -> sending FlakyRequest in
                FlakyRequest(key: "\(id)b\(json["attempts"]?.intValue ?? 0)", fail: 0)
            }
        #expect(try await Support.count("\(id)a", on: server) == 0)
        let first = try await chain.send()
        let second = try await chain.send()
        #expect(first["attempts"]?.intValue == 1)
        #expect(second["attempts"]?.intValue == 1)
        #expect(try await Support.count("\(id)a", on: server) == 2)
        #expect(try await Support.count("\(id)b1", on: server) == 1)
        #expect(try await Support.count("\(id)b2", on: server) == 1)
    }

    @Test("an async step can send several requests, e.g. a batch built from A's result")
    func asyncStep() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let paths = try await client.chain(EchoUserRequest(id: 2))
            .then { (echo: sending EchoResult) async throws(HTNetworkingError) -> sending [String?] in
                let ids = [10, 20, 30].map { $0 + (echo.path == "/echo/users/2" ? 2 : 0) }
                return try await client.batch(ids.map { EchoUserRequest(id: $0) }).map(\.path)
            }
            .send()
        #expect(paths == ["/echo/users/12", "/echo/users/22", "/echo/users/32"])
    }

    @Test("a chain started from a builder, for a first request that is not Sendable")
    func builderStart() async throws {
        let server = try await Support.server()
        let result = try await Support.client(server).chain { () -> sending EchoModelRequest in
            let model = EchoResult { $0.path_ = "/start" }
            return EchoModelRequest(echoResult: model)
        }.send()
        #expect(result.json?["path"]?.stringValue == "/start")
    }
}

/// The forms the README shows, with closures left to type inference.
@Suite("Scheduling: call forms", .timeLimit(.minutes(3)))
struct SchedulingCallFormTests {
    typealias Support = SchedulingTestSupport

    @Test("chain, if/then/else and retry run with inferred closure types")
    func inferredClosures() async throws {
        let server = try await Support.server()
        let client = Support.client(server)

        let chained = try await client.chain(EchoUserRequest(id: 1))
            .then { echo in EchoUserRequest(id: echo.path == "/echo/users/1" ? 2 : 0) }
            .map { echo in echo.path }
            .send()
        #expect(chained == "/echo/users/2")

        // Steps containing `try` without a declared thrown type make the chain throw `any Error`.
        let untyped = client.chain(EchoUserRequest(id: 3))
            .then { echo in try await client.send(EchoUserRequest(id: echo.path?.count ?? 0)) }
            .then { echo in
                guard let path = echo.path else { throw CancellationError() }
                return EchoUserRequest(id: path.count)
            }
        #expect(try await untyped.send().path == "/echo/users/14")

        let results = await client.batchResults(count: 2) { index in
            try await client.send(EchoUserRequest(id: index))
        }
        #expect(results.map { (try? $0.get())?.path } == ["/echo/users/0", "/echo/users/1"])

        let branch = try await client.send(if: StatusRequest(code: 500)) { json in
            try await client.send(EchoUserRequest(id: json["status"]?.intValue ?? 0))
        } else: { error in
            try await client.send(EchoUserRequest(id: error.statusCode ?? 0))
        }
        #expect(branch.elseValue?.path == "/echo/users/500")

        let retried = try await HTRetryPolicy(sleeper: SchedRecordingSleeper()).run(method: .get) { attempt in
            try await client.send(EchoUserRequest(id: attempt))
        }
        #expect(retried.path == "/echo/users/1")
    }
}
