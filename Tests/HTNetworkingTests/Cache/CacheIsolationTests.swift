import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /whoami?key=K`, with the headers it sends and what the server is asked to answer with
/// (`Vary`, `Set-Cookie`, `Cache-Control`) as parameters the key leaves out.
struct IsolationRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/whoami"

    var key: String
    var vary: String?
    var setCookie: String?
    var cacheControl: String?
    var tenant: String?
    var language: String?
    /// A token sent as one of the request's own parameters, which the key leaves out (below).
    var token: String?

    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["key": .string(key)]
        if let token { parameters["access_token"] = .string(token) }
        if let vary { parameters["vary"] = .string(vary) }
        if let setCookie { parameters["set_cookie"] = .string(setCookie) }
        if let cacheControl { parameters["cache_control"] = .string(cacheControl) }
        return parameters
    }
    var headers: [String: String] {
        var headers: [String: String] = [:]
        if let tenant { headers["X-Tenant"] = tenant }
        if let language { headers["Accept-Language"] = language }
        return headers
    }
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
    /// What the server is asked to answer with is not part of the key.
    func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject {
        var filtered = parameters
        for name in ["vary", "set_cookie", "cache_control", "access_token"] { filtered[name] = nil }
        return filtered
    }
}

/// Adds `?access_token=<token>` to every request, as an interceptor that authenticates by the query does.
func queryTokenInterceptor(_ token: String) -> HTBlockInterceptor {
    HTBlockInterceptor(adapt: { request, _ in
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "access_token", value: token)]
        request.url = components.url
    })
}

/// Appends `query` (percent-encoded text, as it is) to every request's query.
func rawQueryInterceptor(_ query: String) -> HTBlockInterceptor {
    HTBlockInterceptor(adapt: { request, _ in
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return
        }
        components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }.joined(
            separator: "&")
        request.url = components.url
    })
}

/// Sets one header on every request, as an interceptor that adds a tenant or a language does.
func headerInterceptor(_ name: String, _ value: String) -> HTBlockInterceptor {
    HTBlockInterceptor(adapt: { request, _ in request.setValue(value, forHTTPHeaderField: name) })
}

@Suite("Response cache: what keys an entry and what an entry keeps", .timeLimit(.minutes(3)))
struct CacheIsolationTests {
    struct Fixture {
        let server: LoopbackServer
        let cache: HTResponseCache
        let directory: URL

        init(diskByteLimit: Int = 50 << 20) async throws {
            server = try await LoopbackServer.start()
            directory = CacheTestSupport.directory("isolation")
            cache = HTResponseCache(directory: directory, diskByteLimit: diskByteLimit, logger: { _ in })
        }

        func client(
            interceptors: [any HTInterceptor] = [], headers: [String: String] = [:],
            transport: any HTTransport = HTURLSessionTransport(session: URLSession(configuration: .ephemeral))
        ) -> HTClient {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.interceptors = interceptors
            configuration.defaultHeaders = headers
            configuration.cache = HTCacheSettings(cache: cache)
            return HTClient(configuration: configuration, transport: transport)
        }

        /// The metadata of every entry file (everything but the response body), as text.
        func diskMetadataText() -> String {
            CacheTestSupport.entryFiles(in: directory).map { name in
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) ?? Data()
                guard let (metadata, _, _) = HTCacheFileFormat.lengths(ofHeader: data) else { return "?" }
                return String(decoding: data.dropFirst(HTCacheFileFormat.headerSize).prefix(metadata), as: UTF8.self)
            }.joined(separator: "\n")
        }

        /// Every byte of every entry file, as text (for what must never be on disk).
        func diskText() -> String {
            CacheTestSupport.entryFiles(in: directory).map { name in
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                return String(decoding: data ?? Data(), as: UTF8.self)
            }.joined(separator: "\n")
        }

        func finish() {
            server.stop()
            CacheTestSupport.cleanUp(directory)
        }
    }

    static func uniqueKey() -> String { "i-" + UUID().uuidString }

    @Test("A token an interceptor puts in the query keys the entry: user B never gets user A's response")
    func interceptorQueryToken() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let alice = fixture.client(interceptors: [queryTokenInterceptor("alice")])
        let bob = fixture.client(interceptors: [queryTokenInterceptor("bob")])
        let first = try await alice.response(for: IsolationRequest(key: key))
        #expect(first.isFromCache == false && first.value.privacyTestString("access_token") == "alice")
        let other = try await bob.response(for: IsolationRequest(key: key))
        #expect(other.isFromCache == false)
        #expect(other.value.privacyTestString("access_token") == "bob")
        let again = try await alice.response(for: IsolationRequest(key: key))
        #expect(again.isFromCache && again.value.privacyTestString("access_token") == "alice")
        // Without a token there is no entry to share either.
        let anonymous = try await fixture.client().response(for: IsolationRequest(key: key))
        #expect(anonymous.isFromCache == false && anonymous.value.privacyTestString("access_token") == nil)
    }

    @Test("Query tokens that differ only in their bytes never share an entry: + and %2B, NFC and NFD, a line break")
    func queryTokensByExactBytes() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        // (what alice's interceptor sends, what bob's sends): as percent-encoded query text, and a header.
        let pairs: [(String, String, [String: String])] = [
            ("access_token=a+b", "access_token=a%2Bb", [:]),
            ("access_token=%C3%A9", "access_token=e%CC%81", [:]),
            ("access_token=x%0Aauthorization:y", "access_token=x", ["Authorization": "y"]),
            ("access_token=t", "access_token=t%0A", [:]),
        ]
        for (alice, bob, bobHeaders) in pairs {
            let key = Self.uniqueKey()
            let first = try await fixture.client(interceptors: [rawQueryInterceptor(alice)])
                .response(for: IsolationRequest(key: key))
            #expect(first.isFromCache == false)
            let other = try await fixture.client(interceptors: [rawQueryInterceptor(bob)], headers: bobHeaders)
                .response(for: IsolationRequest(key: key))
            #expect(other.isFromCache == false, "\(bob) was served the entry of \(alice)")
            let again = try await fixture.client(interceptors: [rawQueryInterceptor(alice)])
                .response(for: IsolationRequest(key: key))
            #expect(again.isFromCache, "\(alice)")
        }
    }

    @Test("A token among the request's own parameters that the key leaves out scopes the entry instead")
    func ownTokenLeftOutOfTheKey() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let client = fixture.client()
        let alice = try await client.response(for: IsolationRequest(key: key, token: "alice"))
        #expect(alice.isFromCache == false && alice.value.privacyTestString("access_token") == "alice")
        let bob = try await client.response(for: IsolationRequest(key: key, token: "bob"))
        #expect(bob.isFromCache == false)
        #expect(bob.value.privacyTestString("access_token") == "bob")
        let again = try await client.response(for: IsolationRequest(key: key, token: "alice"))
        #expect(again.value.privacyTestString("access_token") == "alice")
    }

    @Test("A credential in the query is a credential: a request that does not opt in is not cached")
    func queryTokenNeedsOptIn() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        var configuration = HTClientConfiguration(baseURL: fixture.server.baseURL)
        configuration.interceptors = [queryTokenInterceptor("alice")]
        configuration.cache = HTCacheSettings(cache: fixture.cache, defaultPolicy: .cacheFirst)
        let client = HTClient(configuration: configuration)
        let key = Self.uniqueKey()
        _ = try await client.send(CounterRequest(key: key))
        #expect(fixture.cache.memoryUsage.count == 0)
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).isEmpty)
    }

    @Test("The scope digests credential query parameters by the log redaction's names")
    func queryScopeRules() {
        let settings = HTCacheSettings()
        func scope(_ url: String, own: Set<String> = []) -> HTCacheScope {
            HTCacheScope.of(
                URLRequest(url: URL(string: url)!), userScope: nil, settings: settings, ownParameters: own)
        }
        let alice = scope("http://h/p?access_token=alice&page=1")
        #expect(alice.isPersonal && !alice.text.contains("alice"))
        #expect(alice != scope("http://h/p?access_token=bob&page=1"))
        #expect(alice == scope("http://h/p?page=2&access%5Ftoken=alice"))
        #expect(scope("http://h/p?api_key=k").isPersonal && scope("http://h/p?X-Session=k").isPersonal)
        #expect(scope("http://h/p?page=1&q=x") == .none)
        // A parameter the request declares itself is keyed by its value in the parameters line instead.
        #expect(scope("http://h/p?key=abc", own: ["key"]) == .none)
        #expect(scope("http://h/p?key=abc").isPersonal)
    }

    @Test("Headers the request sends key the entry: (fr, acme) and (en, globex) never share a response")
    func requestHeadersKeyTheEntry() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let client = fixture.client()
        let acme = try await client.response(for: IsolationRequest(key: key, tenant: "acme", language: "fr"))
        #expect(acme.isFromCache == false && acme.value.privacyTestString("tenant") == "acme")
        let globex = try await client.response(for: IsolationRequest(key: key, tenant: "globex", language: "en"))
        #expect(globex.isFromCache == false)
        #expect(
            globex.value.privacyTestString("tenant") == "globex" && globex.value.privacyTestString("language") == "en")
        let acmeAgain = try await client.response(for: IsolationRequest(key: key, tenant: "acme", language: "fr"))
        #expect(acmeAgain.isFromCache && acmeAgain.value.privacyTestString("tenant") == "acme")
    }

    @Test("A stored response honours Vary: another value of a named header is a miss, Vary: * is never reused")
    func varyIsHonoured() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        // The header comes from outside the request (an interceptor), so only Vary tells them apart.
        let acme = fixture.client(interceptors: [headerInterceptor("X-Tenant", "acme")])
        let globex = fixture.client(interceptors: [headerInterceptor("X-Tenant", "globex")])
        let request = IsolationRequest(key: key, vary: "Accept-Language, X-Tenant")
        #expect(try await acme.response(for: request).value.privacyTestString("tenant") == "acme")
        let other = try await globex.response(for: request)
        #expect(other.isFromCache == false && other.value.privacyTestString("tenant") == "globex")
        // One entry per key: the newest variant answers the requests that send its values.
        let globexAgain = try await globex.response(for: request)
        #expect(globexAgain.isFromCache && globexAgain.value.privacyTestString("tenant") == "globex")
        // From disk too (a new process sees the same).
        fixture.cache.clearMemoryCache()
        fixture.cache.disk.reloadIndex()
        let fromDisk = try await globex.response(for: request)
        #expect(fromDisk.isFromCache && fromDisk.value.privacyTestString("tenant") == "globex")
        let acmeAgain = try await acme.response(for: request)
        #expect(acmeAgain.isFromCache == false && acmeAgain.value.privacyTestString("tenant") == "acme")

        let star = IsolationRequest(key: Self.uniqueKey(), vary: "*")
        _ = try await acme.response(for: star)
        #expect(try await acme.response(for: star).isFromCache == false)
    }

    @Test("Set-Cookie is never stored or replayed; an anonymous response that sets a cookie is not cached")
    func setCookieIsNeverReplayed() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let first = fixture.client()
        let second = fixture.client()
        let request = IsolationRequest(key: key, setCookie: "sid=s3cr3t-session")
        let original = try await first.response(for: request)
        #expect(original.raw.header("Set-Cookie")?.contains("s3cr3t") == true)
        let replay = try await second.response(for: request)
        #expect(replay.isFromCache == false)
        #expect(fixture.diskText().contains("s3cr3t") == false)
        #expect(fixture.diskText().lowercased().contains("set-cookie") == false)

        // For a personal scope the response is kept, without its Set-Cookie, in memory and on disk.
        // (A session that keeps no cookies: a stored cookie would be a credential of its own, and key the next request.)
        let noCookies = URLSessionConfiguration.ephemeral
        noCookies.httpCookieStorage = nil
        noCookies.httpShouldSetCookies = false
        let alice = fixture.client(
            headers: ["Authorization": "Bearer alice"],
            transport: HTURLSessionTransport(session: URLSession(configuration: noCookies)))
        let personal = IsolationRequest(key: Self.uniqueKey(), setCookie: "sid=alice-session")
        _ = try await alice.response(for: personal)
        let hit = try await alice.response(for: personal)
        #expect(hit.isFromCache && hit.raw.header("Set-Cookie") == nil)
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).count == 1)
        #expect(fixture.diskText().contains("alice-session") == false)
        fixture.cache.clearMemoryCache()
        let diskHit = try await alice.response(for: personal)
        #expect(diskHit.isFromCache && diskHit.raw.header("Set-Cookie") == nil)
    }

    @Test("Hop-by-hop and credential response headers are not kept in an entry")
    func perConnectionHeadersAreDropped() {
        let stored = HTCachedResponse(
            HTTransportResponse(
                statusCode: 200,
                headers: [
                    "Content-Type": "application/json", "Set-Cookie": "a=b", "set-cookie2": "c=d",
                    "Connection": "close",
                    "Keep-Alive": "timeout=5", "X-Auth-Token": "t", "ETag": "\"1\"", "Vary": "Accept",
                ], body: Data("{}".utf8), url: nil))
        #expect(Set(stored.headers.keys) == ["Content-Type", "ETag", "Vary"])
    }

    @Test("A cache file keeps no URL, query or credential: only a digest of the key")
    func diskKeepsNoRequestParameters() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let alice = fixture.client(interceptors: [queryTokenInterceptor("tok-alice-123")])
        let first = try await alice.response(for: IsolationRequest(key: key))
        #expect(first.isFromCache == false)
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).count == 1)
        // The body is the server's answer (which echoes the token); everything else must not hold it.
        let text = fixture.diskMetadataText()
        #expect(text.contains("keyDigest"))
        #expect(text.contains("tok-alice-123") == false)
        #expect(text.contains("access_token") == false)
        #expect(text.contains(key) == false)
        #expect(text.contains("/whoami") == false)
        // A disk hit still knows which URL it answers (the request's).
        fixture.cache.clearMemoryCache()
        let hit = try await alice.response(for: IsolationRequest(key: key))
        #expect(hit.isFromCache && hit.raw.url?.path == "/whoami")
    }
}
