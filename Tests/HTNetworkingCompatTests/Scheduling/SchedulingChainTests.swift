import Foundation
import HTNetworking
import HTNetworkingCompat
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

    @Test("a failed step is a warning under the scheduling component; a cancelled one a debug line")
    func failureLog() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let log = MessageLog()
        let client = loopbackClient(server, logger: log.logger)
        _ = await Support.error { () async throws(HTNetworkingError) in
            try await client.chain(FlakyRequest(key: id + "e", fail: 0)).then { _ in
                FlakyRequest(key: id + "f", fail: 1, status: 500)
            }.send()
        }
        let warnings = log.messages(.warning, .scheduling)
        #expect(warnings.contains { $0.hasPrefix("chain: step 2 failed: ") && $0.contains("500") }, "\(warnings)")

        let cancelled = Task { () async throws(HTNetworkingError) -> HTJSON in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.chain(FlakyRequest(key: id + "c", fail: 0)).send()
        }
        #expect(Support.isCancelled(await cancelled.result.htFailure as? HTNetworkingError))
        #expect(log.messages(.debug, .scheduling).contains { $0.hasPrefix("chain: step 1 failed: ") })
        #expect(log.messages(.warning, .scheduling).count == 1)
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

/// The forms the README shows, with closures left to type inference. (Batches and retries are in
/// HTNetworkingTests.)
@Suite("Scheduling: call forms of chains and branches", .timeLimit(.minutes(3)))
struct SchedulingCallFormTests {
    typealias Support = SchedulingTestSupport

    @Test("chain and if/then/else run with inferred closure types")
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

        let branch = try await client.send(if: StatusRequest(code: 500)) { json in
            try await client.send(EchoUserRequest(id: json["status"]?.intValue ?? 0))
        } else: { error in
            try await client.send(EchoUserRequest(id: error.statusCode ?? 0))
        }
        #expect(branch.elseValue?.path == "/echo/users/500")
    }
}
