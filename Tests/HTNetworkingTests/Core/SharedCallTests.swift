import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #39, part 3: identical GETs in flight share one network call (Alamofire #2239). The loopback
/// server's `/hold` route counts each request and holds it until `/release` opens its key, so the calls
/// overlap for sure; the tests wait for the client to say how many callers wait, never for time.
@Suite("Shared in-flight calls", .timeLimit(.minutes(3)))
struct SharedCallTests {
    typealias Support = SchedulingTestSupport

    /// Waits until `client`'s shared calls have `waiters` callers.
    private func waitForWaiters(_ client: HTClient, _ waiters: Int) async throws {
        while client.sharedCalls.usage.waiters < waiters {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private func release(_ key: String, on server: LoopbackServer) async throws {
        _ = try await Support.client(server).send(ReleaseRequest(key: key))
    }

    @Test("ten identical GETs make one call, and each caller gets the mapped value")
    func identicalGetsShareOneCall() async throws {
        let server = try await Support.server()
        let key = Support.uniqueID() + "same"
        let client = Support.client(server)
        try await withThrowingTaskGroup(of: HTJSON.self) { group in
            for _ in 0..<10 { group.addTask { try await client.send(HoldRequest(key: key)) } }
            // One caller makes the call; nine wait for it.
            try await waitForWaiters(client, 9)
            #expect(client.sharedCalls.usage.calls == 1)
            try await release(key, on: server)
            for try await value in group { #expect(value["count"] == 1) }
        }
        #expect(try await Support.count(key, on: server) == 1)
        #expect(client.sharedCalls.usage.calls == 0)
    }

    @Test("other credentials, an opt-out, or another client make calls of their own")
    func differentRequestsDoNotShare() async throws {
        let server = try await Support.server()
        let key = Support.uniqueID() + "own"
        let client = Support.client(server)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await client.send(HoldRequest(key: key, authorization: "Bearer ann")) }
            group.addTask { _ = try await client.send(HoldRequest(key: key, authorization: "Bearer bob")) }
            group.addTask { _ = try await client.send(HoldRequest(key: key, shares: false)) }
            group.addTask { _ = try await client.send(HoldRequest(key: key)) }
            // Wait until the server holds all four: three shared calls (each made by its only caller) and the
            // opt-out's.
            while try await Support.count(key, on: server) < 4 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(client.sharedCalls.usage.calls == 3)
            try await release(key, on: server)
            try await group.waitForAll()
        }
        #expect(try await Support.count(key, on: server) == 4)
    }

    /// Waits until the server has counted `count` requests for `key`.
    private func waitForServer(_ key: String, _ count: Int, on server: LoopbackServer) async throws {
        while try await Support.count(key, on: server) < count { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("a waiting caller that is cancelled leaves at once; the others get their answer")
    func cancellingAWaitingCaller() async throws {
        let server = try await Support.server()
        let key = Support.uniqueID() + "cancel"
        let client = Support.client(server)
        // `first` makes the call (it reached the server before the others were started).
        let first = Task { try await client.send(HoldRequest(key: key)) }
        try await waitForServer(key, 1, on: server)
        let second = Task { try await client.send(HoldRequest(key: key)) }
        let third = Task { try await client.send(HoldRequest(key: key)) }
        try await waitForWaiters(client, 2)
        second.cancel()
        #expect((await second.result.error as? HTNetworkingError)?.isCancelled == true)
        #expect(client.sharedCalls.usage.waiters == 1)
        try await release(key, on: server)
        #expect(try await first.value["count"] == 1)
        #expect(try await third.value["count"] == 1)
        #expect(try await Support.count(key, on: server) == 1)
    }

    @Test("when the caller making the call is cancelled, a waiting one makes it again and gets its answer")
    func cancellingTheCallerMakingTheCall() async throws {
        let server = try await Support.server()
        let key = Support.uniqueID() + "leader"
        let client = Support.client(server)
        let leader = Task { try await client.send(HoldRequest(key: key)) }
        try await waitForServer(key, 1, on: server)
        let waiting = Task { try await client.send(HoldRequest(key: key)) }
        try await waitForWaiters(client, 1)
        leader.cancel()
        #expect((await leader.result.error as? HTNetworkingError)?.isCancelled == true)
        // The waiting caller made the call again: the server gets it a second time.
        try await waitForServer(key, 2, on: server)
        try await release(key, on: server)
        #expect(try await waiting.value["count"] == 2)
        #expect(client.sharedCalls.usage.calls == 0)

        // Every caller gone: the call ends and is forgotten.
        let other = Support.uniqueID() + "all"
        let a = Task { try await client.send(HoldRequest(key: other)) }
        try await waitForServer(other, 1, on: server)
        let b = Task { try await client.send(HoldRequest(key: other)) }
        try await waitForWaiters(client, 1)
        b.cancel()
        a.cancel()
        #expect((await a.result.error as? HTNetworkingError)?.isCancelled == true)
        #expect((await b.result.error as? HTNetworkingError)?.isCancelled == true)
        #expect(client.sharedCalls.usage.calls == 0)
        try await release(other, on: server)
        #expect(try await Support.count(other, on: server) == 1)
    }
}

/// `GET /hold?key=`: answered when `/release?key=` is called.
struct HoldRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .get }
    static var path: String { "/hold" }
    var key: String
    var authorization: String?
    var shares = true

    var parameters: HTJSONObject { ["key": .string(key)] }
    var headers: [String: String] { authorization.map { ["Authorization": $0] } ?? [:] }
    var sharesInFlightCall: Bool { shares }
}

/// `GET /release?key=`.
struct ReleaseRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .get }
    static var path: String { "/release" }
    var key: String
    var parameters: HTJSONObject { ["key": .string(key)] }
}

extension Result {
    /// The failure, if any.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
