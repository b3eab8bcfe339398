import Foundation
import HTModel
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers 200 (or `status` for `rejectedHost`) and records every request it gets.
private struct RecordingTransport: HTTransport {
    let received = Recorded<URLRequest>()
    var rejectedHost: String?

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        received.append(request)
        let status = request.url?.host == rejectedHost ? 401 : 200
        return HTTransportResponse(
            statusCode: status, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
    }
}

/// `GET /me` at the client's base URL.
private struct HomeRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/me"
}

/// A hand-written request whose path is an absolute URL on another origin.
private struct ElsewhereRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "https://files.other.example/blob"
}

/// `GET /me`, pointed at another origin by `customize(_:)`.
private struct CustomizedElsewhereRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/me"
    func customize(_ request: inout URLRequest) {
        request.url = URL(string: "http://api.example.com:8443/v1/me?x=1")
    }
}

/// A request to another origin with a key of its own, as a header and as a parameter.
private struct OwnKeyRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "https://files.other.example/signed"
    var headers: [String: String] { ["X-Api-Key": "own-key"] }
    var parameters: HTJSONObject { ["api_key": "own-param"] }
}

/// Counts token fetches and refreshes.
private final class CountingTokens: HTTokenProvider {
    let fetched = HTLocked(0)
    let refreshed = HTLocked(0)
    func currentToken() async throws -> String? {
        fetched.withLock { $0 += 1 }
        return "bearer-secret"
    }
    func refreshToken(rejected: String?) async throws -> String {
        refreshed.withLock { $0 += 1 }
        return "bearer-fresh"
    }
}

@Suite("The client's credentials go only to its base URL's origin", .timeLimit(.minutes(3)))
struct CredentialOriginTests {
    private static func client(_ transport: RecordingTransport, origins: [URL] = [], cache: URL? = nil) throws
        -> HTClient
    {
        var configuration = HTClientConfiguration(baseURL: try #require(URL(string: "https://api.example.com/v1")))
        configuration.defaultHeaders = ["Authorization": "Basic base-secret", "X-Trace": "trace-1"]
        configuration.interceptors = [
            HTBlockInterceptor(adapt: { request, _ in
                request.setValue("interceptor-secret", forHTTPHeaderField: "X-Auth-Token")
                guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
                else { return }
                components.percentEncodedQuery =
                    [components.percentEncodedQuery, "access_token=query-secret"].compactMap { $0 }.joined(
                        separator: "&")
                request.url = components.url
            })
        ]
        configuration.credentialOrigins = origins
        if let cache {
            configuration.cache = HTCacheSettings(
                cache: HTResponseCache(directory: cache, logger: { _ in }), defaultPolicy: .cacheFirst)
        }
        return HTClient(configuration: configuration, transport: transport)
    }

    /// Every credential the client or its interceptor adds, in `request`'s headers or URL.
    private static func credentials(in request: URLRequest) -> [String] {
        var found: [String] = []
        for name in ["Authorization", "X-Auth-Token"] where request.value(forHTTPHeaderField: name) != nil {
            found.append(name)
        }
        if request.url?.absoluteString.contains("query-secret") == true { found.append("access_token") }
        return found
    }

    @Test("a path, a customize(_:) or a port that leaves the base URL's origin sends no credentials")
    func otherOriginsGetNone() async throws {
        let transport = RecordingTransport()
        let client = try Self.client(transport)
        _ = try await client.send(HomeRequest())
        _ = try await client.send(ElsewhereRequest())
        _ = try await client.send(CustomizedElsewhereRequest())
        let sent = transport.received.values
        #expect(sent.count == 3)
        #expect(Self.credentials(in: sent[0]) == ["Authorization", "X-Auth-Token", "access_token"])
        for request in sent.dropFirst() {
            #expect(Self.credentials(in: request).isEmpty, "\(request.url?.absoluteString ?? "")")
            #expect(request.value(forHTTPHeaderField: "X-Trace") == "trace-1")
        }
        #expect(sent[2].url?.absoluteString == "http://api.example.com:8443/v1/me?x=1")
    }

    @Test(
        "an origin is its scheme, host and port however the URL begins",
        arguments: [
            ("https://api.example.com/v1/me", true),
            ("https://api.example.com", true),
            ("https://api.example.com?x=1", true),
            ("https://api.example.com:443/v1", true),
            ("HTTPS://API.EXAMPLE.COM/v1", true),
            ("https://api.example.com.evil.example/v1", false),
            ("https://api.example.com@evil.example/v1", false),
            ("https://api.example.com:4430/v1", false),
            ("http://api.example.com/v1", false),
            ("https://files.example.com/v1", false),
            ("http://127.0.0.1:8080/x", true),
            ("http://127.0.0.1:80801/x", false),
            ("http://127.0.0.1/x", false),
        ])
    func originsMatchByPrefixOrByParsing(url: String, permitted: Bool) throws {
        let origins = HTCredentialOrigins(
            baseURL: try #require(URL(string: "https://api.example.com/v1")),
            additional: [try #require(URL(string: "http://127.0.0.1:8080"))])
        #expect(origins.permits(URL(string: url)) == permitted)
    }

    @Test("the app opts in per origin; a request's own header and parameter always go with it")
    func optInAndOwnCredentials() async throws {
        let transport = RecordingTransport()
        let trusted = try Self.client(transport, origins: [try #require(URL(string: "https://files.other.example"))])
        _ = try await trusted.send(ElsewhereRequest())
        #expect(Self.credentials(in: try #require(transport.received.values.last)).count == 3)

        let plain = try Self.client(transport)
        _ = try await plain.send(OwnKeyRequest())
        let own = try #require(transport.received.values.last)
        #expect(Self.credentials(in: own).isEmpty)
        #expect(own.value(forHTTPHeaderField: "X-Api-Key") == "own-key")
        #expect(own.url?.query?.contains("api_key=own-param") == true)
    }

    @Test("the cache scopes the request as sent: another origin's answer is public, never a user's")
    func cacheAgrees() async throws {
        let transport = RecordingTransport()
        let directory = CacheTestSupport.directory("origins")
        defer { CacheTestSupport.cleanUp(directory) }
        let client = try Self.client(transport, cache: directory)
        let first = try await client.response(for: ElsewhereRequest())
        #expect(!first.isFromCache)
        #expect(Self.credentials(in: try #require(transport.received.values.last)).isEmpty)
        // The home request carries credentials, so it is not cached without the opt-in; the other
        // origin's request carries none, so it is cached as a public entry.
        let again = try await client.response(for: ElsewhereRequest())
        #expect(again.isFromCache)
    }

    @Test("the bearer interceptor neither adds its token nor refreshes it for another origin")
    func bearerTokenStaysHome() async throws {
        let tokens = CountingTokens()
        var transport = RecordingTransport()
        transport.rejectedHost = "files.other.example"
        var configuration = HTClientConfiguration(baseURL: try #require(URL(string: "https://api.example.com/v1")))
        configuration.interceptors = [HTBearerTokenInterceptor(provider: tokens)]
        let client = HTClient(configuration: configuration, transport: transport)
        _ = try await client.send(HomeRequest())
        await #expect(throws: HTNetworkingError.self) { _ = try await client.send(ElsewhereRequest()) }
        let sent = transport.received.values
        #expect(sent.count == 2)
        #expect(sent[0].value(forHTTPHeaderField: "Authorization") == "Bearer bearer-secret")
        #expect(sent[1].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(tokens.fetched.current == 1)
        #expect(tokens.refreshed.current == 0)
    }
}
