import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #38, part 4: a generated request carries its document's security requirements, and the client
/// adds the credentials of the first requirement it can meet, only to requests that need them and only
/// to its own origins (`Specs/credentials.openapi.yaml`, over the loopback server's /echo route).
@Suite struct CredentialsOpenAPITests {
    static let everyCredential: [String: HTCredentialProvider] = [
        "bearer": .value("t-1"), "apiKey": .value("k-1"), "queryKey": .value("q+/=1"),
        "session": .value("c2Vzc2lvbg+/="), "basic": .basic(username: "ann", password: "p:w"),
    ]

    static func client(
        _ server: LoopbackServer, path: String = "echo", credentials: [String: HTCredentialProvider] = everyCredential,
        interceptors: [any HTInterceptor] = [], configure: (inout HTClientConfiguration) -> Void = { _ in }
    ) -> HTClient {
        var configuration = HTClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent(path), interceptors: interceptors)
        configuration.credentials = credentials
        configure(&configuration)
        return HTClient(configuration: configuration)
    }

    @Test func eachRequestGetsTheCredentialsItsRequirementNeeds() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Self.client(server)
        let publicEcho = try await client.send(HTCredPublicRequest())
        #expect(publicEcho.headers_?["authorization"] == nil && publicEcho.headers_?["x-api-key"] == nil)
        #expect(try await client.send(HTCredProfileRequest()).headers_?["authorization"] == "Bearer t-1")
        // The first requirement the client can meet: the API key, not the bearer token.
        let either = try await client.send(HTCredKeyOrBearerRequest())
        #expect(either.headers_?["x-api-key"] == "k-1" && either.headers_?["authorization"] == nil)
        // A query key arrives exactly (`+` is not a space); a cookie value as RFC 6265 allows, unchanged.
        #expect(try await client.send(HTCredQueryKeyRequest()).query?["api_key"] == ["q+/=1"])
        let both = try await client.send(HTCredKeyAndSessionRequest())
        #expect(both.headers_?["x-api-key"] == "k-1" && both.headers_?["cookie"] == "session_id=c2Vzc2lvbg+/=")
        let basic = try await client.send(HTCredBasicRequest())
        #expect(basic.headers_?["authorization"] == "Basic " + Data("ann:p:w".utf8).base64EncodedString())
        #expect(try await client.send(HTCredOptionalRequest()).headers_?["x-api-key"] == "k-1")
    }

    @Test func aRequirementTheClientCannotMeetFailsBeforeAnythingIsSent() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let sent = SendCounter()
        let counting = HTBlockInterceptor(adapt: { _, _ in await sent.add() })
        let client = Self.client(server, credentials: ["bearer": .value("t-1")], interceptors: [counting])
        // Another requirement the client can meet is taken; an anonymous one lets the request go bare.
        #expect(try await client.send(HTCredKeyOrBearerRequest()).headers_?["authorization"] == "Bearer t-1")
        #expect(try await client.send(HTCredOptionalRequest()).headers_?["x-api-key"] == nil)
        #expect(await sent.count == 2)
        do {
            _ = try await client.send(HTCredKeyAndSessionRequest())
            Issue.record("sent without its credentials")
        } catch {
            guard case .missingCredentials(let schemes) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(schemes == ["apiKey", "session"])
            #expect(error.description.contains("'apiKey', 'session'"))
        }
        #expect(await sent.count == 2)
    }

    @Test func aKeyInAHeaderTheCacheAndLogDoNotProtectIsRefused() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let plain = Self.client(server, credentials: ["tenant": .value("acme")])
        do {
            _ = try await plain.send(HTCredTenantRequest())
            Issue.record("sent a key the cache does not scope by")
        } catch {
            guard case .invalidRequest(let message) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("X-Tenant") && message.contains("cache.credentialHeaders"))
        }
        let logger = HTLogger(sinks: [])
        logger.redaction.headerNames.insert("X-Tenant")
        let configured = Self.client(server, credentials: ["tenant": .value("acme")]) {
            $0.cache.credentialHeaders.insert("X-Tenant")
            $0.logger = logger
        }
        #expect(try await configured.send(HTCredTenantRequest()).headers_?["x-tenant"] == "acme")
    }

    @Test func anotherOriginGetsNoCredentials() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Self.client(server)
        // The same server under another host name is another origin.
        let elsewhere = try #require(
            URL(string: server.baseURL.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
        #expect(elsewhere != server.baseURL)
        let echo = try await client.send(ElsewhereProfileRequest(base: elsewhere.appendingPathComponent("echo")))
        #expect(echo.path_ == "/echo/profile")
        #expect(echo.headers_?["authorization"] == nil)
    }

    @Test func theBearerInterceptorSkipsRequestsThatNeedNoToken() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = CountingTokens(current: "t-1", fresh: "t-1")
        let client = Self.client(server, credentials: [:], interceptors: [HTBearerTokenInterceptor(provider: tokens)])
        #expect(try await client.send(HTCredPublicRequest()).headers_?["authorization"] == nil)
        #expect(try await client.send(HTCredQueryKeyRequest()).headers_?["authorization"] == nil)
        #expect(try await client.send(HTCredProfileRequest()).headers_?["authorization"] == "Bearer t-1")
    }

    /// A token rejected by many requests at once is refreshed once, and each is sent again with the
    /// new one.
    @Test func aRejectedTokenIsRefreshedOnceForEveryWaitingRequest() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let tokens = CountingTokens(current: "stale", fresh: "fresh")
        let rejected = SendCounter()
        let counting = HTBlockInterceptor(process: { response, _, _ in
            if response.statusCode == 401 { await rejected.add() }
            return response
        })
        let client = Self.client(
            server, path: "bearer/fresh", credentials: ["bearer": .token(tokens)], interceptors: [counting])
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(HTCredProfileRequest()).path_ } }
            for try await path in group { #expect(path == "/profile") }
        }
        #expect(await tokens.refreshes == 1)
        #expect(await rejected.count <= 20)
        // From now on the fresh token goes first time.
        let before = await rejected.count
        _ = try await client.send(HTCredProfileRequest())
        #expect(await rejected.count == before)
    }
}

/// `GET /profile` sent to another origin: the generated request with its own base URL.
struct ElsewhereProfileRequest: HTBaseRequest {
    typealias Response = HTCredentialEcho
    static var method: HTHTTPMethod { .get }
    static var path: String { "/profile" }
    static var securityRequirements: [HTSecurityRequirement]? { HTCredProfileRequest.securityRequirements }
    var base: URL
    var baseURL: URL? { base }
}

/// A token store that counts its refreshes.
actor CountingTokens: HTTokenProvider {
    private var current: String
    private let fresh: String
    private(set) var refreshes = 0

    init(current: String, fresh: String) {
        self.current = current
        self.fresh = fresh
    }

    func currentToken() async throws -> String? { current }

    func refreshToken(rejected: String?) async throws -> String {
        refreshes += 1
        current = fresh
        return fresh
    }
}

/// Counts calls from concurrent tasks.
actor SendCounter {
    private(set) var count = 0

    func add() { count += 1 }
}
