import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect policies and the size limit's edges; the hostile cases themselves (bodies too large,
/// cross-origin redirects, loops) are in `HostileServerTests`.
@Suite("Transport safety: redirects keep credentials home, response bodies have a limit", .timeLimit(.minutes(3)))
struct TransportSafetyTests {

    func client(_ server: LoopbackServer, _ configure: (inout HTClientConfiguration) -> Void = { _ in }) -> HTClient {
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configure(&configuration)
        return HTClient(configuration: configuration)
    }

    @Test("A token added by the bearer-token interceptor does not follow a cross-origin redirect either")
    func interceptorTokenIsStripped() async throws {
        let home = try await LoopbackServer.start()
        defer { home.stop() }
        let other = try await LoopbackServer.start()
        defer { other.stop() }
        let client = client(home) {
            $0.interceptors = [HTBearerTokenInterceptor(provider: FixedTokenProvider("interceptor-token"))]
        }
        let response = try await client.rawResponse(
            for: RedirectWithCredentialsRequest(to: "http://localhost:\(other.port)/echo"))
        #expect(try echoedHeaders(response)["authorization"] == nil)
    }

    @Test("The per-client opt-in keeps credentials across origins; doNotFollow returns the redirect itself")
    func redirectPolicies() async throws {
        let home = try await LoopbackServer.start()
        defer { home.stop() }
        let other = try await LoopbackServer.start()
        defer { other.stop() }
        let target = "http://localhost:\(other.port)/echo"
        let keeping = client(home) { $0.redirectPolicy = .keepCredentials }
        let kept = try echoedHeaders(try await keeping.rawResponse(for: RedirectWithCredentialsRequest(to: target)))
        #expect(kept["authorization"]?.stringValue == "Bearer secret-token")
        let notFollowing = client(home) { $0.redirectPolicy = .doNotFollow }
        let redirect = try await notFollowing.rawResponse(for: RedirectWithCredentialsRequest(to: target))
        #expect(redirect.statusCode == 302)
        #expect(redirect.header("Location") == target)
    }

    @Test("The policy's origin rule: scheme, host and port, with default ports")
    func sameOrigin() throws {
        func url(_ text: String) throws -> URL { try #require(URL(string: text)) }
        #expect(HTRedirectPolicy.isSameOrigin(try url("https://a.example/x"), try url("https://A.example:443/y")))
        #expect(HTRedirectPolicy.isSameOrigin(try url("http://a.example/x"), try url("http://a.example:80/y")))
        #expect(!HTRedirectPolicy.isSameOrigin(try url("https://a.example/x"), try url("http://a.example/x")))
        #expect(!HTRedirectPolicy.isSameOrigin(try url("https://a.example/x"), try url("https://b.example/x")))
        #expect(!HTRedirectPolicy.isSameOrigin(try url("https://a.example/x"), try url("https://a.example:8443/x")))
    }

    @Test("A body under the limit arrives whole and intact, with or without a Content-Length")
    func largeBodyUnderTheLimit() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        for withLength in [true, false] {
            let response = try await client.rawResponse(for: BytesRequest(size: 24 << 20, length: withLength ? 1 : 0))
            #expect(response.body.count == 24 << 20)
            // The server's pattern: byte i is i % 251.
            let sample = [0, 250, 251, 65_535, 65_536, (24 << 20) - 1]
            #expect(sample.allSatisfy { Int(response.body[$0]) == $0 % 251 }, "Content-Length: \(withLength)")
        }
    }

    @Test("With the app's own session the limit is checked once the body arrived, and with any other transport")
    func limitWithOtherTransports() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.maximumResponseSize = 1000
        let appSession = HTClient(
            configuration: configuration,
            transport: HTURLSessionTransport(session: URLSession(configuration: .ephemeral)))
        if case .failure(let error) = await raw(appSession, BytesRequest(size: 5000)),
            case .responseTooLarge = error.kind
        {
        } else {
            Issue.record("the app session's body was not limited")
        }
        let mock = HTMockTransport(routes: ["GET /bytes": .text(String(repeating: "x", count: 5000))])
        let mocked = HTClient(configuration: configuration, transport: mock)
        if case .failure(let error) = await raw(mocked, BytesRequest(size: 5000)), case .responseTooLarge = error.kind {
        } else {
            Issue.record("the mock's body was not limited")
        }
    }
}
