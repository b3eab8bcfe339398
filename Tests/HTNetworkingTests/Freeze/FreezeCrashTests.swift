import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child side of the crash tests: this same test binary, launched by ``FreezeCrashTests`` with
/// `HT_FREEZE_CHILD_MODE` set, freezes or resends in a loop until it is killed with SIGKILL.
@Suite("Freeze crash child (runs only when launched by the crash tests)")
struct FreezeCrashChild {
    static let environment = ProcessInfo.processInfo.environment

    @Test("Child loop", .enabled(if: environment["HT_FREEZE_CHILD_MODE"] != nil))
    func childLoop() async throws {
        let env = Self.environment
        let directory = URL(fileURLWithPath: try #require(env["HT_FREEZE_DIR"]))
        let base = try #require(env["HT_FREEZE_BASE"].flatMap(URL.init(string:)))
        let client = HTClient(baseURL: base)
        switch env["HT_FREEZE_CHILD_MODE"] {
        case "freeze":
            let manager = try HTFreezeManager(
                directory: directory, monitor: HTManualConnectivityMonitor(.unreachable),
                configuration: .init())
            var index = Int(env["HT_FREEZE_START"] ?? "0") ?? 0
            let end = index + 120  // bounded, so the resend phase stays short; the parent kills before
            while index < end {
                do {
                    _ = try await manager.send(FreezePathRequest(route: "idempotent", text: "c\(index)"), via: client)
                } catch {
                    let id = try #require(error.frozenID)
                    // Acknowledged only after the journal write returned (fsync'd).
                    FileHandle.standardOutput.write(Data("ACK \(index) \(id)\n".utf8))
                }
                index += 1
            }
            try await Task.sleep(for: .seconds(600))
        case "resend":
            let manager = try HTFreezeManager(
                directory: directory, monitor: HTManualConnectivityMonitor(.reachable(isExpensive: false)),
                configuration: .init())
            await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
            let events = manager.events()
            let printer = Task {
                for await case .resendSucceeded(let request, _) in events {
                    FileHandle.standardOutput.write(Data("SENT \(request.id)\n".utf8))
                }
            }
            defer { printer.cancel() }
            while try await !manager.allFrozenRequests().isEmpty {
                await manager.resendNow()
            }
            FileHandle.standardOutput.write(Data("DONE\n".utf8))
        default:
            Issue.record("unknown child mode")
        }
    }
}

@Suite("Freeze survives SIGKILL", .serialized, .timeLimit(.minutes(6)))
struct FreezeCrashTests {
    /// Runs the child in `mode`, kills it with SIGKILL once it printed `killAfterLines` lines starting
    /// with `prefix` (or after `timeLimit`), unless it ends first, and returns its stdout lines and
    /// whether it was killed.
    private func runChild(
        mode: String, folder: FreezeTemporaryFolder, base: URL, start: Int = 0, prefix: String, killAfterLines: Int,
        timeLimit: Duration = .seconds(60)
    ) async throws -> (lines: [String], killed: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--testing-library", "swift-testing", "--filter", "FreezeCrashChild"]
        var environment = ProcessInfo.processInfo.environment
        environment["HT_FREEZE_CHILD_MODE"] = mode
        environment["HT_FREEZE_DIR"] = folder.url.path
        environment["HT_FREEZE_BASE"] = base.absoluteString
        environment["HT_FREEZE_START"] = String(start)
        process.environment = environment
        let output = ChildProcessLaunch.pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ChildProcessLaunch.run(process)
        // Drain stdout on a thread so the child never blocks on a full pipe.
        let collected = FreezeOutputCollector(output.fileHandleForReading)
        let deadline = ContinuousClock.now + timeLimit
        while process.isRunning && ContinuousClock.now < deadline && collected.count(prefix) < killAfterLines {
            try await Task.sleep(for: .milliseconds(5))
        }
        let killed = process.isRunning
        if killed {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let text = await collected.finish()
        // The child also prints the test library's own output; keep only our protocol lines.
        let lines = text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("ACK ") || $0.hasPrefix("SENT ") || $0 == "DONE"
        }
        return (lines, killed)
    }

    @Test("SIGKILL while freezing, then while resending: no request lost, none applied twice, order kept")
    func killWhileFreezingAndResending() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        var generator = SplitMix(seed: UInt64(Date().timeIntervalSince1970))

        // Freezing: each child is killed at a random moment; what it acknowledged must be on disk.
        var acknowledged: [String] = []
        var next = 0
        var kills = 0
        for _ in 0..<5 {
            // Killed after a random number of acknowledged freezes: always in the middle of its loop.
            let target = Int(10 + generator.next() % 80)
            let run = try await runChild(
                mode: "freeze", folder: folder, base: server.baseURL, start: next, prefix: "ACK ",
                killAfterLines: target)
            kills += run.killed ? 1 : 0
            for line in run.lines {
                let parts = line.split(separator: " ")
                acknowledged.append(String(parts[2]))
                next = max(next, Int(parts[1]).map { $0 + 1 } ?? next)
            }
            next += 1  // a freeze in flight at the kill may or may not have been stored; never reuse its text
        }
        // Read and closed before the resending children open the folder (one journal at a time).
        let (stored, loadReport) = try {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL)
            return (journal.entries.map(\.id), journal.loadReport)
        }()
        print(
            "freeze crash test: \(acknowledged.count) acknowledged freezes over \(kills) kills; \(stored.count) stored; load report \(loadReport)"
        )
        #expect(acknowledged.count >= 50)
        // No acknowledged freeze is lost, and they are in freeze order.
        #expect(kills == 5)
        let acknowledgedStored = stored.filter(Set(acknowledged).contains) == acknowledged
        #expect(acknowledgedStored)
        // At most one unacknowledged freeze per kill (the one in flight).
        #expect(stored.count - acknowledged.count <= kills)
        #expect(Set(stored).count == stored.count)

        // Resending: kill the resending child at random moments until one finishes.
        var runs = 0
        var resendKills = 0
        var done = false
        while !done && runs < 40 {
            runs += 1
            // Killed after a random number of successful resends (none left to kill after 30 runs).
            let target = runs > 30 ? Int.max : Int(3 + generator.next() % 40)
            let run = try await runChild(
                mode: "resend", folder: folder, base: server.baseURL, prefix: "SENT ", killAfterLines: target,
                timeLimit: .seconds(120))
            resendKills += run.killed ? 1 : 0
            done = run.lines.contains("DONE")
        }
        #expect(done)
        let ledger = try await FreezeLedger(server)
        let redeliveries = ledger.deliveries.values.reduce(0, +) - ledger.applied.count
        print(
            "freeze crash test: \(stored.count) resent over \(runs) runs with \(resendKills) kills; \(redeliveries) redeliveries absorbed by the Idempotency-Key"
        )
        #expect(resendKills >= 1)
        // Every stored request applied exactly once, in freeze order; nothing the test did not freeze.
        let appliedOnceInOrder = ledger.applied == stored
        #expect(appliedOnceInOrder, "\(ledger.applied.count) applied of \(stored.count)")
        #expect(try HTFreezeJournal(fileURL: folder.journalURL).count == 0)
    }
}

/// Reads a pipe to its end on a dedicated thread, counting lines as they come.
final class FreezeOutputCollector: Sendable {
    private let data = LockedBox(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                data.withLock { $0.append(chunk) }
            }
            done.signal()
        }
    }

    /// How many complete lines read so far start with `prefix`.
    func count(_ prefix: String) -> Int {
        let text = String(decoding: data.value, as: UTF8.self)
        return text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.count
    }

    /// Waits (off the cooperative pool) for the end of the pipe and returns what was read.
    func finish() async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                done.wait()
                let text = String(decoding: data.value, as: UTF8.self)
                continuation.resume(returning: text)
            }
        }
    }
}
