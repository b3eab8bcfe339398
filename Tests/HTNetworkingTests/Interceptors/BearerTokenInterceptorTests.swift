import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's token store in these tests: it starts with `initial`, and a refresh (which takes a moment,
/// so that concurrent rejections overlap it) installs `refreshed`.
actor TestTokenStore: HTTokenProvider {
    private var token: String?
    private let refreshed: String
    private let failsToRefresh: Bool
    private(set) var refreshes = 0
    private(set) var rejectedTokens: [String?] = []

    init(initial: String?, refreshed: String, failsToRefresh: Bool = false) {
        self.token = initial
        self.refreshed = refreshed
        self.failsToRefresh = failsToRefresh
    }

    func currentToken() async throws -> String? { token }

    func refreshToken(rejected: String?) async throws -> String {
        refreshes += 1
        rejectedTokens.append(rejected)
        try await Task.sleep(for: .milliseconds(100))
        if failsToRefresh { throw URLError(.userAuthenticationRequired) }
        token = refreshed
        return refreshed
    }
}

/// Plays an API that wants `Authorization: Bearer <valid>`: a request with it goes to the loopback
/// server's `/echo`, any other to its `/status/401`. Records the header of every request.
struct AuthGateTransport: HTTransport {
    let server: URL
    let valid: String
    let seen = Recorded<String>()
    private let base = HTURLSessionTransport()

    init(server: URL, valid: String) {
        self.server = server
        self.valid = valid
    }

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        let header = request.value(forHTTPHeaderField: "Authorization")
        seen.append(header ?? "-")
        var routed = request
        let path = header == "Bearer \(valid)" ? (request.url?.path ?? "/echo") : "/status/401"
        routed.url = URL(string: server.absoluteString + path)
        return try await base.send(routed)
    }
}

@Suite("Bearer token interceptor", .timeLimit(.minutes(3)))
struct BearerTokenInterceptorTests {
    @Test("a 401 refreshes the token and sends the request again with it, once")
    func refreshAndRetry() async throws {
        let server = try await sharedServer()
        let store = TestTokenStore(initial: "stale", refreshed: "fresh")
        let gate = AuthGateTransport(server: server.baseURL, valid: "fresh")
        let client = loopbackClient(server, transport: gate) {
            $0.interceptors = [HTBearerTokenInterceptor(provider: store)]
        }

        let echo = try await client.send(EchoIDRequest(id: 1))
        #expect(echo.path == "/echo/1")
        #expect(echo.header("Authorization") == "Bearer fresh")
        #expect(gate.seen.values == ["Bearer stale", "Bearer fresh"])
        #expect(await store.refreshes == 1)
        #expect(await store.rejectedTokens == ["stale"])

        // The stored token is used from now on: no more refreshes.
        _ = try await client.send(EchoIDRequest(id: 2))
        #expect(gate.seen.values.suffix(1) == ["Bearer fresh"])
        #expect(await store.refreshes == 1)
    }

    @Test("many requests rejected at the same time share one refresh")
    func concurrentRejectionsRefreshOnce() async throws {
        let server = try await sharedServer()
        let store = TestTokenStore(initial: "stale", refreshed: "fresh")
        let gate = AuthGateTransport(server: server.baseURL, valid: "fresh")
        let client = loopbackClient(server, transport: gate) {
            $0.interceptors = [HTBearerTokenInterceptor(provider: store)]
        }
        let paths = try await withThrowingTaskGroup(of: String?.self) { group in
            for id in 0..<20 {
                group.addTask { try await client.send(EchoIDRequest(id: id)).path }
            }
            var paths: Set<String> = []
            for try await path in group { if let path { paths.insert(path) } }
            return paths
        }
        #expect(paths == Set((0..<20).map { "/echo/\($0)" }))
        #expect(await store.refreshes == 1)
        #expect(gate.seen.values.filter { $0 == "Bearer fresh" }.count == 20)
    }

    @Test("a retry that is rejected again ends with the 401; the request is sent twice, not more")
    func rejectedTwice() async throws {
        let server = try await sharedServer()
        let store = TestTokenStore(initial: "stale", refreshed: "also-wrong")
        let gate = AuthGateTransport(server: server.baseURL, valid: "never")
        let client = loopbackClient(server, transport: gate) {
            $0.interceptors = [HTBearerTokenInterceptor(provider: store)]
        }
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 1))
        }
        #expect(error?.statusCode == 401)
        #expect(gate.seen.values == ["Bearer stale", "Bearer also-wrong"])
        #expect(await store.refreshes == 1)
    }

    @Test("a failed refresh ends with refreshFailed, is logged as an error, and sends nothing again")
    func refreshFails() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .error)
        let store = TestTokenStore(initial: "stale", refreshed: "fresh", failsToRefresh: true)
        let gate = AuthGateTransport(server: server.baseURL, valid: "fresh")
        let client = loopbackClient(server, transport: gate, logger: logger) {
            $0.interceptors = [HTBearerTokenInterceptor(provider: store)]
        }
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 1))
        }
        guard case .refreshFailed? = error?.kind else {
            Issue.record("not refreshFailed: \(String(describing: error))")
            return
        }
        #expect(gate.seen.values == ["Bearer stale"])
        #expect(sink.messages(.error, .network).contains { $0.contains("the token refresh failed") })
        // The token that could not be replaced is not sent again, nor refreshed again.
        _ = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 2))
        }
        #expect(gate.seen.values == ["Bearer stale"])
        #expect(await store.refreshes == 1)
    }

    @Test("no token sends no header; the header name and scheme can be changed; the request's own value is replaced")
    func headerShapes() async throws {
        let seen = Recorded<String>()
        let mock = HTMockTransport(handler: { request in
            seen.append(
                (request.allHTTPHeaderFields ?? [:]).filter { $0.key != "Accept" }.map { "\($0.key)=\($0.value)" }
                    .sorted()
                    .joined(separator: ";"))
            return .json([:])
        })
        func client(_ interceptor: HTBearerTokenInterceptor) throws -> HTClient {
            HTClient(
                configuration: HTClientConfiguration(
                    baseURL: try TestSupport.url("https://api.invalid"), interceptors: [interceptor], mock: mock,
                    mockMode: .always,
                    logger: quietLogger),
                transport: UnreachableTransport())
        }
        _ = try await client(HTBearerTokenInterceptor(provider: TestTokenStore(initial: nil, refreshed: "x"))).send(
            StatusRequest(code: 200))
        _ = try await client(
            HTBearerTokenInterceptor(
                provider: TestTokenStore(initial: "k1", refreshed: "x"), headerName: "X-Token", scheme: "")
        )
        .send(StatusRequest(code: 200))
        let own = Customized(StatusRequest(code: 200), headers: ["Authorization": "Basic old"])
        _ = try await client(HTBearerTokenInterceptor(provider: TestTokenStore(initial: "k2", refreshed: "x"))).send(
            own)
        #expect(seen.values == ["", "X-Token=k1", "Authorization=Bearer k2"])
    }
}
