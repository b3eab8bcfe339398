import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child side of ``FreezeLockTests``: this same test binary, launched with `HT_FREEZE_LOCK_CHILD`
/// set, either holds a manager on the folder (freezes some requests, prints `LOCKED`, then waits to be
/// killed) or tries to open one and prints what happened.
@Suite("Freeze lock child (runs only when launched by the lock tests)")
struct FreezeLockChild {
    static let environment = ProcessInfo.processInfo.environment

    @Test("Child", .enabled(if: environment["HT_FREEZE_LOCK_CHILD"] != nil))
    func child() async throws {
        let directory = URL(fileURLWithPath: try #require(Self.environment["HT_FREEZE_DIR"]))
        let configuration = HTFreezeManager.Configuration()
        switch Self.environment["HT_FREEZE_LOCK_CHILD"] {
        case "hold":
            let manager = try HTFreezeManager(
                directory: directory, monitor: HTManualConnectivityMonitor(.unreachable), configuration: configuration)
            for index in 0..<20 {
                try await manager.freeze(sampleFrozenRequest(1_000 + index))
            }
            FileHandle.standardOutput.write(Data("LOCKED\n".utf8))
            try await Task.sleep(for: .seconds(600))  // killed by the parent long before
            _ = manager
        case "open":
            do throws(HTFreezeJournalError) {
                let manager = try HTFreezeManager(
                    directory: directory, monitor: HTManualConnectivityMonitor(.unreachable),
                    configuration: configuration)
                FileHandle.standardOutput.write(Data("OPENED \(try await manager.allFrozenRequests().count)\n".utf8))
            } catch {
                FileHandle.standardOutput.write(Data("REFUSED \(error.operation) \(error.path)\n".utf8))
            }
        default:
            Issue.record("unknown child mode")
        }
    }
}

@Suite("Freeze: one journal per folder (flock)", .serialized, .timeLimit(.minutes(3)))
struct FreezeLockTests {
    /// Runs `body` on a thread of its own and waits for it without holding a thread: a refused opening
    /// waits the journal's lock patience (2 s) and a child process runs for seconds, which on one of the
    /// cooperative pool's two threads would stall every test running beside this suite.
    private func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Waits, off the pool, for `process` to exit.
    private func exit(of process: Process) async throws {
        try await offThePool { process.waitUntilExit() }
    }

    /// Launches this test binary as a ``FreezeLockChild`` in `mode` on `folder`.
    private func launchChild(_ mode: String, folder: FreezeTemporaryFolder) throws -> (Process, FreezeOutputCollector) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--testing-library", "swift-testing", "--filter", "FreezeLockChild"]
        var environment = ProcessInfo.processInfo.environment
        environment["HT_FREEZE_LOCK_CHILD"] = mode
        environment["HT_FREEZE_DIR"] = folder.url.path
        process.environment = environment
        let output = ChildProcessLaunch.pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ChildProcessLaunch.run(process)
        return (process, FreezeOutputCollector(output.fileHandleForReading))
    }

    /// The protocol lines (`LOCKED`, `OPENED n`, `REFUSED op path`) the child printed, once it exited.
    private func lines(of collected: FreezeOutputCollector) async -> [String] {
        await collected.finish().split(separator: "\n").map(String.init).filter {
            $0 == "LOCKED" || $0.hasPrefix("OPENED ") || $0.hasPrefix("REFUSED ")
        }
    }

    /// Whether a Python process can take a `flock` on the journal's lock file, trying for up to `patience`
    /// seconds (a lock just released may still be held for a moment by a child process being started).
    private func pythonCanLock(_ folder: FreezeTemporaryFolder, patience: Double) async throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import fcntl, sys, time
            f = open(sys.argv[1], "a")
            deadline = time.monotonic() + float(sys.argv[2])
            while True:
                try:
                    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    sys.exit(0)
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        sys.exit(3)
                    time.sleep(0.01)
            """
        process.arguments = ["python3", "-c", script, folder.journalURL.path + ".lock", String(patience)]
        try ChildProcessLaunch.run(process)
        try await exit(of: process)
        #expect([0, 3].contains(process.terminationStatus), "python3 flock helper failed")
        return process.terminationStatus == 0
    }

    /// Why a manager could not open `folder`, or `nil` when it opened.
    private func openingRefusal(_ folder: FreezeTemporaryFolder) async throws -> HTFreezeJournalError? {
        try await offThePool { () -> HTFreezeJournalError? in
            do throws(HTFreezeJournalError) {
                _ = try HTFreezeManager(
                    directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable),
                    configuration: .init())
                return nil
            } catch {
                return error
            }
        }
    }

    /// Whether a journal can be opened on `folder` (off the pool: a refusal waits 2 s).
    private func journalOpens(_ folder: FreezeTemporaryFolder) async throws -> Bool {
        try await offThePool { (try? HTFreezeJournal(fileURL: folder.journalURL)) != nil }
    }

    @Test("a second manager or journal on the folder, in the same process, fails with an in-use error")
    func sameProcess() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var first: HTFreezeManager? = try HTFreezeManager(
            directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable),
            configuration: .init())
        try await first?.freeze(sampleFrozenRequest(1))

        let error = try #require(
            await openingRefusal(folder), "a second manager opened the journal the first one holds")
        #expect(error.operation == "lock")
        #expect(error.path == folder.journalURL.path)
        #expect(error.description.contains("another"))
        #expect(try await !journalOpens(folder))

        // Releasing the journal's memory does not release the folder: the manager still owns it.
        await first?.clearInMemory()
        #expect(try await !journalOpens(folder))
        #expect(try await first?.allFrozenRequests().map(\.id) == ["id-1"])

        // Once the first manager is gone, the folder can be opened again, with what it stored.
        first = nil
        let journal = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(journal.entries.map(\.id) == ["id-1"])
    }

    @Test("two processes: the second is refused while the first holds the folder, and opens after it died")
    func twoProcesses() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }

        // A child process holds the folder (it froze 20 requests).
        let (holder, holderOutput) = try launchChild("hold", folder: folder)
        let deadline = ContinuousClock.now + .seconds(90)
        while holder.isRunning && holderOutput.count("LOCKED") == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(holderOutput.count("LOCKED") == 1, "the child did not report holding the folder")

        // This process can't open it, and the lock is a real OS lock: Python's flock is refused too.
        let refused = try await openingRefusal(folder)
        #expect(refused?.isJournalInUse == true)
        #expect(refused?.path == folder.journalURL.path)
        #expect(try await !pythonCanLock(folder, patience: 0))

        // The child is killed: the OS releases its lock, and its frozen requests are all there.
        kill(holder.processIdentifier, SIGKILL)
        try await exit(of: holder)
        _ = await lines(of: holderOutput)
        do {
            let manager = try HTFreezeManager(
                directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable),
                configuration: .init())
            #expect(try await manager.allFrozenRequests().count == 20)

            // Now this process holds it: a child that tries is refused, with the journal's path.
            let (opener, openerOutput) = try launchChild("open", folder: folder)
            try await exit(of: opener)
            #expect(await lines(of: openerOutput) == ["REFUSED lock \(folder.journalURL.path)"])
            _ = manager
        }

        // Once this process let go, a child opens it.
        #expect(try await pythonCanLock(folder, patience: 10))
        let (opener, openerOutput) = try launchChild("open", folder: folder)
        try await exit(of: opener)
        #expect(await lines(of: openerOutput) == ["OPENED 20"])
    }
}
