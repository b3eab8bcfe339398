import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash safety: a child process writing entries in a loop is killed with SIGKILL, then the cache is
/// opened again and must never serve a corrupt entry.
///
/// The child is this test binary itself (`/proc/self/exe`, Linux only) run with
/// `--testing-library swift-testing --filter CacheCrashTests/writerLoop` and the environment variable
/// `HT_CACHE_CRASH_CHILD_DIR`: then ``writerLoop()`` writes entries until it is killed. So the code
/// killed mid-write is the real Swift writer (not a re-implementation of the format in another
/// language), and no extra executable target is needed.
@Suite("Cache crash safety", .timeLimit(.minutes(3)))
struct CacheCrashTests {
    static let environmentKey = "HT_CACHE_CRASH_CHILD_DIR"
    static let keyCount: UInt64 = 40

    /// The body written for `key` in generation `generation`: 8 KB to 64 KB, all derived from both, so
    /// a body from another write (or a torn one) can't pass for it.
    static func body(key: UInt64, generation: Int) -> Data {
        let size = 8_192 + Int((key &* 7_919 &+ UInt64(generation) &* 104_729) % 57_344)
        var bytes = [UInt8](repeating: 0, count: size)
        var state = key &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(generation)
        for index in 0..<size {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return Data(bytes)
    }

    static func entry(key: UInt64, generation: Int) -> HTCachedResponse {
        HTCachedResponse(
            statusCode: 200, headers: ["X-Generation": String(generation), "X-Key": String(key)],
            body: body(key: key, generation: generation))
    }

    /// Writes entries through `HTResponseCache` into `directory`: forever (until killed, at most 60 s)
    /// in the child, `rounds` rounds otherwise. Returns the number of writes.
    @discardableResult
    static func writeEntries(into directory: URL, rounds: Int?) -> Int {
        let cache = HTResponseCache(directory: directory, memoryCountLimit: 4, diskByteLimit: 1 << 20, logger: { _ in })
        let deadline = Date().addingTimeInterval(60)
        var generation = 0
        var writes = 0
        while rounds.map({ generation < $0 }) ?? (Date() < deadline) {
            generation += 1
            for key in 0..<keyCount {
                cache.store(entry(key: key, generation: generation), for: HTCacheKey(value: key))
                writes += 1
            }
        }
        return writes
    }

    /// Every entry `cache` serves must be exactly what some write stored under its key.
    static func verify(_ cache: HTResponseCache) -> (served: Int, bad: [String]) {
        var served = 0
        var bad: [String] = []
        for key in 0..<keyCount {
            guard let entry = cache.storedResponse(for: HTCacheKey(value: key)) else { continue }
            served += 1
            guard entry.headers["X-Key"] == String(key),
                let generation = entry.headers["X-Generation"].flatMap({ Int($0) }),
                entry.body == body(key: key, generation: generation)
            else {
                bad.append("key \(key): headers \(entry.headers), \(entry.body.count) bytes")
                continue
            }
        }
        return (served, bad)
    }

    @Test("Writer loop: the child's job; in-process it writes two rounds that read back intact")
    func writerLoop() throws {
        if let path = ProcessInfo.processInfo.environment[Self.environmentKey] {
            Self.writeEntries(into: URL(fileURLWithPath: path), rounds: nil)
            return
        }
        let directory = CacheTestSupport.directory("writer")
        defer { CacheTestSupport.cleanUp(directory) }
        #expect(Self.writeEntries(into: directory, rounds: 2) == 2 * Int(Self.keyCount))
        let reopened = HTResponseCache(directory: directory, diskByteLimit: 1 << 20)
        let result = Self.verify(reopened)
        #expect(result.bad.isEmpty, "\(result.bad)")
        #expect(result.served > 0)
        #expect(reopened.currentDiskSize <= 1 << 20)
    }

    @Test(
        "SIGKILL during writes: the reopened cache serves only intact entries",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/proc/self/exe"),
            "re-runs the test binary through /proc/self/exe"),
        .disabled(if: ProcessInfo.processInfo.environment[environmentKey] != nil, "not inside the child"))
    func killedWriter() async throws {
        let directory = CacheTestSupport.directory("crash")
        defer { CacheTestSupport.cleanUp(directory) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var totalServed = 0
        for round in 0..<4 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "CacheCrashTests/writerLoop"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.environmentKey] = directory.path
            child.environment = environment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try ChildProcessLaunch.run(child)
            // Let it write for a while (more each round), then kill it wherever it is.
            let start = Date()
            while CacheTestSupport.entryFiles(in: directory).count < 5, Date().timeIntervalSince(start) < 30,
                child.isRunning
            {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(50 + 70 * round + Int.random(in: 0..<40)))
            #expect(child.isRunning, "the child was still writing when killed")
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)

            let reopened = HTResponseCache(directory: directory, diskByteLimit: 1 << 20)
            let result = Self.verify(reopened)
            #expect(result.bad.isEmpty, "round \(round): \(result.bad)")
            #expect(result.served > 0, "round \(round): the child wrote entries before it was killed")
            totalServed += result.served
            // After opening, no temporary file is left and every entry file on disk is intact.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(!names.contains { $0.hasSuffix(".tmp") })
            for name in names where name.hasSuffix(".htcache") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                #expect(HTCacheFileFormat.decode(data, key: nil) != nil, "\(name) is damaged")
            }
        }
        #expect(totalServed > 0)
    }
}
