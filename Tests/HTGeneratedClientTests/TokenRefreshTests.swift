import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #39, part 1: a token rejected by any number of requests is refreshed once, through generated
/// requests that declare a bearer scheme (`Specs/credentials.openapi.yaml`) and the loopback server's
/// `/bearer/<token>` route, which answers 401 to any other token. Each case is one of the races
/// Alamofire's `AuthenticationInterceptor` had.
@Suite(.timeLimit(.minutes(5)))
struct TokenRefreshTests {
    /// The client of these tests: its base URL is `/bearer/<valid>`, its bearer credential `tokens`, and
    /// an interceptor after the credential step counts what is sent and what is rejected.
    static func client(_ server: LoopbackServer, valid: String, tokens: RefreshingTokens, sends: SendLog) -> HTClient {
        let log = HTBlockInterceptor(
            adapt: { request, _ in await sends.sent(request.value(forHTTPHeaderField: "Authorization")) },
            process: { response, _, _ in
                if response.statusCode == 401 { await sends.rejected() }
                return response
            })
        var configuration = HTClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent("bearer/\(valid)"), interceptors: [log])
        configuration.credentials = ["bearer": .token(tokens)]
        // A thousand requests wait their turn for a connection on a busy machine: no timeout is the
        // test's business here (the suite's time limit stops a hang).
        configuration.timeout = 3_600
        let session = URLSessionConfiguration.ephemeral
        session.httpMaximumConnectionsPerHost = 32
        session.timeoutIntervalForRequest = 3_600
        return HTClient(configuration: configuration, transport: HTURLSessionTransport(configuration: session))
    }

    /// 1,000 requests that all go out with an expired token make one refresh (Alamofire #3297, #3928,
    /// #3950); each is sent again once, with the new token. The refresh request goes through the same
    /// client without the token and without waiting for itself (Alamofire #3509).
    @Test func aThousandRejectionsMakeOneRefresh() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = RefreshingTokens(current: "stale", next: ["fresh"])
        let sends = SendLog()
        let client = Self.client(server, valid: "fresh", tokens: tokens, sends: sends)
        await tokens.refreshThrough(client, echo: server.baseURL.appendingPathComponent("echo"))
        let count = 1_000
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<count { group.addTask { try await client.send(HTCredProfileRequest()).path_ } }
            var answered = 0
            for try await path in group {
                #expect(path == "/profile")
                answered += 1
            }
            #expect(answered == count)
        }
        #expect(await tokens.refreshes == 1)
        // The refresh request went out with no token (its own provider's refresh), and was answered.
        #expect(await tokens.refreshRequestAuthorization == .some(nil))
        let log = await sends.snapshot
        // Every request went out at most twice: once with the stale token, once with the fresh one.
        #expect(log.rejected <= count)
        #expect(log.authorizations["Bearer stale", default: 0] == log.rejected)
        #expect(log.authorizations["Bearer fresh", default: 0] == count)
    }

    /// A failed refresh fails every request that waited for it with one typed error, none is sent again
    /// (Alamofire #3290), the app's hook runs once, and no second refresh is tried for the same token;
    /// once the app has a new token, requests go out with it.
    @Test func aFailedRefreshFailsEveryWaitingRequestOnce() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = RefreshingTokens(current: "stale", next: [])
        let sends = SendLog()
        let client = Self.client(server, valid: "fresh", tokens: tokens, sends: sends)
        let count = 200
        let failures = await withTaskGroup(of: HTNetworkingError?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do {
                        _ = try await client.send(HTCredProfileRequest())
                        return nil
                    } catch let error as HTNetworkingError {
                        return error
                    } catch {
                        Issue.record("not an HTNetworkingError: \(error)")
                        return nil
                    }
                }
            }
            var failures: [HTNetworkingError] = []
            for await error in group { if let error { failures.append(error) } }
            return failures
        }
        #expect(failures.count == count)
        for failure in failures {
            guard case .refreshFailed(let message) = failure.kind else {
                Issue.record("not refreshFailed: \(failure)")
                break
            }
            #expect(message.contains("the refresh token was revoked"))
        }
        #expect(await tokens.refreshes == 1)
        #expect(await tokens.failuresReported == 1)
        let log = await sends.snapshot
        #expect(log.sent == log.rejected)
        #expect(log.sent <= count)
        #expect(log.authorizations.keys.allSatisfy { $0 == "Bearer stale" })
        // The token that could not be replaced is not sent again, nor refreshed again.
        let before = log.sent
        await #expect(throws: HTNetworkingError.self) { try await client.send(HTCredProfileRequest()) }
        #expect(await sends.snapshot.sent == before)
        #expect(await tokens.refreshes == 1)
        // The user signs in again: the new token goes out.
        await tokens.signIn("fresh")
        #expect(try await client.send(HTCredProfileRequest()).path_ == "/profile")
    }

    /// A token the provider knows to be expired is refreshed before anything is sent, once for every
    /// request that needs it: no request is rejected.
    @Test func aTokenKnownToBeExpiredIsRefreshedBeforeSending() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = RefreshingTokens(current: "stale", next: ["fresh"], expired: ["stale"])
        let sends = SendLog()
        let client = Self.client(server, valid: "fresh", tokens: tokens, sends: sends)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await client.send(HTCredProfileRequest()) } }
            try await group.waitForAll()
        }
        #expect(await tokens.refreshes == 1)
        let log = await sends.snapshot
        #expect(log.rejected == 0)
        #expect(log.authorizations == ["Bearer fresh": 100])
    }

    /// A request is sent again once: rejected after the refresh too, it ends with the 401. A request
    /// signed with the newest token that is rejected starts a new refresh; one signed before a refresh
    /// that finished since does not.
    @Test func aRequestIsSentAgainOnceAndOnlyTheNewestTokenIsRefreshedAgain() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = RefreshingTokens(current: "t1", next: ["t2", "t3"])
        let sends = SendLog()
        let client = Self.client(server, valid: "t3", tokens: tokens, sends: sends)
        let error = await #expect(throws: HTNetworkingError.self) { try await client.send(HTCredProfileRequest()) }
        #expect(error?.statusCode == 401)
        #expect(await tokens.refreshes == 1)
        #expect(await sends.snapshot.authorizations == ["Bearer t1": 1, "Bearer t2": 1])
        // t2 is the newest token: its rejection refreshes again, to t3, which the server takes.
        #expect(try await client.send(HTCredProfileRequest()).path_ == "/profile")
        #expect(await tokens.refreshes == 2)
        #expect(await sends.snapshot.authorizations == ["Bearer t1": 1, "Bearer t2": 2, "Bearer t3": 1])
    }
}

/// The app's token store in these tests: it hands out `next` tokens in turn, one per refresh, and a
/// refresh with none left fails (the refresh token was revoked). Optionally, it sends a request through
/// the client being refreshed, as a real refresh does, and records what that request carried.
actor RefreshingTokens: HTTokenProvider {
    private var current: String?
    private var next: [String]
    private let expired: Set<String>
    private var client: HTClient?
    private var echo: URL?
    private(set) var refreshes = 0
    private(set) var failuresReported = 0
    private(set) var refreshRequestAuthorization: String??

    init(current: String?, next: [String], expired: Set<String> = []) {
        self.current = current
        self.next = next
        self.expired = expired
    }

    /// Makes each refresh send a request through `client` to `echo` first.
    func refreshThrough(_ client: HTClient, echo: URL) {
        self.client = client
        self.echo = echo
    }

    /// What the app does when the user signs in again.
    func signIn(_ token: String) { current = token }

    func currentToken() async throws -> String? { current }

    nonisolated func isExpired(_ token: String) -> Bool { expired.contains(token) }

    func refreshToken(rejected: String?) async throws -> String {
        refreshes += 1
        if let client, let echo {
            // A request that needs the bearer scheme, to the same origin: it must neither get the token
            // being refreshed nor wait for this refresh.
            let answer = try await client.send(RefreshCallRequest(base: echo))
            refreshRequestAuthorization = .some(answer.headers_?["authorization"])
        }
        guard !next.isEmpty else { throw RevokedRefreshToken() }
        current = next.removeFirst()
        return current ?? ""
    }

    func refreshFailed(_ error: any Error) async { failuresReported += 1 }
}

/// The refresh call: a generated request's shape (it declares the bearer scheme) sent to `/echo`.
struct RefreshCallRequest: HTBaseRequest {
    typealias Response = HTCredentialEcho
    static var method: HTHTTPMethod { .post }
    static var path: String { "/token" }
    static var securityRequirements: [HTSecurityRequirement]? { HTCredProfileRequest.securityRequirements }
    var base: URL
    var baseURL: URL? { base }
}

/// A refresh that fails.
struct RevokedRefreshToken: Error, CustomStringConvertible {
    var description: String { "the refresh token was revoked" }
}

/// What went out, by `Authorization` header, and how many were rejected.
actor SendLog {
    struct Snapshot {
        var sent = 0
        var rejected = 0
        var authorizations: [String: Int] = [:]
    }

    private(set) var snapshot = Snapshot()

    func sent(_ authorization: String?) {
        snapshot.sent += 1
        snapshot.authorizations[authorization ?? "-", default: 0] += 1
    }

    func rejected() { snapshot.rejected += 1 }
}
