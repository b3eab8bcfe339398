import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for tests: the Python script `Server/test_server.py`, run as a
/// child process.
///
/// Start one per test and stop it when the test ends:
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// defer { server.stop() }
/// let (data, _) = try await URLSession.shared.data(from: try server.url("/echo?x=1"))
/// ```
///
/// The script's routes are listed in its module docstring. The server process is tied to this object
/// three ways: ``stop()`` terminates it, `deinit` calls ``stop()``, and the script exits by itself when
/// its standard input (a pipe that only this object holds open) reaches end of file, which also happens
/// when the test process dies without cleaning up.
///
/// `python3` is looked up on `PATH` through `/usr/bin/env`; the script is found next to this file
/// through `#filePath`, so the tests must run from a checkout of the sources.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked Sendable, safety: `baseURL`, `port`, `processIdentifier` and the two pipes are
    // immutable lets; the only mutable state, `process`, is in a `let` box and read and written only under
    // its lock (the box is not Sendable by itself because `Process` need not be declared Sendable; the
    // process leaves the box only through `stop()`, which takes it out, so one caller at most ends it).

    /// Why ``LoopbackServer/start(fixtures:timeout:)`` or ``LoopbackServer/url(_:)`` failed.
    public enum Failure: Error, CustomStringConvertible {
        /// The script is not at the expected place in the source tree.
        case scriptNotFound(path: String)
        /// `Process.run()` failed.
        case launchFailed(underlying: any Error)
        /// The process exited (or closed its stdout) before printing `PORT <n>`.
        case exitedBeforeReady(status: Int32?, output: String)
        /// No `PORT <n>` line arrived in time.
        case timedOut(seconds: Double, output: String)
        /// The first line of output was not `PORT <n>`.
        case badHandshake(line: String)
        /// A path and query could not be made into a URL on this server.
        case badURL(String)

        public var description: String {
            switch self {
            case .scriptNotFound(let path):
                return "LoopbackServer: test server script not found at \(path)"
            case .launchFailed(let underlying):
                return "LoopbackServer: could not launch /usr/bin/env python3: \(underlying)"
            case .exitedBeforeReady(let status, let output):
                let hint = status == 127 ? " (is python3 on PATH?)" : ""
                let shownStatus = status.map(String.init) ?? "unknown"
                return "LoopbackServer: the server exited with status \(shownStatus)\(hint) before printing "
                    + "its PORT line; stdout so far: \(output.debugDescription); see stderr for its error"
            case .timedOut(let seconds, let output):
                return "LoopbackServer: no PORT line from the server within \(seconds) s; stdout so far: "
                    + output.debugDescription
            case .badHandshake(let line):
                return "LoopbackServer: expected 'PORT <n>' from the server, got \(line.debugDescription)"
            case .badURL(let text):
                return "LoopbackServer: cannot make a URL from \(text.debugDescription)"
            }
        }
    }

    /// The server script, found relative to this source file: `Server/test_server.py` beside it.
    public static let scriptURL: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HTTestSupport/
        .appendingPathComponent("Server", isDirectory: true)
        .appendingPathComponent("test_server.py", isDirectory: false)

    /// `http://127.0.0.1:<port>`, with no trailing slash.
    public let baseURL: URL
    /// The TCP port the server listens on.
    public let port: Int
    /// The process id of the server (the `env` process execs into `python3`, so this is the server).
    public let processIdentifier: Int32

    /// The running process; `nil` once stopped.
    private let process: LockedBox<Process?>
    private let standardInput: Pipe
    /// Kept so the read end of stdout stays open (the server never writes to it after the PORT line).
    private let standardOutput: Pipe

    private init(process: Process, standardInput: Pipe, standardOutput: Pipe, port: Int, baseURL: URL) {
        self.process = LockedBox(process)
        self.processIdentifier = process.processIdentifier
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.port = port
        self.baseURL = baseURL
    }

    deinit {
        stop()
    }

    /// Launches the server and waits until it listens.
    ///
    /// - Parameters:
    ///   - fixtures: a folder served by `GET /json?file=<name>` (passed as `--fixtures`).
    ///   - timeout: how long to wait for the `PORT <n>` line.
    /// - Returns: a running server; call ``stop()`` when done.
    /// - Throws: ``Failure`` when the script is missing, `python3` can't be run, or the server doesn't
    ///   report its port in time (the process is stopped in that case).
    public static func start(fixtures: URL? = nil, timeout: Duration = .seconds(60)) async throws -> LoopbackServer {
        let script = scriptURL
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw Failure.scriptNotFound(path: script.path)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", script.path]
        if let fixtures {
            arguments += ["--fixtures", fixtures.path]
        }
        process.arguments = arguments
        let standardInput = ChildProcessLaunch.pipe()
        let standardOutput = ChildProcessLaunch.pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        // stderr is inherited, so the script's errors (and HT_SERVER_VERBOSE=1 logs) show in the test log.

        do {
            try ChildProcessLaunch.run(process)
        } catch {
            throw Failure.launchFailed(underlying: error)
        }

        let port: Int
        do {
            port = try await readPort(from: standardOutput.fileHandleForReading, timeout: timeout)
        } catch {
            terminate(process, standardInput: standardInput)
            if case .exitedBeforeReady(_, let output)? = error as? Failure {
                throw Failure.exitedBeforeReady(status: process.terminationStatus, output: output)
            }
            throw error
        }

        guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            terminate(process, standardInput: standardInput)
            throw Failure.badHandshake(line: "PORT \(port)")
        }
        return LoopbackServer(
            process: process, standardInput: standardInput, standardOutput: standardOutput,
            port: port, baseURL: baseURL
        )
    }

    /// A URL on this server from a path with an optional query, e.g. `"/echo?x=1"`.
    public func url(_ pathAndQuery: String) throws -> URL {
        guard pathAndQuery.hasPrefix("/"), let url = URL(string: baseURL.absoluteString + pathAndQuery) else {
            throw Failure.badURL(pathAndQuery)
        }
        return url
    }

    /// Whether the server process is still running (false once ``stop()`` returned).
    public var isRunning: Bool {
        process.withLock { $0?.isRunning ?? false }
    }

    /// Stops the server: closes its stdin, sends SIGKILL, and waits for it to exit.
    /// Calling it again does nothing.
    public func stop() {
        if let running = process.withLock({ $0.take() }) {
            Self.terminate(running, standardInput: standardInput)
        }
    }

    /// Ends `process` and reaps it: the shared shutdown path of ``stop()`` and of a failed start.
    ///
    /// The test server keeps no state worth a graceful exit, so it gets SIGKILL: the wait that follows
    /// lasts only as long as the kernel takes to end the process. (A graceful SIGTERM waited for the
    /// server's poll loop, and every test's `stop()` then held one of the cooperative pool's two threads.)
    private static func terminate(_ process: Process, standardInput: Pipe) {
        try? standardInput.fileHandleForWriting.close()
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Reads the first line of the server's stdout on a dedicated thread (so no cooperative thread blocks)
    /// and parses `PORT <n>` from it.
    private static func readPort(from handle: FileHandle, timeout: Duration) async throws -> Int {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let output = OutputBuffer()
        let line: String = try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            // The closure keeps `handle` alive, so its descriptor can't be closed (and reused) while this
            // thread may still read from it.
            Thread.detachNewThread {
                var chunk = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = chunk.withUnsafeMutableBytes { buffer in
                        read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
                    }
                    if count < 0 && errno == EINTR {
                        continue
                    }
                    guard count > 0 else {
                        once.resume(throwing: Failure.exitedBeforeReady(status: nil, output: output.text))
                        return
                    }
                    if let line = output.append(chunk[0..<count]) {
                        once.resume(returning: line)
                        return
                    }
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                once.resume(throwing: Failure.timedOut(seconds: seconds, output: output.text))
            }
        }
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[0] == "PORT", let port = Int(parts[1]), (1...65_535).contains(port) else {
            throw Failure.badHandshake(line: line)
        }
        return port
    }
}

/// Bytes read so far from the server's stdout, shared between the reader thread and the timeout.
private final class OutputBuffer: Sendable {
    private let bytes = LockedBox<[UInt8]>([])

    /// Appends `chunk`; returns the first line (without its newline) once one is complete.
    func append(_ chunk: ArraySlice<UInt8>) -> String? {
        bytes.withLock { bytes in
            bytes.append(contentsOf: chunk)
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                return nil
            }
            return String(decoding: bytes[..<newline], as: UTF8.self)
        }
    }

    /// Everything read so far, as text.
    var text: String {
        String(decoding: bytes.value, as: UTF8.self)
    }
}

/// Resumes a continuation at most once; later results (e.g. the timeout after success) are dropped.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: LockedBox<CheckedContinuation<Value, any Error>?>

    init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = LockedBox(continuation)
    }

    func resume(returning value: Value) {
        take()?.resume(returning: value)
    }

    func resume(throwing error: any Error) {
        take()?.resume(throwing: error)
    }

    private func take() -> CheckedContinuation<Value, any Error>? {
        continuation.withLock { $0.take() }
    }
}
