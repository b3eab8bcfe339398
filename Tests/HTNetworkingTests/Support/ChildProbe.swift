#if os(Linux)
    import Foundation
    import Testing
    import HTTestSupport

    @testable import HTNetworking

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// Runs one test of this test binary again, in a child process: for the hostile cases that can take
    /// the process down (FoundationNetworking's fatal errors) and those that measure the process's peak
    /// memory, which other tests running in parallel would disturb.
    ///
    /// The child is this executable (`/proc/self/exe`: on Linux SwiftPM's `.xctest` bundle is an ELF
    /// executable) run with `--testing-library swift-testing --filter <test>` and ``environmentKey`` set;
    /// a probe test is enabled only there (``isChild``), reads what the parent passed with
    /// ``parameter(_:)`` and reports with ``report(_:_:)``, as `PROBE key=value` lines on its standard
    /// output.
    enum ChildProbe {
        /// Set (to `1`) in a child's environment; each parameter is passed as `<key>_<NAME>`.
        static let environmentKey = "HT_CHILD_PROBE"

        /// Whether this process is a child run by ``run(_:parameters:timeout:)``.
        static var isChild: Bool { ProcessInfo.processInfo.environment[environmentKey] == "1" }

        /// A parameter the parent passed, or an empty string.
        static func parameter(_ name: String) -> String {
            ProcessInfo.processInfo.environment[environmentKey + "_" + name] ?? ""
        }

        /// Writes `PROBE key=value` to standard output at once (no buffer is lost if the process dies next).
        static func report(_ key: String, _ value: String) {
            let line = "PROBE \(key)=\(value.replacingOccurrences(of: "\n", with: " "))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }

        /// How a child process ended and what it wrote.
        struct Outcome: CustomStringConvertible {
            /// The exit status, or the signal that ended it when ``signalled``.
            var status: Int32
            /// Whether a signal ended it (a Swift fatal error is SIGILL or SIGTRAP).
            var signalled: Bool
            /// Whether the parent killed it after the time limit.
            var timedOut: Bool
            var output: String
            var errorOutput: String

            /// The value of the child's last `PROBE key=value` line for `key`.
            func value(_ key: String) -> String? {
                let prefix = "PROBE \(key)="
                return output.split(separator: "\n").last { $0.hasPrefix(prefix) }.map {
                    String($0.dropFirst(prefix.count))
                }
            }

            var description: String {
                let probes = output.split(separator: "\n").filter { $0.hasPrefix("PROBE ") }.joined(separator: "; ")
                return
                    "\(signalled ? "signal" : "exit status") \(status)\(timedOut ? " (killed after the time limit)" : ""); "
                    + "\(probes); stderr ends: \(errorOutput.suffix(600).debugDescription)"
            }
        }

        /// Runs the test `filter` names (a regular expression on test IDs) in a child process with
        /// `parameters`, and waits (at most `timeout`, then kills it) for it to end.
        static func run(_ filter: String, parameters: [String: String], timeout: Duration = .seconds(120))
            async throws -> Outcome
        {
            let folder = try TestSupport.temporaryDirectory("child-probe")
            defer { try? FileManager.default.removeItem(at: folder) }
            let outputFile = folder.appendingPathComponent("stdout.txt")
            let errorFile = folder.appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            let output = try FileHandle(forWritingTo: outputFile)
            let errors = try FileHandle(forWritingTo: errorFile)
            defer {
                try? output.close()
                try? errors.close()
            }

            let process = Process()
            process.executableURL = URL(
                fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
            var environment = ProcessInfo.processInfo.environment
            environment[environmentKey] = "1"
            // A crash is an outcome here: end it at once instead of symbolizing a backtrace (Swift's
            // backtracer, ThreadSanitizer's report), which takes minutes on a loaded machine.
            environment["SWIFT_BACKTRACE"] = "enable=no"
            environment["TSAN_OPTIONS"] = ((environment["TSAN_OPTIONS"].map { $0 + " " }) ?? "") + "symbolize=0"
            for (name, value) in parameters { environment[environmentKey + "_" + name] = value }
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors

            let ended = AsyncStream<Void>.makeStream()
            process.terminationHandler = { _ in ended.continuation.finish() }
            try ChildProcessLaunch.run(process)
            let identifier = process.processIdentifier
            let killed = HTLocked(false)
            let watchdog = Task {
                try await Task.sleep(for: timeout)
                killed.withLock { $0 = true }
                kill(identifier, SIGKILL)
            }
            for await _ in ended.stream {}
            watchdog.cancel()
            return Outcome(
                status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                timedOut: killed.current,
                output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
                errorOutput: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self))
        }

        /// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`), whose shadow
        /// memory makes resident sizes meaningless as a measure of the code under test.
        static let isThreadSanitized: Bool = {
            guard let process = dlopen(nil, RTLD_NOW) else { return false }
            return dlsym(process, "__tsan_init") != nil
        }()

        /// A `/proc/self/status` figure in bytes (`VmRSS`, `VmHWM`), or `nil`.
        static func memory(_ field: String) -> Int? {
            // Read, not sized: /proc files report a size of 0.
            guard let data = FileHandle(forReadingAtPath: "/proc/self/status")?.readDataToEndOfFile() else {
                return nil
            }
            let status = String(decoding: data, as: UTF8.self)
            for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
                let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                    .flatMap { Int($0) }
                return kilobytes.map { $0 * 1024 }
            }
            return nil
        }

        /// Resets the process's peak resident size (`VmHWM`) to its current one; false when the kernel
        /// refused.
        static func resetPeakMemory() -> Bool {
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        }
    }
#endif
