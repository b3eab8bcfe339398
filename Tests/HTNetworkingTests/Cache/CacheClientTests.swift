import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /flaky?key=K&fail=0`: answers `{"attempts": n}`, n counting the requests the server saw for K.
/// `timestamp` changes on every call and is filtered out of the cache key.
struct CountedRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/flaky"

    var key: String
    var policy: HTCachePolicyID? = .cacheFirst
    var expiry: TimeInterval?
    var version = 0
    var timestamp = Int64(Date().timeIntervalSince1970 * 1_000_000)
    var sensitive: HTJSON?

    var parameters: HTJSONObject { ["key": .string(key), "fail": .integer(0), "timestamp": .integer(timestamp)] }
    var cachePolicy: HTCachePolicyID? { policy }
    var cacheExpiry: TimeInterval? { expiry }
    var cacheVersion: Int { version }
    var cacheSensitiveData: HTJSON? { sensitive }
    func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject {
        var filtered = parameters
        filtered["timestamp"] = nil
        return filtered
    }
}

/// `GET /etag?key=K&tag=T`: ETag and Last-Modified, 304 to a matching conditional request.
struct ETagRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/etag"
    var key: String
    var expiry: TimeInterval?
    var parameters: HTJSONObject { ["key": .string(key), "tag": "v1"] }
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
    var cacheExpiry: TimeInterval? { expiry }
}

/// Serves any stored entry that is not dated in the future, however old (an "offline" policy).
struct AnyAgePolicy: HTCachePolicy {
    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? {
        guard let entry = lookup.storedResponse(), lookup.validity(of: entry) != .fromTheFuture else { return nil }
        return entry
    }
}

extension HTJSON {
    /// The integer member `name` of an object.
    func cacheTestInteger(_ name: String) -> Int64? {
        guard case .object(let object) = self, case .integer(let value)? = object[name] else { return nil }
        return value
    }
}

@Suite("Response cache in the client, against the loopback server", .timeLimit(.minutes(3)))
struct CacheClientTests {
    /// A server, a client on it with its own cache directory, and a unique counter key.
    struct Fixture {
        let server: LoopbackServer
        let client: HTClient
        let directory: URL
        let log = CacheLogRecorder()

        init(
            defaultPolicy: HTCachePolicyID = .noCache, defaultExpiry: TimeInterval? = nil,
            maximumAge: TimeInterval = 3600
        )
            async throws
        {
            server = try await LoopbackServer.start()
            directory = CacheTestSupport.directory("client")
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.cache = HTCacheSettings(
                cache: HTResponseCache(directory: directory, maximumAge: maximumAge, logger: log.logger),
                defaultPolicy: defaultPolicy, defaultExpiry: defaultExpiry)
            client = HTClient(configuration: configuration)
        }

        func count(_ key: String) async throws -> Int64? {
            try await client.send(CounterRequest(key: key)).cacheTestInteger("count")
        }

        func finish() {
            server.stop()
            CacheTestSupport.cleanUp(directory)
        }
    }

    static func uniqueKey() -> String { "k-" + UUID().uuidString }

    @Test("Cache first: a hit is served without the network; other parameters miss")
    func cacheFirstHit() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let first = try await fixture.client.response(for: CountedRequest(key: key))
        #expect(first.isFromCache == false)
        #expect(first.value.cacheTestInteger("attempts") == 1)
        let second = try await fixture.client.response(for: CountedRequest(key: key))  // another timestamp: filtered
        #expect(second.isFromCache == true)
        #expect(second.value.cacheTestInteger("attempts") == 1)
        #expect(second.statusCode == 200)
        #expect(try await fixture.count(key) == 1)
        let other = try await fixture.client.response(for: CountedRequest(key: key + "-other"))
        #expect(other.isFromCache == false)
        // A disk hit after the memory tier is cleared.
        fixture.client.responseCache.clearMemoryCache()
        #expect(try await fixture.client.response(for: CountedRequest(key: key)).isFromCache == true)
        #expect(try await fixture.count(key) == 1)
    }

    @Test("No cache (the default): nothing is read or stored")
    func noCache() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        for _ in 0..<2 {
            #expect(try await fixture.client.response(for: CountedRequest(key: key, policy: nil)).isFromCache == false)
        }
        #expect(try await fixture.count(key) == 2)
        #expect(fixture.client.responseCache.diskEntryCount == 0)
        #expect(fixture.client.responseCache.memoryUsage.count == 0)
    }

    @Test("Write only: never reads, always stores; a later cache-first request gets the newest")
    func writeOnly() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        for expected in Int64(1)...2 {
            let response = try await fixture.client.response(for: CountedRequest(key: key, policy: .writeOnly))
            #expect(response.isFromCache == false)
            #expect(response.value.cacheTestInteger("attempts") == expected)
        }
        let cached = try await fixture.client.response(for: CountedRequest(key: key, policy: .cacheFirst))
        #expect(cached.isFromCache && cached.value.cacheTestInteger("attempts") == 2)
        #expect(try await fixture.count(key) == 2)
    }

    @Test("The client's default policy applies to requests that name none, and the task-local override beats both")
    func defaultPolicyAndOverride() async throws {
        let fixture = try await Fixture(defaultPolicy: .cacheFirst)
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        _ = try await fixture.client.send(CountedRequest(key: key, policy: nil))
        #expect(try await fixture.client.response(for: CountedRequest(key: key, policy: nil)).isFromCache)
        let forced = try await HTCachePolicyOverride.with(.writeOnly) { () async throws(HTNetworkingError) in
            try await fixture.client.response(for: CountedRequest(key: key, policy: .cacheFirst))
        }
        #expect(forced.isFromCache == false && forced.value.cacheTestInteger("attempts") == 2)
        #expect(HTCachePolicyOverride.current == nil)
    }

    @Test("Expiry: per request, the client default, and the cache's maximum age")
    func expiry() async throws {
        let fixture = try await Fixture(defaultExpiry: 0.3)
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        _ = try await fixture.client.send(CountedRequest(key: key, expiry: 60))
        try await Task.sleep(for: .milliseconds(400))
        // The request's own 60 s beats the client's 0.3 s.
        #expect(try await fixture.client.response(for: CountedRequest(key: key, expiry: 60)).isFromCache)
        // With the client default (0.3 s) the same entry has expired.
        #expect(try await fixture.client.response(for: CountedRequest(key: key)).isFromCache == false)
        #expect(try await fixture.count(key) == 2)

        let aged = try await Fixture(maximumAge: 1)
        defer { aged.finish() }
        _ = try await aged.client.send(CountedRequest(key: key, expiry: 3600))
        #expect(try await aged.client.response(for: CountedRequest(key: key, expiry: 3600)).isFromCache)
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try await aged.client.response(for: CountedRequest(key: key, expiry: 3600)).isFromCache == false)
    }

    @Test("Versions: a stored response of another version is a miss")
    func versions() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        _ = try await fixture.client.send(CountedRequest(key: key, version: 1))
        #expect(try await fixture.client.response(for: CountedRequest(key: key, version: 1)).isFromCache)
        let other = try await fixture.client.response(for: CountedRequest(key: key, version: 2))
        #expect(other.isFromCache == false && other.value.cacheTestInteger("attempts") == 2)
        #expect(try await fixture.client.response(for: CountedRequest(key: key, version: 2)).isFromCache)
        #expect(try await fixture.client.response(for: CountedRequest(key: key, version: 1)).isFromCache == false)
    }

    @Test("An entry dated in the future is never served")
    func futureDates() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let request = CountedRequest(key: key)
        let body = Data(#"{"attempts": 99}"#.utf8)
        fixture.client.responseCache.store(
            HTCachedResponse(statusCode: 200, body: body, created: Date().addingTimeInterval(3600)),
            for: try #require(fixture.client.cacheKey(for: request)))
        #expect(fixture.client.hasCachedResponse(for: request) == false)
        let response = try await fixture.client.response(for: request)
        #expect(response.isFromCache == false && response.value.cacheTestInteger("attempts") == 1)
    }

    @Test("ETag revalidation: an expired entry is sent with If-None-Match and a 304 serves the stored body")
    func etagRevalidation() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        let first = try await fixture.client.response(for: ETagRequest(key: key, expiry: 0.2))
        #expect(first.isFromCache == false && first.value.cacheTestInteger("count") == 1)
        let stored = fixture.client.responseCache.storedResponse(
            for: try #require(fixture.client.cacheKey(for: ETagRequest(key: key))))
        #expect(stored?.etag == "\"v1\"" && stored?.lastModified == "Sun, 01 Nov 2026 00:00:00 GMT")
        try await Task.sleep(for: .milliseconds(300))
        let revalidationStart = Date()
        let revalidated = try await fixture.client.response(for: ETagRequest(key: key, expiry: 0.2))
        #expect(revalidated.isFromCache == true)
        #expect(revalidated.statusCode == 200)
        #expect(revalidated.value.cacheTestInteger("count") == 1, "the stored body, not a new one")
        #expect(try await fixture.count(key) == 2, "the 304 went over the network")
        // Revalidation renewed the entry (a new date, the same body and validators).
        let renewed = fixture.client.responseCache.storedResponse(
            for: try #require(fixture.client.cacheKey(for: ETagRequest(key: key))))
        #expect(renewed.map { $0.created >= revalidationStart.addingTimeInterval(-0.001) } == true)
        #expect(renewed?.body == stored?.body && renewed?.etag == "\"v1\"")
    }

    @Test("Revalidation uses If-Modified-Since when only Last-Modified was stored")
    func lastModifiedOnly() async throws {
        let directory = CacheTestSupport.directory("lastmodified")
        defer { CacheTestSupport.cleanUp(directory) }
        var configuration = HTClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!)
        configuration.cache = HTCacheSettings(cache: HTResponseCache(directory: directory))
        let request = ETagRequest(key: "x", expiry: 1)
        configuration.cache.cache.store(
            HTCachedResponse(
                statusCode: 200, body: Data("{}".utf8), created: Date().addingTimeInterval(-5),
                lastModified: "Sun, 01 Nov 2026 00:00:00 GMT"),
            for: try #require(HTCacheKey.of(request, configuration)))
        let urlRequest = URLRequest(url: URL(string: "http://127.0.0.1:9/etag")!)
        let prepared = try HTClient(configuration: configuration).prepare(request)
        let exchange = try #require(prepared.cache).lookUp(urlRequest)
        #expect(exchange.hit == nil)
        #expect(exchange.request.value(forHTTPHeaderField: "If-Modified-Since") == "Sun, 01 Nov 2026 00:00:00 GMT")
        #expect(exchange.request.value(forHTTPHeaderField: "If-None-Match") == nil)
        let resolved = exchange.resolve(HTTransportResponse(statusCode: 304, headers: ["Date": "now"]))
        #expect(resolved.fromCache && resolved.response.statusCode == 200 && resolved.response.body == Data("{}".utf8))
        #expect(resolved.response.headers["Date"] == "now")
        #expect(exchange.resolve(HTTransportResponse(statusCode: 200)).fromCache == false)
    }

    @Test("Custom policies are registered under an identifier; an unknown identifier is logged and skips the cache")
    func customPolicy() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        fixture.client.responseCache.register(AnyAgePolicy(), for: "anyAge")
        _ = try await fixture.client.send(CountedRequest(key: key, expiry: 0.1))
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await fixture.client.response(for: CountedRequest(key: key, expiry: 0.1)).isFromCache == false)
        let offline = try await fixture.client.response(for: CountedRequest(key: key, policy: "anyAge", expiry: 0.1))
        #expect(offline.isFromCache && offline.value.cacheTestInteger("attempts") == 2)
        #expect(fixture.client.hasCachedResponse(for: CountedRequest(key: key, policy: "anyAge", expiry: 0.1)))

        let unknown = try await fixture.client.response(for: CountedRequest(key: key, policy: "missing"))
        #expect(unknown.isFromCache == false && unknown.value.cacheTestInteger("attempts") == 3)
        #expect(fixture.log.recorded.contains { $0.kind == .unknownPolicy })
    }

    @Test("Manager: has, get, remove one, remove since a date, remove all, sizes")
    func manager() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let client = fixture.client
        let cache = client.responseCache
        let a = CountedRequest(key: Self.uniqueKey())
        let b = CountedRequest(key: Self.uniqueKey())
        #expect(client.hasCachedResponse(for: a) == false)
        _ = try await client.send(a)
        try await Task.sleep(for: .milliseconds(20))
        let between = Date()
        try await Task.sleep(for: .milliseconds(20))
        _ = try await client.send(b)
        #expect(client.hasCachedResponse(for: a) && client.hasCachedResponse(for: b))
        #expect(client.cachedResponse(for: a)?.body.isEmpty == false)
        #expect(cache.hasCachedResponse(for: try #require(client.cacheKey(for: a))))
        let size = cache.currentDiskSize
        #expect(size > 0)
        #expect(await cache.computeDiskSize() == size)

        await cache.removeCachedResponses(since: between)
        #expect(client.hasCachedResponse(for: a) && !client.hasCachedResponse(for: b))
        _ = try await client.send(b)
        await client.removeCachedResponse(for: a)
        #expect(!client.hasCachedResponse(for: a) && client.hasCachedResponse(for: b))
        cache.clearMemoryCache()
        #expect(cache.memoryUsage.count == 0)
        #expect(client.hasCachedResponse(for: b), "still on disk")
        await cache.removeAllCachedResponses()
        #expect(!client.hasCachedResponse(for: b))
        #expect(cache.currentDiskSize == 0)
        #expect(await cache.computeDiskSize() == 0)
    }

    @Test("Cached, then fresh: one call yields the stored value and then the network's")
    func cachedThenFresh() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let key = Self.uniqueKey()
        var responses: [HTResponse<HTJSON>] = []
        for try await response in fixture.client.cachedThenFresh(CountedRequest(key: key, policy: nil)) {
            responses.append(response)
        }
        #expect(responses.map(\.isFromCache) == [false])
        responses = []
        for try await response in fixture.client.cachedThenFresh(CountedRequest(key: key, policy: nil)) {
            responses.append(response)
        }
        #expect(responses.map(\.isFromCache) == [true, false])
        #expect(responses.map { $0.value.cacheTestInteger("attempts") } == [1, 2])
        // The fresh value was stored.
        let next = try await fixture.client.response(for: CountedRequest(key: key))
        #expect(next.isFromCache && next.value.cacheTestInteger("attempts") == 2)
    }

    @Test("A failed disk write does not fail the request; the response is served from memory")
    func diskFailureInClient() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let blocker = CacheTestSupport.directory("blocked")
        defer { CacheTestSupport.cleanUp(blocker) }
        try Data().write(to: blocker)  // a file where the cache wants its directory
        let log = CacheLogRecorder()
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.cache = HTCacheSettings(
            cache: HTResponseCache(directory: blocker.appendingPathComponent("cache"), logger: log.logger),
            defaultPolicy: .cacheFirst)
        let client = HTClient(configuration: configuration)
        let key = Self.uniqueKey()
        let first = try await client.response(for: CountedRequest(key: key))
        #expect(first.value.cacheTestInteger("attempts") == 1)
        #expect(log.recorded.contains { $0.kind == .writeFailed || $0.kind == .directoryUnavailable })
        #expect(try await client.response(for: CountedRequest(key: key)).isFromCache)
    }

    @Test("Concurrent cache-first sends and writes on one client")
    func concurrentSends() async throws {
        let fixture = try await Fixture()
        defer { fixture.finish() }
        let client = fixture.client
        let keys = (0..<4).map { _ in Self.uniqueKey() }
        for key in keys { _ = try await client.send(CountedRequest(key: key)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let key = keys[index % keys.count]
                    if (index / 4) % 4 == 3 {  // indices 12-15 and 28-31: two writes per key
                        _ = try await client.send(CountedRequest(key: key, policy: .writeOnly))
                    } else {
                        let response = try await client.response(for: CountedRequest(key: key))
                        #expect(response.isFromCache)
                        #expect((response.value.cacheTestInteger("attempts") ?? 0) >= 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        for key in keys { #expect(try await fixture.count(key) == 3) }
    }
}
