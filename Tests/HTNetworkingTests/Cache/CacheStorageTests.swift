import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects log events from a cache (thread-safe), for assertions.
final class CacheLogRecorder: Sendable {
    private let events = LockedBox<[HTCacheLogEvent]>([])

    var logger: @Sendable (HTCacheLogEvent) -> Void {
        { [events] event in events.withLock { $0.append(event) } }
    }

    var recorded: [HTCacheLogEvent] { events.value }
}

enum CacheTestSupport {
    /// A fresh, empty directory for one test (removed by `cleanUp`).
    static func directory(_ label: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("ht-cache-tests-\(label)-\(UUID().uuidString)", isDirectory: true)
    }

    static func cleanUp(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    static func entry(_ text: String, created: Date = Date(), version: Int = 0) -> HTCachedResponse {
        HTCachedResponse(
            statusCode: 200, headers: ["Content-Type": "application/json", "ETag": "\"v1\""], body: Data(text.utf8),
            url: URL(string: "http://127.0.0.1/x"), created: created, version: version, etag: "\"v1\"")
    }

    static func mode(of path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o777
    }

    /// What one entry file of `entry` and the folder's lock file take on disk (allocated blocks), measured
    /// in a scratch folder.
    static func diskBytes(of entry: HTCachedResponse) -> (entry: Int, lock: Int) {
        let scratch = directory("probe")
        defer { cleanUp(scratch) }
        let tier = HTDiskCacheTier(directory: scratch, byteLimit: 1 << 20, log: { _ in })
        tier.set(entry, for: HTCacheKey(value: 1))
        let lock = HTCacheFileIO.allocatedSize(scratch.appendingPathComponent(HTCacheFolderLock.fileName).path)
        return (tier.currentSize, lock ?? 0)
    }

    static func entryFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".htcache")
        }.sorted()
    }
}

@Suite("Cache storage: hash, file format, memory and disk tiers")
struct CacheStorageTests {
    @Test("FNV-1a-64 matches the published test vectors")
    func fnvVectors() {
        #expect(HTCacheHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(HTCacheHash.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(HTCacheHash.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
        #expect(HTCacheHash.hex(0x8594_4171_f739_67e8) == "85944171f73967e8")
        #expect(HTCacheHash.hex(1) == "0000000000000001")
    }

    @Test("A file round-trips; every truncation, a flipped byte and another key are rejected")
    func fileFormat() {
        let entry = HTCachedResponse(
            statusCode: 201, headers: ["A": "1", "Last-Modified": "Sun, 22 Nov 2026 10:00:00 GMT"],
            body: Data("{\"x\":[1,2]}".utf8),
            url: URL(string: "http://h/p?q=1"), created: Date(timeIntervalSince1970: 1_700_000_000.123),
            expires: Date(timeIntervalSince1970: 1_700_003_600), version: 7, etag: "\"e\"",
            lastModified: "Sun, 22 Nov 2026 10:00:00 GMT")
        let file = HTCacheFileFormat.encode(entry, key: HTCacheKey(value: 42))
        // Everything but the URL, which a file never keeps (it would write the query to disk).
        var withoutURL = entry
        withoutURL.url = nil
        #expect(HTCacheFileFormat.decode(file, key: HTCacheKey(value: 42)) == withoutURL)
        #expect(String(decoding: file, as: UTF8.self).contains("q=1") == false)
        #expect(HTCacheFileFormat.decode(file, key: HTCacheKey(value: 43)) == nil)
        for length in 0..<file.count {
            #expect(
                HTCacheFileFormat.decode(file.prefix(length), key: HTCacheKey(value: 42)) == nil, "prefix \(length)")
        }
        for index in stride(from: 0, to: file.count, by: 3) {
            var damaged = file
            damaged[index] ^= 0x20
            #expect(HTCacheFileFormat.decode(damaged, key: HTCacheKey(value: 42)) == nil, "flipped byte \(index)")
        }
        #expect(HTCacheFileFormat.decode(file + Data([0]), key: HTCacheKey(value: 42)) == nil)
    }

    @Test("A file's dates are never later than the entry's: read back at once, an entry is not from the future")
    func datesRoundDown() throws {
        let key = HTCacheKey(custom: "dates")
        // 0.9 ms past a whole millisecond: rounding to the nearest would store the next millisecond.
        let created = Date(timeIntervalSince1970: 1_700_000_000.0009)
        let file = HTCacheFileFormat.encode(CacheTestSupport.entry("x", created: created), key: key)
        let decoded = try #require(HTCacheFileFormat.decode(file, key: key))
        #expect(decoded.created <= created)
        #expect(created.timeIntervalSince(decoded.created) < 0.001)

        // Through the cache: an entry stored now is a hit when read back at once, every time.
        let directory = CacheTestSupport.directory("dates")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        for index in 0..<200 {
            let now = Date()
            cache.store(CacheTestSupport.entry("\(index)", created: now), for: key)
            cache.clearMemoryCache()
            #expect(cache.cachedResponse(for: key)?.body == Data("\(index)".utf8), "entry \(index)")
        }
    }

    @Test("Arbitrary bytes never decode and never crash")
    func garbage() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 23, 24, 25, 100, 1000] {
            for _ in 0..<50 {
                var bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if size >= 4 { bytes[0...3] = ArraySlice("HTC2".utf8) }
                #expect(HTCacheFileFormat.decode(Data(bytes), key: nil) == nil)
            }
        }
    }

    @Test("LRU order: touch refreshes, least recent is evicted first")
    func lruOrder() {
        var lru = HTCacheLRU<Int>()
        for key in 1...4 { lru.touch(key) }
        #expect(lru.leastRecent == 1)
        lru.touch(1)
        #expect(lru.leastRecent == 2)
        lru.remove(2)
        #expect(lru.leastRecent == 3)
        lru.appendOldest(9)
        #expect(lru.leastRecent == 9)
        #expect(lru.count == 4)
        lru.remove(9)
        lru.remove(3)
        lru.remove(4)
        #expect(lru.leastRecent == 1)
        lru.remove(1)
        #expect(lru.leastRecent == nil && lru.count == 0)
        lru.touch(5)
        #expect(lru.leastRecent == 5)
    }

    @Test("Memory tier: count limit evicts the least recently used")
    func memoryCountLimit() {
        let tier = HTMemoryCacheTier(countLimit: 3, byteLimit: 1 << 20)
        for key in UInt64(1)...3 { tier.set(CacheTestSupport.entry("\(key)"), for: HTCacheKey(value: key)) }
        #expect(tier.get(HTCacheKey(value: 1)) != nil)  // 1 is now the most recent; 2 the least
        tier.set(CacheTestSupport.entry("4"), for: HTCacheKey(value: 4))
        #expect(tier.get(HTCacheKey(value: 2)) == nil)
        #expect(
            tier.get(HTCacheKey(value: 1)) != nil && tier.get(HTCacheKey(value: 3)) != nil
                && tier.get(HTCacheKey(value: 4)) != nil)
        #expect(tier.usage.count == 3)
    }

    @Test("Memory tier: byte limit holds; an entry larger than the limit is not kept")
    func memoryByteLimit() {
        let one = CacheTestSupport.entry(String(repeating: "x", count: 100))
        // An entry counts its key text too.
        let counted = one.byteSize + HTCacheKey(value: 1).text.utf8.count
        let tier = HTMemoryCacheTier(countLimit: 100, byteLimit: counted * 3)
        for key in UInt64(1)...5 { tier.set(one, for: HTCacheKey(value: key)) }
        #expect(tier.usage.count == 3)
        #expect(tier.usage.bytes == counted * 3)
        #expect(
            tier.get(HTCacheKey(value: 1)) == nil && tier.get(HTCacheKey(value: 2)) == nil
                && tier.get(HTCacheKey(value: 5)) != nil)
        tier.set(CacheTestSupport.entry(String(repeating: "y", count: 1000)), for: HTCacheKey(value: 3))
        #expect(tier.get(HTCacheKey(value: 3)) == nil, "too large: not kept, and the old value for the key is gone")
        #expect(tier.usage.count == 2)
    }

    @Test("100,000 inserts: both tiers stay within their limits")
    func hundredThousandInserts() async {
        let directory = CacheTestSupport.directory("limits")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(
            directory: directory, memoryCountLimit: 500, memoryByteLimit: 40_000, diskByteLimit: 60_000)
        for index in 0..<100_000 {
            // Let the other suites' tasks run (two cooperative threads on two cores): each store now
            // takes the folder's file lock, so 1,000 of them could hold a thread for a second under load.
            if index % 100 == 0 { await Task.yield() }
            let entry = HTCachedResponse(statusCode: 200, body: Data("\(index)".utf8), created: Date())
            cache.store(entry, for: HTCacheKey(value: UInt64(index)))
        }
        let memory = cache.memoryUsage
        #expect(memory.count <= 500 && memory.bytes <= 40_000)
        #expect(memory.count > 0)
        #expect(cache.currentDiskSize <= 60_000)
        let files = CacheTestSupport.entryFiles(in: directory)
        #expect(files.count == cache.diskEntryCount)
        // What the files take on disk (allocated blocks), which is what the limit counts.
        let measured = files.reduce(0) { total, name in
            total + (HTCacheFileIO.allocatedSize(directory.appendingPathComponent(name).path) ?? 0)
        }
        #expect(measured == cache.currentDiskSize)
        // The newest entry survived, the oldest did not.
        #expect(cache.storedResponse(for: HTCacheKey(value: 99_999))?.body == Data("99999".utf8))
        #expect(cache.storedResponse(for: HTCacheKey(value: 0)) == nil)
    }

    @Test("Disk tier: 0700 directory, 0600 files, entries survive a restart with their LRU order")
    func diskRestart() throws {
        let directory = CacheTestSupport.directory("restart")
        defer { CacheTestSupport.cleanUp(directory) }
        // Room for three entries as they are on disk (whole blocks), and the folder's lock file.
        let (entrySize, lockSize) = CacheTestSupport.diskBytes(of: CacheTestSupport.entry("e100"))
        let first = HTDiskCacheTier(directory: directory, byteLimit: entrySize * 3 + lockSize, log: { _ in })
        for key in UInt64(1)...3 {
            #expect(first.set(CacheTestSupport.entry("e\(key)00"), for: HTCacheKey(value: key)).stored)
            usleep(20_000)  // distinct modification times
        }
        #expect(first.get(HTCacheKey(value: 1))?.body == Data("e100".utf8))  // 1 becomes the most recently used
        #expect(CacheTestSupport.mode(of: directory.path) == 0o700)
        for name in CacheTestSupport.entryFiles(in: directory) {
            #expect(CacheTestSupport.mode(of: directory.appendingPathComponent(name).path) == 0o600)
        }
        // A new tier on the same directory (a new process) rebuilds the index from the files.
        let second = HTDiskCacheTier(directory: directory, byteLimit: entrySize * 3 + lockSize, log: { _ in })
        #expect(second.count == 3)
        #expect(second.currentSize == entrySize * 3)
        #expect(second.set(CacheTestSupport.entry("e400"), for: HTCacheKey(value: 4)).stored)
        #expect(second.contains(2) == false, "2 was the least recently used")
        #expect(second.get(HTCacheKey(value: 1))?.body == Data("e100".utf8))
        #expect(second.get(HTCacheKey(value: 3)) != nil && second.get(HTCacheKey(value: 4)) != nil)
    }

    @Test("Disk tier: damaged, truncated, foreign and temporary files are misses and are removed")
    func diskCorruption() throws {
        let directory = CacheTestSupport.directory("corrupt")
        defer { CacheTestSupport.cleanUp(directory) }
        let log = CacheLogRecorder()
        let tier = HTDiskCacheTier(directory: directory, byteLimit: 1 << 20, log: log.logger)
        for key in UInt64(1)...4 {
            #expect(tier.set(CacheTestSupport.entry("body \(key) ........"), for: HTCacheKey(value: key)).stored)
        }
        // 1: a flipped body byte (found when read); 2: truncated; 3: renamed to another key's name.
        let path1 = tier.path(for: 1)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path1))
        bytes[bytes.count - 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path1))
        let path2 = tier.path(for: 2)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path2))
        try whole.prefix(whole.count - 5).write(to: URL(fileURLWithPath: path2))
        try FileManager.default.moveItem(atPath: tier.path(for: 3), toPath: tier.path(for: 0xabc))
        try Data("partial".utf8).write(to: directory.appendingPathComponent(".0000000000000005.1.tmp"))

        #expect(tier.get(HTCacheKey(value: 1)) == nil)
        #expect(!FileManager.default.fileExists(atPath: path1))
        #expect(log.recorded.contains { $0.kind == .corruptEntryRemoved })

        let reopened = HTDiskCacheTier(directory: directory, byteLimit: 1 << 20, log: log.logger)
        #expect(reopened.count == 1)
        #expect(reopened.get(HTCacheKey(value: 2)) == nil && reopened.get(HTCacheKey(value: 3)) == nil)
        #expect(reopened.get(HTCacheKey(value: 0xabc)) == nil)
        #expect(reopened.get(HTCacheKey(value: 4))?.body == Data("body 4 ........".utf8))
        #expect(CacheTestSupport.entryFiles(in: directory) == [HTCacheHash.hex(4) + ".htcache"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("A failed disk write is logged; the entry is still served from memory")
    func failedDiskWrite() throws {
        let parent = CacheTestSupport.directory("readonly")
        defer { CacheTestSupport.cleanUp(parent) }
        let directory = parent.appendingPathComponent("cache")
        let log = CacheLogRecorder()
        let cache = HTResponseCache(directory: directory, logger: log.logger)
        #expect(cache.store(CacheTestSupport.entry("first"), for: HTCacheKey(value: 1)))
        // The directory disappears and a file takes its place: every write now fails (as on a
        // read-only or full volume; the tests run as root, so permissions alone would not stop them).
        try FileManager.default.removeItem(at: directory)
        try Data().write(to: directory)
        #expect(cache.store(CacheTestSupport.entry("second"), for: HTCacheKey(value: 2)) == false)
        #expect(log.recorded.contains { $0.kind == .writeFailed && $0.level == .warning })
        #expect(cache.storedResponse(for: HTCacheKey(value: 2))?.body == Data("second".utf8))

        // A directory that can't be created at all.
        let blocked = HTResponseCache(directory: directory.appendingPathComponent("below-a-file"), logger: log.logger)
        #expect(blocked.store(CacheTestSupport.entry("third"), for: HTCacheKey(value: 3)) == false)
        #expect(log.recorded.contains { $0.kind == .directoryUnavailable })
        #expect(blocked.storedResponse(for: HTCacheKey(value: 3))?.body == Data("third".utf8))
    }

    @Test("Many concurrent readers and writers on one cache")
    func concurrentAccess() async {
        let directory = CacheTestSupport.directory("concurrent")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(
            directory: directory, memoryCountLimit: 20, memoryByteLimit: 1 << 20, diskByteLimit: 1 << 20)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<150 {
                        let key = HTCacheKey(value: UInt64((worker * 7 + round) % 40))
                        if round % 3 == 0 {
                            cache.store(CacheTestSupport.entry("k\(key.value)"), for: key)
                        } else if let entry = cache.storedResponse(for: key) {
                            #expect(entry.body == Data("k\(key.value)".utf8))
                        }
                        if round % 50 == 49 { cache.clearMemoryCache() }
                    }
                }
            }
            group.addTask { _ = await cache.computeDiskSize() }
            group.addTask { await cache.removeCachedResponses(since: Date().addingTimeInterval(3600)) }
        }
        #expect(cache.memoryUsage.count <= 20)
        #expect(cache.currentDiskSize == (await cache.computeDiskSize()))
    }
}
