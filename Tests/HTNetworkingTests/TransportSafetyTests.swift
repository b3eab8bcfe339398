import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HTNetworking
import Testing

/// `GET /redirect?to=URL&code=C` with credential headers of its own.
struct RedirectingRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/redirect"
    var to: String
    var code = 302
    var parameters: HTJSONObject { ["to": .string(to), "code": .integer(Int64(code))] }
    var headers: [String: String] {
        ["Authorization": "Bearer secret-token", "Cookie": "sid=secret-cookie", "X-Api-Key": "secret-key", "X-Trace": "kept"]
    }
}

/// `GET /bytes?size=N[&length=0][&key=K]`, read as raw bytes.
struct BytesRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/bytes"
    var size: Int
    var withLength = true
    var key: String?
    var paceMilliseconds: Int?
    var limit: Int?
    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["size": .integer(Int64(size)), "length": .integer(withLength ? 1 : 0)]
        if let key { parameters["key"] = .string(key) }
        if let paceMilliseconds { parameters["pace_ms"] = .integer(Int64(paceMilliseconds)) }
        return parameters
    }
    var maximumResponseSize: Int? { limit }
}

@Suite("Transport safety: redirects keep credentials home, response bodies have a limit", .timeLimit(.minutes(2)))
struct TransportSafetyTests {
    func raw<R: HTBaseRequest>(_ client: HTClient, _ request: sending R) async -> Result<HTTransportResponse, HTNetworkingError> {
        do {
            return .success(try await client.rawResponse(for: request))
        } catch {
            return .failure(error)
        }
    }

    /// The headers the echo server saw, from a raw response's body.
    func echoedHeaders(_ response: HTTransportResponse) throws -> HTJSON {
        try #require(try HTJSON(parsing: response.body)["headers"])
    }

    func client(_ server: LoopbackServer, _ configure: (inout HTClientConfiguration) -> Void = { _ in }) -> HTClient {
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configure(&configuration)
        return HTClient(configuration: configuration)
    }

    @Test("A redirect to another host or port goes without Authorization, Cookie and API keys; same origin keeps them")
    func crossOriginRedirectStripsCredentials() async throws {
        let home = try await LoopbackServer.start()
        defer { home.stop() }
        let other = try await LoopbackServer.start()
        defer { other.stop() }
        let client = client(home)
        for target in ["http://localhost:\(other.port)/echo", "http://127.0.0.1:\(other.port)/echo", "http://localhost:\(home.port)/echo"] {
            for code in [302, 307] {
                let response = try await client.rawResponse(for: RedirectingRequest(to: target, code: code))
                #expect(response.statusCode == 200, "\(target)")
                let headers = try echoedHeaders(response)
                #expect(headers["authorization"] == nil, "\(target) \(code): \(headers)")
                #expect(headers["cookie"] == nil, "\(target) \(code): \(headers)")
                #expect(headers["x-api-key"] == nil, "\(target) \(code): \(headers)")
                #expect(headers["x-trace"]?.stringValue == "kept", "\(target) \(code)")
            }
        }
        // The same origin (scheme, host, port) keeps them.
        let same = try echoedHeaders(try await client.rawResponse(for: RedirectingRequest(to: "/echo")))
        #expect(same["authorization"]?.stringValue == "Bearer secret-token")
        #expect(same["x-api-key"]?.stringValue == "secret-key")
        let absoluteSame = try echoedHeaders(try await client.rawResponse(for: RedirectingRequest(to: "http://127.0.0.1:\(home.port)/echo")))
        #expect(absoluteSame["authorization"]?.stringValue == "Bearer secret-token")
    }

    @Test("A token added by the bearer-token interceptor does not follow a cross-origin redirect either")
    func interceptorTokenIsStripped() async throws {
        let home = try await LoopbackServer.start()
        defer { home.stop() }
        let other = try await LoopbackServer.start()
        defer { other.stop() }
        let client = client(home) { $0.interceptors = [HTBearerTokenInterceptor(provider: FixedTokenProvider("interceptor-token"))] }
        let response = try await client.rawResponse(for: RedirectingRequest(to: "http://localhost:\(other.port)/echo"))
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
        let kept = try echoedHeaders(try await keeping.rawResponse(for: RedirectingRequest(to: target)))
        #expect(kept["authorization"]?.stringValue == "Bearer secret-token")
        let notFollowing = client(home) { $0.redirectPolicy = .doNotFollow }
        let redirect = try await notFollowing.rawResponse(for: RedirectingRequest(to: target))
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

    @Test("A body larger than the limit fails with responseTooLarge, with or without a Content-Length")
    func responseSizeLimit() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server) { $0.maximumResponseSize = 1 << 20 }
        for withLength in [true, false] {
            switch await raw(client, BytesRequest(size: 3 << 20, withLength: withLength)) {
            case .success(let response):
                Issue.record("a \(response.body.count)-byte body was accepted (Content-Length: \(withLength))")
            case .failure(let error):
                guard case .responseTooLarge(let limit) = error.kind else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(limit == 1 << 20)
                #expect(error.description.contains("1048576"))
            }
            // At the limit exactly, it arrives whole.
            let exact = try await client.rawResponse(for: BytesRequest(size: 1 << 20, withLength: withLength))
            #expect(exact.body.count == 1 << 20)
        }
    }

    @Test("Receiving stops at the limit: most of a paced 16 MB body without a length is never sent")
    func limitIsEnforcedWhileReceiving() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server) { $0.maximumResponseSize = 1 << 20 }
        let key = "big-" + UUID().uuidString
        // 256 chunks of 64 KiB, 10 ms apart: 2.6 s to send it all.
        switch await raw(client, BytesRequest(size: 16 << 20, withLength: false, key: key, paceMilliseconds: 10)) {
        case .success(let response):
            Issue.record("a \(response.body.count)-byte body was accepted")
        case .failure(let error):
            guard case .responseTooLarge = error.kind else {
                Issue.record("\(error)")
                return
            }
        }
        // The server notices the closed connection at its next write; what it wrote until then counts.
        try await Task.sleep(for: .milliseconds(500))
        let chunks = try await client.send(CounterRequest(key: key)).cacheTestInteger("count") ?? 0
        #expect(chunks >= 16 && chunks < 192, "the server wrote \(chunks) of 256 chunks")
    }

    @Test("A body under the limit arrives whole and intact, with or without a Content-Length")
    func largeBodyUnderTheLimit() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        for withLength in [true, false] {
            let response = try await client.rawResponse(for: BytesRequest(size: 24 << 20, withLength: withLength))
            #expect(response.body.count == 24 << 20)
            // The server's pattern: byte i is i % 251.
            let sample = [0, 250, 251, 65_535, 65_536, (24 << 20) - 1]
            #expect(sample.allSatisfy { Int(response.body[$0]) == $0 % 251 }, "Content-Length: \(withLength)")
        }
    }

    @Test("A request's own limit beats the client's; Int.max lifts it")
    func perRequestLimit() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server) { $0.maximumResponseSize = 1000 }
        let lifted = try await client.rawResponse(for: BytesRequest(size: 100_000, limit: .max))
        #expect(lifted.body.count == 100_000)
        switch await raw(client, BytesRequest(size: 2000, limit: 100)) {
        case .success: Issue.record("accepted")
        case .failure(let error):
            if case .responseTooLarge(let limit) = error.kind { #expect(limit == 100) } else { Issue.record("\(error)") }
        }
        // The default limit is documented as 64 MiB.
        #expect(HTClientConfiguration(baseURL: server.baseURL).maximumResponseSize == 64 << 20)
    }

    @Test("With the app's own session the limit is checked once the body arrived, and with any other transport")
    func limitWithOtherTransports() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.maximumResponseSize = 1000
        let appSession = HTClient(configuration: configuration, transport: HTURLSessionTransport(session: URLSession(configuration: .ephemeral)))
        if case .failure(let error) = await raw(appSession, BytesRequest(size: 5000)), case .responseTooLarge = error.kind {
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
