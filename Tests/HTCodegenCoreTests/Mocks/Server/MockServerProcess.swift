import Foundation
import HTTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `ht-mock-server` run as a child process on port 0, for the tests that go over sockets.
/// Started through ``ChildProcessLaunch``; it exits by itself when its standard input (a pipe only this
/// object holds) closes, so it never outlives the test process.
final class MockServerProcess: @unchecked Sendable {
    // @unchecked Sendable, safety: every stored property is a `let` set in `init`; `process` is only
    // touched by `stop()`, which the one test that owns the object calls once (and `deinit`, after).

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: UInt16
    private let process: Process
    private let input: Pipe
    private let output: Pipe
    /// The server's stderr: the request log.
    private let log: Pipe

    /// The executable, beside the test bundle in the build folder.
    static func executable() throws -> URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: ".build/debug"),
        ].compactMap { $0 }
        for folder in candidates {
            let url = folder.appending(path: "ht-mock-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw Failure(description: "ht-mock-server is not built (looked in \(candidates.map(\.path)))")
    }

    /// Starts the server with `arguments` (besides `--port 0`) and waits for its `listening on` line.
    init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments + ["--port", "0", "--exit-with-stdin"]
        input = ChildProcessLaunch.pipe()
        output = ChildProcessLaunch.pipe()
        log = ChildProcessLaunch.pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = log
        try ChildProcessLaunch.run(process)
        // One line on stdout; the read blocks only until the child writes it or exits.
        var line: [UInt8] = []
        let descriptor = output.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != 10 { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on http://127.0.0.1:"), let port = UInt16(text.split(separator: ":").last ?? "")
        else {
            Self.end(process, input)
            throw Failure(description: "no 'listening on' line, got \(text.debugDescription)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    var isRunning: Bool { process.isRunning }

    /// Ends the server and returns what it logged.
    @discardableResult
    func stop() -> String {
        Self.end(process, input)
        try? log.fileHandleForWriting.close()
        let data = (try? log.fileHandleForReading.readToEnd()) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func end(_ process: Process, _ input: Pipe) {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A new connection to the server.
    func connect() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }
}
