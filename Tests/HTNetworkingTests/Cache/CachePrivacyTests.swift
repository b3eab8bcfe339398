import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /whoami?key=K`: `{"count", "authorization", "cookie"}`, with `Cache-Control` when asked for.
struct WhoAmIRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/whoami"

    var key: String
    var cacheControl: String?
    var setCookie: String?
    var authorization: String?
    var userScope: String?

    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["key": .string(key)]
        if let cacheControl { parameters["cache_control"] = .string(cacheControl) }
        if let setCookie { parameters["set_cookie"] = .string(setCookie) }
        return parameters
    }
    var headers: [String: String] { authorization.map { ["Authorization": $0] } ?? [:] }
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
    var cacheUserScope: String? { userScope }
    /// What the server is asked to send back is not part of the key: the same entry, whatever it says.
    func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject {
        var filtered = parameters
        filtered["cache_control"] = nil
        return filtered
    }
}

/// A token store with a fixed token that can be changed.
final class FixedTokenProvider: HTTokenProvider {
    private let token: HTLocked<String>
    init(_ token: String) { self.token = HTLocked(token) }
    func set(_ value: String) { token.withLock { $0 = value } }
    func currentToken() async throws -> String? { token.current }
    func refreshToken(rejected: String?) async throws -> String { token.current }
}

extension HTJSON {
    /// The string member `name` of an object.
    func privacyTestString(_ name: String) -> String? {
        guard case .object(let object) = self, case .string(let value)? = object[name] else { return nil }
        return value
    }
}

@Suite("Response cache: whose entry it is (credentials, user scope, Cache-Control)", .timeLimit(.minutes(3)))
struct CachePrivacyTests {
    /// A server, and clients on it that share one cache directory (as apps share `HTResponseCache.shared`).
    struct Fixture {
        let server: LoopbackServer
        let cache: HTResponseCache
        let directory: URL

        init() async throws {
            server = try await LoopbackServer.start()
            directory = CacheTestSupport.directory("privacy")
            cache = HTResponseCache(directory: directory, logger: { _ in })
        }

        func client(
            headers: [String: String] = [:], interceptors: [any HTInterceptor] = [], userScope: String? = nil,
            privateOnDisk: Bool = false, transport: any HTTransport = HTURLSessionTransport()
        ) -> HTClient {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.defaultHeaders = headers
            configuration.interceptors = interceptors
            configuration.cache = HTCacheSettings(
                cache: cache, userScope: userScope, storesPrivateResponsesOnDisk: privateOnDisk)
            return HTClient(configuration: configuration, transport: transport)
        }

        func finish() {
            server.stop()
            CacheTestSupport.cleanUp(directory)
        }
    }

    static func uniqueKey() -> String { "p-" + UUID().uuidString }

    @Test("Clients that differ only in a default Authorization header never share an entry")
    func defaultHeaderCredentials() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let alice = fixture.client(headers: ["Authorization": "Bearer alice"])
        let bob = fixture.client(headers: ["Authorization": "Bearer bob"])
        let first = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(first.isFromCache == false && first.value.privacyTestString("authorization") == "Bearer alice")
        let other = try await bob.response(for: WhoAmIRequest(key: key))
        #expect(other.isFromCache == false)
        #expect(other.value.privacyTestString("authorization") == "Bearer bob")
        // Each still gets its own entry.
        let again = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(again.isFromCache && again.value.privacyTestString("authorization") == "Bearer alice")
        let bobAgain = try await bob.response(for: WhoAmIRequest(key: key))
        #expect(bobAgain.isFromCache && bobAgain.value.privacyTestString("authorization") == "Bearer bob")
        #expect(alice.cacheKey(for: WhoAmIRequest(key: key)) != bob.cacheKey(for: WhoAmIRequest(key: key)))
    }

    @Test("Requests that differ only in their own Authorization header never share an entry")
    func requestHeaderCredentials() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let client = fixture.client()
        _ = try await client.send(WhoAmIRequest(key: key, authorization: "Bearer alice"))
        let bob = try await client.response(for: WhoAmIRequest(key: key, authorization: "Bearer bob"))
        #expect(bob.isFromCache == false && bob.value.privacyTestString("authorization") == "Bearer bob")
        // Nor does a request without credentials get the credentialed entry.
        let anonymous = try await client.response(for: WhoAmIRequest(key: key))
        #expect(anonymous.isFromCache == false && anonymous.value.privacyTestString("authorization") == nil)
    }

    @Test("A token added by the bearer-token interceptor keys the entry; a new token starts empty")
    func interceptorCredentials() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let aliceTokens = FixedTokenProvider("alice-1")
        let alice = fixture.client(interceptors: [HTBearerTokenInterceptor(provider: aliceTokens)])
        let bob = fixture.client(interceptors: [HTBearerTokenInterceptor(provider: FixedTokenProvider("bob-1"))])
        #expect(
            try await alice.response(for: WhoAmIRequest(key: key)).value.privacyTestString("authorization")
                == "Bearer alice-1")
        let bobFirst = try await bob.response(for: WhoAmIRequest(key: key))
        #expect(bobFirst.isFromCache == false && bobFirst.value.privacyTestString("authorization") == "Bearer bob-1")
        let aliceHit = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(aliceHit.isFromCache && aliceHit.value.privacyTestString("authorization") == "Bearer alice-1")
        // The memoized copy (second hit) is the same user's too.
        let aliceMemo = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(aliceMemo.isFromCache && aliceMemo.value.privacyTestString("authorization") == "Bearer alice-1")
        aliceTokens.set("alice-2")
        let refreshed = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(
            refreshed.isFromCache == false && refreshed.value.privacyTestString("authorization") == "Bearer alice-2")
    }

    @Test("A user scope replaces the credentials in the key: entries survive a token refresh, users stay apart")
    func userScope() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let tokens = FixedTokenProvider("t-1")
        let alice = fixture.client(interceptors: [HTBearerTokenInterceptor(provider: tokens)], userScope: "alice")
        _ = try await alice.send(WhoAmIRequest(key: key))
        tokens.set("t-2")
        let hit = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(hit.isFromCache && hit.value.privacyTestString("authorization") == "Bearer t-1")
        // The synchronous manager calls see the same key as the client when the user is named.
        #expect(alice.hasCachedResponse(for: WhoAmIRequest(key: key)))
        let bob = fixture.client(interceptors: [HTBearerTokenInterceptor(provider: tokens)], userScope: "bob")
        #expect(try await bob.response(for: WhoAmIRequest(key: key)).isFromCache == false)
        // A request's own scope beats the client's.
        let asBob = try await alice.response(for: WhoAmIRequest(key: key, userScope: "bob"))
        #expect(asBob.isFromCache)
    }

    @Test("Cookies the session stores key the entry too")
    func sessionCookies() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let aliceTransport = HTURLSessionTransport(session: URLSession(configuration: .ephemeral))
        let bobTransport = HTURLSessionTransport(session: URLSession(configuration: .ephemeral))
        let alice = fixture.client(transport: aliceTransport)
        let bob = fixture.client(transport: bobTransport)
        // Log in: the server sets a session cookie (a different key: the login itself is not the point).
        _ = try await HTCachePolicyOverride.with(.noCache) { () async throws(HTNetworkingError) in
            _ = try await alice.send(WhoAmIRequest(key: key + "-login", setCookie: "sid=alice"))
            _ = try await bob.send(WhoAmIRequest(key: key + "-login", setCookie: "sid=bob"))
        }
        let aliceFirst = try await alice.response(for: WhoAmIRequest(key: key))
        #expect(aliceFirst.value.privacyTestString("cookie") == "sid=alice")
        let bobFirst = try await bob.response(for: WhoAmIRequest(key: key))
        #expect(bobFirst.isFromCache == false && bobFirst.value.privacyTestString("cookie") == "sid=bob")
        // The manager calls see the cookies too.
        #expect(alice.cacheKey(for: WhoAmIRequest(key: key)) != bob.cacheKey(for: WhoAmIRequest(key: key)))
        #expect(
            alice.hasCachedResponse(for: WhoAmIRequest(key: key)) && bob.hasCachedResponse(for: WhoAmIRequest(key: key))
        )
    }

    @Test("Cache-Control: no-store is kept nowhere and removes what was stored")
    func noStore() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let client = fixture.client(headers: ["Authorization": "Bearer alice"])
        for expected in Int64(1)...2 {
            let response = try await client.response(for: WhoAmIRequest(key: key, cacheControl: "no-store"))
            #expect(response.isFromCache == false && response.value.cacheTestInteger("count") == expected)
        }
        #expect(fixture.cache.memoryUsage.count == 0)
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).isEmpty)

        // An entry stored earlier under the same key is removed when the server says no-store.
        let other = Self.uniqueKey()
        _ = try await client.send(WhoAmIRequest(key: other))
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).count == 1)
        _ = try await HTCachePolicyOverride.with(.writeOnly) { () async throws(HTNetworkingError) in
            try await client.send(WhoAmIRequest(key: other, cacheControl: "max-age=60, No-Store"))
        }
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).isEmpty)
        #expect(fixture.cache.memoryUsage.count == 0)
        #expect(try await client.response(for: WhoAmIRequest(key: other)).isFromCache == false)
    }

    @Test("Cache-Control: private stays in memory, for a personal key only, unless the app allows the disk")
    func privateResponses() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let alice = fixture.client(headers: ["Authorization": "Bearer alice"])
        _ = try await alice.send(WhoAmIRequest(key: key, cacheControl: "private, max-age=60"))
        #expect(try await alice.response(for: WhoAmIRequest(key: key, cacheControl: "private, max-age=60")).isFromCache)
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).isEmpty)
        fixture.cache.clearMemoryCache()
        #expect(
            try await alice.response(for: WhoAmIRequest(key: key, cacheControl: "private, max-age=60")).isFromCache
                == false)

        // Without credentials or a user scope there is nobody it belongs to: not stored at all.
        let anonymous = fixture.client()
        _ = try await anonymous.send(WhoAmIRequest(key: key, cacheControl: "private"))
        #expect(
            try await anonymous.response(for: WhoAmIRequest(key: key, cacheControl: "private")).isFromCache == false)

        // The app's opt-in writes it to disk.
        let onDisk = fixture.client(headers: ["Authorization": "Bearer carol"], privateOnDisk: true)
        _ = try await onDisk.send(WhoAmIRequest(key: key, cacheControl: "private"))
        #expect(CacheTestSupport.entryFiles(in: fixture.directory).count == 1)
    }

    @Test("The scope: credential header names, digests instead of values, user scope first")
    func scopeRules() {
        for name in [
            "Authorization", "proxy-authorization", "Cookie", "X-Api-Key", "X-Auth-Token", "api_key", "X-Session-Id",
        ] {
            #expect(HTCacheScope.isCredentialHeader(name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "X-Request-Id", "User-Agent"] {
            #expect(HTCacheScope.isCredentialHeader(name) == false, "\(name)")
        }
        #expect(HTCacheScope.isCredentialHeader("X-Tenant", extra: ["x-tenant"]))
        let scope = HTCacheScope.credentials(in: ["Authorization": "Bearer s3cret", "Accept": "a"])
        #expect(scope.isPersonal && scope.text.hasPrefix("credentials ") && !scope.text.contains("s3cret"))
        #expect(scope == HTCacheScope.credentials(in: ["authorization": "Bearer s3cret"]))
        #expect(scope != HTCacheScope.credentials(in: ["Authorization": "Bearer other"]))
        #expect(HTCacheScope.credentials(in: ["Accept": "a"]) == .none)
        var urlRequest = URLRequest(url: URL(string: "http://example.com")!)
        urlRequest.setValue("Bearer x", forHTTPHeaderField: "Authorization")
        #expect(HTCacheScope.of(urlRequest, userScope: "u1", settings: HTCacheSettings()) == .user("u1"))
        #expect(
            HTCacheScope.of(urlRequest, userScope: nil, settings: HTCacheSettings())
                == .credentials(in: ["Authorization": "Bearer x"]))
    }
}
