import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects the records a logger writes (thread-safe), for assertions.
final class CacheLogRecords: Sendable {
    private let records = LockedBox<[HTLogRecord]>([])

    /// A logger at `debug` that writes only to this collector.
    var logger: HTLogger {
        HTLogger(
            level: .debug, sinks: [HTClosureLogSink { [records] record in records.withLock { $0.append(record) } }])
    }

    /// The records under the `cache` component.
    var cache: [HTLogRecord] { records.value.filter { $0.component == .cache } }

    /// Whether a `cache` record at `level` contains `text`.
    func contains(_ level: HTLogLevel, _ text: String) -> Bool {
        cache.contains { $0.level == level && $0.message.contains(text) }
    }
}

/// `GET /flaky?key=K&fail=0&access_token=T`: a cache-first request whose URL holds a secret.
struct SecretQueryRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/flaky"
    var key: String
    var parameters: HTJSONObject { ["key": .string(key), "fail": .integer(0), "access_token": "s3cret-token"] }
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
}

/// Serves a fresh entry only to a GET whose `X-Use-Cache` header is `yes`, and records every request it
/// was asked about.
final class RequestAwarePolicy: HTCachePolicy {
    private let seen = LockedBox<[HTCacheRequest]>([])

    var requests: [HTCacheRequest] { seen.value }

    func cachedResponse(for lookup: HTCacheLookup) -> HTCachedResponse? {
        if let request = lookup.request { seen.withLock { $0.append(request) } }
        guard let request = lookup.request, request.method == "GET", request.header("x-use-cache") == "yes",
            let entry = lookup.storedResponse(), lookup.validity(of: entry) == .fresh
        else { return nil }
        return entry
    }
}

@Suite("Response cache hardening: key texts, files at rest, credentials, logging", .timeLimit(.minutes(3)))
struct CacheHardeningTests {
    static func uniqueKey() -> String { "h-" + UUID().uuidString }

    // MARK: Key collisions

    @Test("Two keys with the same 64-bit hash but different texts are never served each other's entry")
    func forcedCollision() throws {
        let directory = CacheTestSupport.directory("collision")
        defer { CacheTestSupport.cleanUp(directory) }
        let alice = HTCacheKey(value: 0x1234, text: "HTCacheKey/custom\nalice\nscope:none")
        let bob = HTCacheKey(value: 0x1234, text: "HTCacheKey/custom\nbob\nscope:none")
        #expect(alice != bob && alice.hex == bob.hex && alice.textDigest != bob.textDigest)
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        #expect(cache.store(CacheTestSupport.entry("alice's body"), for: alice))

        // Memory tier: the other text misses; the own text hits.
        #expect(cache.storedResponse(for: bob) == nil)
        #expect(cache.memory.memo(for: bob) == nil)
        #expect(cache.storedResponse(for: alice)?.body == Data("alice's body".utf8))
        // Disk tier: the file is named by the hash, but stores the text's digest.
        cache.clearMemoryCache()
        #expect(cache.storedResponse(for: bob) == nil)
        #expect(
            CacheTestSupport.entryFiles(in: directory) == [alice.hex + ".htcache"], "a collision is a miss, not damage")
        #expect(cache.storedResponse(for: alice)?.body == Data("alice's body".utf8))

        // Bob's store takes the slot; from then on Alice misses and Bob gets his own body.
        #expect(cache.store(CacheTestSupport.entry("bob's body"), for: bob))
        #expect(cache.storedResponse(for: alice) == nil)
        #expect(cache.storedResponse(for: bob)?.body == Data("bob's body".utf8))
        // The same after a restart (the index is rebuilt from the files).
        let reopened = HTResponseCache(directory: directory, logger: { _ in })
        #expect(reopened.storedResponse(for: alice) == nil)
        #expect(reopened.storedResponse(for: bob)?.body == Data("bob's body".utf8))

        // The file format alone: a file written under one text does not decode for the other.
        let file = HTCacheFileFormat.encode(CacheTestSupport.entry("x"), key: alice)
        #expect(HTCacheFileFormat.decode(file, key: alice) != nil)
        #expect(HTCacheFileFormat.decode(file, key: bob) == nil)
        // A key known only by its hash is yet another text.
        #expect(HTCacheKey(value: 0x1234) != alice)
        #expect(reopened.storedResponse(for: HTCacheKey(value: 0x1234)) == nil)
    }

    @Test("Files of the previous format (HTC1, keyed by the hash alone) are misses and are removed")
    func previousFormatIsAMiss() throws {
        let directory = CacheTestSupport.directory("oldformat")
        defer { CacheTestSupport.cleanUp(directory) }
        let key = HTCacheKey(canonical: "HTCacheKey/custom\nold\nscope:none")
        let tier = HTDiskCacheTier(directory: directory, byteLimit: 1 << 20, log: { _ in })
        #expect(tier.set(CacheTestSupport.entry("old"), for: key).stored)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: tier.path(for: key.value)))
        bytes.replaceSubrange(0..<4, with: Array("HTC1".utf8))
        try bytes.write(to: URL(fileURLWithPath: tier.path(for: key.value)))
        let reopened = HTDiskCacheTier(directory: directory, byteLimit: 1 << 20, log: { _ in })
        #expect(reopened.get(key) == nil)
        #expect(CacheTestSupport.entryFiles(in: directory).isEmpty)
    }

    // MARK: Files at rest

    @Test("Entry files are created 0600 in a 0700 directory, even one that existed with looser modes")
    func filePermissions() throws {
        let directory = CacheTestSupport.directory("modes")
        defer { CacheTestSupport.cleanUp(directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(chmod(directory.path, 0o755) == 0)
        #expect(CacheTestSupport.mode(of: directory.path) == 0o755)
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        for index in 0..<3 {
            #expect(cache.store(CacheTestSupport.entry("e\(index)"), for: HTCacheKey(canonical: "modes \(index)")))
        }
        #expect(CacheTestSupport.mode(of: directory.path) == 0o700)
        let files = CacheTestSupport.entryFiles(in: directory)
        #expect(files.count == 3)
        for name in files {
            #expect(CacheTestSupport.mode(of: directory.appendingPathComponent(name).path) == 0o600, "\(name)")
        }
    }

    @Test("An entry file replaced by a symbolic link is never followed: a miss, the link removed, the target untouched")
    func symbolicLinkNotFollowed() async throws {
        let parent = CacheTestSupport.directory("symlink")
        defer { CacheTestSupport.cleanUp(parent) }
        let directory = parent.appendingPathComponent("cache")
        let log = CacheLogRecorder()
        let cache = HTResponseCache(directory: directory, logger: log.logger)
        let key = HTCacheKey(canonical: "HTCacheKey/custom\nlinked\nscope:none")
        #expect(cache.store(CacheTestSupport.entry("genuine"), for: key))
        let entryPath = cache.disk.path(for: key.value)

        // The target: a valid-looking entry for this very key, outside the cache, dated in the past.
        let target = parent.appendingPathComponent("target.htcache")
        try FileManager.default.copyItem(atPath: entryPath, toPath: target.path)
        let targetBytes = try Data(contentsOf: target)
        var past = [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)]
        #expect(utimes(target.path, &past) == 0)
        func targetUntouched() throws {
            #expect(try Data(contentsOf: target) == targetBytes)
            let modified = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
            #expect(modified == Date(timeIntervalSince1970: 1_000_000_000))
        }
        func isLink(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        }

        try FileManager.default.removeItem(atPath: entryPath)
        try FileManager.default.createSymbolicLink(atPath: entryPath, withDestinationPath: target.path)
        cache.clearMemoryCache()
        #expect(cache.storedResponse(for: key) == nil)
        #expect(!isLink(entryPath) && !FileManager.default.fileExists(atPath: entryPath), "the link is removed")
        #expect(log.recorded.contains { $0.kind == .corruptEntryRemoved && $0.message.contains("not a regular file") })
        try targetUntouched()

        // A link found when the index is rebuilt (a new process) is not followed either.
        try FileManager.default.createSymbolicLink(atPath: entryPath, withDestinationPath: target.path)
        let reopened = HTResponseCache(directory: directory, logger: { _ in })
        #expect(reopened.storedResponse(for: key) == nil)
        #expect(reopened.diskEntryCount == 0)
        #expect(await reopened.computeDiskSize() == 0)
        #expect(!isLink(entryPath))
        try targetUntouched()
    }

    @Test(
        "A cache directory that can't be written (its path is a file): stores fail quietly, lookups miss, logged under cache"
    )
    func unwritableDirectory() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let blocker = CacheTestSupport.directory("unwritable")
        defer { CacheTestSupport.cleanUp(blocker) }
        // A file where the cache wants its directory: every write fails, whoever the tests run as.
        try Data().write(to: blocker)
        let records = CacheLogRecords()
        let cacheEvents = CacheLogRecorder()
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.logger = records.logger
        let cache = HTResponseCache(directory: blocker, logger: cacheEvents.logger)
        configuration.cache = HTCacheSettings(cache: cache)
        let client = HTClient(configuration: configuration)
        let key = Self.uniqueKey()

        let first = try await client.response(for: CountedRequest(key: key))
        #expect(first.isFromCache == false && first.value.cacheTestInteger("attempts") == 1)
        #expect(
            records.cache.contains { ($0.level == .warning || $0.level == .error) && $0.message.contains(blocker.path) }
        )
        #expect(records.contains(.debug, "memory only (the disk write failed)"))
        #expect(cacheEvents.recorded.contains { $0.kind == .directoryUnavailable || $0.kind == .writeFailed })
        // Nothing reached the disk: once memory is cleared, the lookup misses and the request is sent.
        cache.clearMemoryCache()
        #expect(cache.storedResponse(for: try #require(client.cacheKey(for: CountedRequest(key: key)))) == nil)
        let second = try await client.response(for: CountedRequest(key: key))
        #expect(second.isFromCache == false && second.value.cacheTestInteger("attempts") == 2)
        #expect(records.contains(.debug, "miss: GET"))
        // Directly: a store reports the failure and the disk tier has nothing.
        #expect(cache.store(CacheTestSupport.entry("direct"), for: HTCacheKey(canonical: "direct")) == false)
        cache.clearMemoryCache()
        #expect(cache.storedResponse(for: HTCacheKey(canonical: "direct")) == nil)
    }

    // MARK: Credentials

    @Test("A request carrying credentials uses the cache only when it opts in (its own policy, or the client's flag)")
    func credentialedRequestsOptIn() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let directory = CacheTestSupport.directory("optin")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        let records = CacheLogRecords()
        func client(headers: [String: String], userScope: String? = nil, optIn: Bool = false) -> HTClient {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.defaultHeaders = headers
            configuration.logger = records.logger
            configuration.cache = HTCacheSettings(
                cache: cache, defaultPolicy: .cacheFirst, userScope: userScope, cachesCredentialedResponses: optIn)
            return HTClient(configuration: configuration)
        }

        // The client's default policy does not cover a request with an Authorization header ...
        let alice = client(headers: ["Authorization": "Bearer alice"])
        let key = Self.uniqueKey()
        for expected in Int64(1)...2 {
            let response = try await alice.response(for: CountedRequest(key: key, policy: nil))
            #expect(response.isFromCache == false && response.value.cacheTestInteger("attempts") == expected)
        }
        #expect(cache.memoryUsage.count == 0 && CacheTestSupport.entryFiles(in: directory).isEmpty)
        #expect(records.contains(.debug, "carries credentials and does not opt in"))
        // ... nor does naming a user scope.
        let scoped = client(headers: ["Authorization": "Bearer alice"], userScope: "alice")
        _ = try await scoped.send(CountedRequest(key: key, policy: nil))
        #expect(try await scoped.response(for: CountedRequest(key: key, policy: nil)).isFromCache == false)
        #expect(cache.memoryUsage.count == 0)

        // A request that names its policy opts in, and is stored under its credentials.
        _ = try await alice.send(CountedRequest(key: key, policy: .cacheFirst))
        #expect(try await alice.response(for: CountedRequest(key: key, policy: .cacheFirst)).isFromCache)
        let bob = client(headers: ["Authorization": "Bearer bob"])
        #expect(try await bob.response(for: CountedRequest(key: key, policy: .cacheFirst)).isFromCache == false)
        // Naming .noCache is no opt-in, even under an override.
        let overridden = try await HTCachePolicyOverride.with(.cacheFirst) { () async throws(HTNetworkingError) in
            try await alice.response(for: CountedRequest(key: key, policy: .noCache))
        }
        #expect(overridden.isFromCache == false)

        // The client's flag opts every request in.
        let optedIn = client(headers: ["Authorization": "Bearer carol"], optIn: true)
        let other = Self.uniqueKey()
        _ = try await optedIn.send(CountedRequest(key: other, policy: nil))
        #expect(try await optedIn.response(for: CountedRequest(key: other, policy: nil)).isFromCache)

        // Requests without credentials follow the default policy as before.
        let anonymous = client(headers: [:])
        let plain = Self.uniqueKey()
        _ = try await anonymous.send(CountedRequest(key: plain, policy: nil))
        #expect(try await anonymous.response(for: CountedRequest(key: plain, policy: nil)).isFromCache)
    }

    // MARK: Policies see the request

    @Test("A custom policy gets the request as sent (method, URL, headers) and can decide by it")
    func customPolicySeesRequest() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let directory = CacheTestSupport.directory("policy")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        let policy = RequestAwarePolicy()
        cache.register(policy, for: "byRequest")
        func client(headers: [String: String]) -> HTClient {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.defaultHeaders = headers
            configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: "byRequest")
            return HTClient(configuration: configuration)
        }
        let willing = client(headers: ["X-Use-Cache": "yes"])
        let unwilling = client(headers: ["X-Use-Cache": "no"])
        let key = Self.uniqueKey()
        #expect(try await willing.response(for: CountedRequest(key: key, policy: nil)).isFromCache == false)
        let hit = try await willing.response(for: CountedRequest(key: key, policy: nil))
        #expect(hit.isFromCache && hit.value.cacheTestInteger("attempts") == 1)
        // The same key, but the header says no: the policy sends it.
        let refused = try await unwilling.response(for: CountedRequest(key: key, policy: nil))
        #expect(refused.isFromCache == false && refused.value.cacheTestInteger("attempts") == 2)

        let seen = policy.requests
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { $0.method == "GET" && $0.url?.path == "/flaky" })
        #expect(seen.allSatisfy { $0.url?.query?.contains("key=\(key)") == true })
        #expect(seen.map { $0.header("X-USE-CACHE") } == ["yes", "yes", "no"])
        // The manager calls give the policy the request too.
        #expect(willing.hasCachedResponse(for: CountedRequest(key: key, policy: nil)))
        #expect(unwilling.hasCachedResponse(for: CountedRequest(key: key, policy: nil)) == false)
        #expect(policy.requests.last?.header("x-use-cache") == "no")
    }

    // MARK: Logging

    @Test("Hits, misses, stores and evictions are logged under cache, at debug, with URLs redacted")
    func logging() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let directory = CacheTestSupport.directory("logging")
        defer { CacheTestSupport.cleanUp(directory) }
        let records = CacheLogRecords()
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.logger = records.logger
        configuration.cache = HTCacheSettings(
            cache: HTResponseCache(directory: directory, memoryCountLimit: 1, logger: { _ in }))
        let client = HTClient(configuration: configuration)
        let key = Self.uniqueKey()
        _ = try await client.send(SecretQueryRequest(key: key))
        #expect(records.contains(.debug, "miss: GET "))
        #expect(records.contains(.debug, "stored: GET "))
        #expect(records.contains(.debug, "memory and disk"))
        #expect(try await client.response(for: SecretQueryRequest(key: key)).isFromCache)
        #expect(records.contains(.debug, "hit: GET "))
        // A second entry pushes the first out of the one-entry memory tier.
        _ = try await client.send(SecretQueryRequest(key: key + "-2"))
        #expect(records.contains(.debug, "evicted 1 least recently used entry"))
        let all = records.cache
        #expect(all.allSatisfy { !$0.message.contains("s3cret-token") })
        #expect(all.contains { $0.message.contains("access_token=<redacted>") })
        #expect(all.allSatisfy { $0.level == .debug })
    }
}
