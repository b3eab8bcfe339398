import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ht-bench --cache`: the response cache's hit latency (memory and disk, 4 KB and 1 MB bodies), write
/// throughput, 100,000 inserts with eviction, and a cache-first hit through `client.send` against the same
/// request's round trip to the loopback test server, as ratios.
enum CacheBench {
    /// `GET /json?file=users-<count>.json`, cached by policy.
    struct CachedUsersRequest: HTCacheableRequest, Sendable {
        typealias Response = [HTGithubUser]
        static let method: HTHTTPMethod = .get
        static let path = "/json"
        var count: Int
        var cachePolicy: HTCachePolicyID?
        var parameters: HTJSONObject { ["file": .string("users-\(count).json")] }
    }

    /// Runs the measurements and prints them.
    static func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        let silent: @Sendable (HTCacheLogEvent) -> Void = { _ in }

        for (label, size) in [("4 KB", 4 << 10), ("1 MB", 1 << 20)] {
            let directory = root.appendingPathComponent("hits-\(size)")
            let key = HTCacheKey(custom: "entry-\(size)")
            let entry = HTCachedResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(repeating: 0x61, count: size)
            )
            let memory = HTResponseCache(
                directory: directory, memoryByteLimit: 64 << 20, diskByteLimit: 256 << 20, logger: silent)
            _ = memory.store(entry, for: key)
            let onDisk = HTResponseCache(
                directory: directory, memoryCountLimit: 0, diskByteLimit: 256 << 20, logger: silent)
            let count = size > 64 << 10 ? 200 : 5_000
            let memoryHit = perCall(count, clock) { _ = memory.cachedResponse(for: key) }
            let diskHit = perCall(count / 5, clock) { _ = onDisk.cachedResponse(for: key) }
            print(String(format: "hit %@: memory %8.2f µs, disk %8.2f µs", label, memoryHit * 1e6, diskHit * 1e6))
        }

        let writes = HTResponseCache(
            directory: root.appendingPathComponent("writes"), diskByteLimit: 1 << 30, logger: silent)
        let body = Data(repeating: 0x62, count: 4 << 10)
        let writeCount = 2_000
        let writeTime = clock.measure {
            for index in 0..<writeCount {
                _ = writes.store(HTCachedResponse(statusCode: 200, body: body), for: HTCacheKey(custom: "w\(index)"))
            }
        }
        let writeRate = Double(writeCount) / writeTime.seconds
        print(
            String(
                format: "writes (4 KB, memory + disk): %8.0f entries/s = %6.1f MB/s", writeRate, writeRate * 4 / 1024))

        let evicting = HTResponseCache(
            directory: root.appendingPathComponent("evict"), memoryCountLimit: 100, memoryByteLimit: 1 << 20,
            diskByteLimit: 4 << 20, logger: silent)
        let small = Data(repeating: 0x63, count: 256)
        let insertCount = 100_000
        let evictTime = clock.measure {
            for index in 0..<insertCount {
                _ = evicting.store(HTCachedResponse(statusCode: 200, body: small), for: HTCacheKey(custom: "e\(index)"))
            }
        }
        let diskSize = await evicting.computeDiskSize()
        print(
            String(
                format: "100,000 inserts with eviction: %.2f s (%.0f/s); disk %d bytes (limit %d)",
                evictTime.seconds, Double(insertCount) / evictTime.seconds, diskSize, 4 << 20))

        // A cache-first hit through the client against the same request's loopback round trip, for a
        // ~4 KB and a ~10 KB response (3 and 7 GitHub users, mapped to models on both sides), and the
        // memory tier's lookup alone against the same round trip.
        let corpus = BenchCorpus.locate(override: nil)
        let user = try BenchCorpus.load("github-user.json", in: corpus)
        let fixtures = root.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        for count in [3, 7] {
            let body =
                Data("[".utf8) + Array(repeating: user, count: count).joined(separator: Data(",".utf8)) + Data("]".utf8)
            try body.write(to: fixtures.appendingPathComponent("users-\(count).json"))
        }
        let server = try ClientBench.Server(fixtures: fixtures)
        defer { server.stop() }
        func client(_ cache: HTResponseCache) -> HTClient {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: .noCache, defaultExpiry: 3600)
            return HTClient(configuration: configuration)
        }
        let memoryCache = HTResponseCache(directory: root.appendingPathComponent("client-memory"), logger: silent)
        let memoryClient = client(memoryCache)
        let diskClient = client(
            HTResponseCache(directory: root.appendingPathComponent("client-disk"), memoryCountLimit: 0, logger: silent))
        for count in [3, 7] {
            let cached = CachedUsersRequest(count: count, cachePolicy: .cacheFirst)
            let fresh = CachedUsersRequest(count: count, cachePolicy: .noCache)
            let bytes = try await memoryClient.response(for: cached).body.count
            _ = try await diskClient.send(cached)
            // Alternating batches; the median batch of each.
            var networkBatches: [Double] = []
            var memoryBatches: [Double] = []
            var diskBatches: [Double] = []
            for _ in 0..<15 {
                networkBatches.append(try await perCallAsync(40, clock) { _ = try await memoryClient.send(fresh) })
                memoryBatches.append(try await perCallAsync(400, clock) { _ = try await memoryClient.send(cached) })
                diskBatches.append(try await perCallAsync(200, clock) { _ = try await diskClient.send(cached) })
            }
            let network = BenchClock.median(networkBatches)
            let memoryHit = BenchClock.median(memoryBatches)
            let diskHit = BenchClock.median(diskBatches)
            print(
                String(
                    format:
                        "client.send, %d users (%d bytes, mapped): network %6.1f µs; cache-first memory hit %5.1f µs (%.1f× faster), disk hit %5.1f µs (%.1f× faster)",
                    count, bytes, network * 1e6, memoryHit * 1e6, network / memoryHit, diskHit * 1e6, network / diskHit)
            )
            if count == 7, let key = memoryClient.cacheKey(for: cached) {
                let lookup = perCall(20_000, clock) { _ = memoryCache.cachedResponse(for: key) }
                print(
                    String(
                        format:
                            "  the memory tier's lookup alone: %.2f µs (%.0f× faster than the round trip); the rest of a hit is building the request and its key (the mapped value is shared, not copied)",
                        lookup * 1e6, network / lookup))
            }
        }
    }

    private static func perCall(_ count: Int, _ clock: ContinuousClock, _ body: () -> Void) -> Double {
        for _ in 0..<min(count, 20) { body() }
        let elapsed = clock.measure {
            for _ in 0..<count { body() }
        }
        return elapsed.seconds / Double(count)
    }

    private static func perCallAsync(_ count: Int, _ clock: ContinuousClock, _ body: () async throws -> Void)
        async throws -> Double
    {
        let elapsed = try await clock.measure {
            for _ in 0..<count { try await body() }
        }
        return elapsed.seconds / Double(count)
    }
}
