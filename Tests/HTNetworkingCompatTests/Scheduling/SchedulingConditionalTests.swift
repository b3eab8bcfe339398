import Foundation
import HTNetworking
import HTNetworkingCompat
import HTTestRequests
import Testing

/// "If A succeeds then B else C" against the loopback server; which branch was sent is counted by the
/// server.
@Suite("Scheduling: if A succeeds then B else C", .timeLimit(.minutes(3)))
struct SchedulingConditionalTests {
    typealias Support = SchedulingTestSupport

    @Test("A succeeds: B is sent and C is not")
    func thenBranch() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let branch = try await Support.client(server).send(
            if: StatusRequest(code: 200), then: EchoUserRequest(id: 1), else: FlakyRequest(key: "\(id)else", fail: 0))
        #expect(branch.thenValue?.path == "/echo/users/1")
        #expect(branch.elseValue == nil)
        #expect(try await Support.count("\(id)else", on: server) == 0)
    }

    @Test("A fails: C is sent and B is not")
    func elseBranch() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let branch = try await Support.client(server).send(
            if: StatusRequest(code: 404), then: FlakyRequest(key: "\(id)then", fail: 0),
            else: FlakyRequest(key: "\(id)else", fail: 0))
        #expect(branch.thenValue == nil)
        #expect(branch.elseValue?["attempts"]?.intValue == 1)
        #expect(branch.value["attempts"]?.intValue == 1)
        #expect(try await Support.count("\(id)then", on: server) == 0)
        #expect(try await Support.count("\(id)else", on: server) == 1)
    }

    @Test("a mapping failure of A counts as failure")
    func mappingFailure() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let branch = try await Support.client(server).send(
            if: MissingKeyPathRequest(), then: FlakyRequest(key: "\(id)then", fail: 0),
            else: FlakyRequest(key: "\(id)else", fail: 0))
        #expect(branch.elseValue != nil)
        #expect(try await Support.count("\(id)then", on: server) == 0)
    }

    @Test("the failure of the branch that ran is thrown")
    func branchFailure() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).send(
                if: StatusRequest(code: 200), then: StatusRequest(code: 500),
                else: FlakyRequest(key: "\(id)else", fail: 0))
        }
        #expect(Support.status(error) == 500)
        #expect(try await Support.count("\(id)else", on: server) == 0)
    }

    @Test("cancellation of A runs neither branch")
    func cancellation() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let task = Task { () async throws(HTNetworkingError) -> HTBranch<HTJSON, HTJSON> in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(
                if: FlakyRequest(key: "\(id)if", fail: 0), then: FlakyRequest(key: "\(id)then", fail: 0),
                else: FlakyRequest(key: "\(id)else", fail: 0))
        }
        #expect(Support.isCancelled(await task.result.htFailure as? HTNetworkingError))
        for key in ["if", "then", "else"] {
            #expect(try await Support.count(id + key, on: server) == 0)
        }
    }

    @Test("closure branches: then receives A's model, else receives A's error")
    func closures() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        let then = try await client.send(if: EchoUserRequest(id: 3)) {
            (echo: sending EchoResult) async throws(HTNetworkingError) -> sending EchoResult in
            try await client.send(EchoModelRequest(echoResult: echo))
        } else: { (error: HTNetworkingError) async throws(HTNetworkingError) -> sending Int in
            error.statusCode ?? -1
        }
        #expect(then.thenValue?.json?["path"]?.stringValue == "/echo/users/3")

        let otherwise = try await client.send(if: StatusRequest(code: 418)) {
            (_: sending HTJSON) async throws(HTNetworkingError) -> sending String in
            "then"
        } else: { (error: HTNetworkingError) async throws(HTNetworkingError) -> sending Int in
            error.statusCode ?? -1
        }
        #expect(otherwise.elseValue == 418)
    }

    @Test("closure branches run in the caller's isolation and may use its state")
    @MainActor
    func mainActorBranches() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        var log: [String] = []
        _ = try await client.send(if: StatusRequest(code: 500)) {
            (_: sending HTJSON) async throws(HTNetworkingError) -> sending Int in
            log.append("then")
            return 1
        } else: { (error: HTNetworkingError) async throws(HTNetworkingError) -> sending Int in
            log.append("else \(error.statusCode ?? 0)")
            return 2
        }
        #expect(log == ["else 500"])
    }
}
