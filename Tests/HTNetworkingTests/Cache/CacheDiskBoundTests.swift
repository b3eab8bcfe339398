import Foundation
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk tier's limit counts what is really on disk: allocated blocks, every file in the folder, and
/// the files another cache instance (another process) on the same folder wrote.
@Suite("Response cache: the disk limit bounds what is on disk", .timeLimit(.minutes(3)))
struct CacheDiskBoundTests {
    /// The blocks allocated to every file in `directory` (`st_blocks * 512`), whatever its name.
    static func allocatedBytes(in directory: URL) -> Int {
        var total = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            var info = stat()
            guard lstat(directory.appendingPathComponent(name).path, &info) == 0 else { continue }
            total += Int(info.st_blocks) * 512
        }
        return total
    }

    static func entry(bytes: Int, tag: Int) -> HTCachedResponse {
        HTCachedResponse(
            statusCode: 200, headers: ["Content-Type": "application/octet-stream"],
            body: Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &+ tag) }))
    }

    @Test("Two caches on one folder (two processes) keep it under the limit together")
    func twoInstancesShareTheLimit() {
        let directory = CacheTestSupport.directory("bound-two")
        defer { CacheTestSupport.cleanUp(directory) }
        let limit = 2 << 20
        // Each instance has its own index, as a second process has: they meet only in the folder.
        let first = HTResponseCache(directory: directory, memoryCountLimit: 0, diskByteLimit: limit, logger: { _ in })
        let second = HTResponseCache(directory: directory, memoryCountLimit: 0, diskByteLimit: limit, logger: { _ in })
        var lastKeys: [HTCacheKey] = []
        for index in 0..<64 {
            let key = HTCacheKey(canonical: "bound-two \(index)")
            let cache = index.isMultiple(of: 2) ? first : second
            #expect(cache.store(Self.entry(bytes: 50_000, tag: index), for: key))
            lastKeys.append(key)
        }
        let onDisk = Self.allocatedBytes(in: directory)
        #expect(onDisk <= limit, "\(onDisk) bytes allocated for a limit of \(limit)")
        // Still a cache: the newest entries are there, for either instance.
        #expect(second.storedResponse(for: lastKeys[63]) != nil)
        #expect(first.storedResponse(for: lastKeys[62]) != nil)
        #expect(first.storedResponse(for: lastKeys[63]) != nil)
    }

    @Test("Two caches writing at the same time keep the folder under the limit, and its account right")
    func concurrentInstances() async {
        let directory = CacheTestSupport.directory("bound-concurrent")
        defer { CacheTestSupport.cleanUp(directory) }
        let limit = 1 << 20
        let caches = (0..<2).map { _ in
            HTResponseCache(directory: directory, memoryCountLimit: 0, diskByteLimit: limit, logger: { _ in })
        }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<60 {
                        let key = HTCacheKey(canonical: "bound-concurrent \(writer) \(index)")
                        caches[writer % 2].store(Self.entry(bytes: 20_000, tag: index), for: key)
                    }
                }
            }
        }
        let onDisk = Self.allocatedBytes(in: directory)
        #expect(onDisk <= limit, "\(onDisk) bytes allocated for a limit of \(limit)")
        // The shared account is what the entry files take.
        let lock = HTCacheFolderLock.acquire(in: directory)
        let account = lock?.readTotal()
        lock?.release()
        #expect(account == (await caches[0].computeDiskSize()))
    }

    @Test("A lock file that is not a regular file is never followed; the cache still bounds its own entries")
    func foreignLockFile() throws {
        let directory = CacheTestSupport.directory("bound-link")
        let target = CacheTestSupport.directory("bound-link-target")
        defer {
            CacheTestSupport.cleanUp(directory)
            CacheTestSupport.cleanUp(target)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent(HTCacheFolderLock.fileName), withDestinationURL: target)
        let limit = 256 << 10
        let cache = HTResponseCache(directory: directory, memoryCountLimit: 0, diskByteLimit: limit, logger: { _ in })
        for index in 0..<40 {
            cache.store(Self.entry(bytes: 20_000, tag: index), for: HTCacheKey(canonical: "bound-link \(index)"))
        }
        #expect(Self.allocatedBytes(in: directory) <= limit)
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
    }

    @Test("Many tiny entries are counted by the blocks they take, not their sizes")
    func tinyEntriesCountTheirBlocks() {
        let directory = CacheTestSupport.directory("bound-tiny")
        defer { CacheTestSupport.cleanUp(directory) }
        let limit = 1 << 20
        let cache = HTResponseCache(directory: directory, memoryCountLimit: 0, diskByteLimit: limit, logger: { _ in })
        for index in 0..<2_000 {
            cache.store(Self.entry(bytes: 20, tag: index), for: HTCacheKey(canonical: "bound-tiny \(index)"))
        }
        let onDisk = Self.allocatedBytes(in: directory)
        #expect(onDisk <= limit, "\(onDisk) bytes allocated for a limit of \(limit)")
        #expect(cache.storedResponse(for: HTCacheKey(canonical: "bound-tiny 1999")) != nil)
        #expect(cache.currentDiskSize <= limit)
    }
}
