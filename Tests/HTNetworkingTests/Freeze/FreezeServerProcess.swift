import Foundation
import HTTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loopback test server on a fixed port, so a test can stop it and start a new one at the same
/// address (a server that goes away and comes back). The harness `LoopbackServer` always picks a new
/// port; this runs the same script with `--port N`.
final class FreezeServerProcess: @unchecked Sendable {
    // @unchecked Sendable, safety: `port` and `baseURL` are immutable; `process` and `stdin` are only
    // touched under `lock`.
    let port: Int
    let baseURL: URL
    private let lock = NSLock()
    private var process: Process?
    private var stdin: Pipe?

    /// A port that was free a moment ago (bound to port 0, then released).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    init(port: Int = FreezeServerProcess.freePort()) {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { stop() }

    /// Starts the server on ``port`` and waits until it answers.
    func start() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", LoopbackServer.scriptURL.path, "--port", String(port)]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        register(process, input)
        let session = URLSession(configuration: .ephemeral)
        for _ in 0..<200 {
            var request = URLRequest(url: baseURL.appendingPathComponent("echo"))
            request.timeoutInterval = 1
            if let (_, response) = try? await session.data(for: request),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw URLError(.cannotConnectToHost)
    }

    private func register(_ process: Process, _ input: Pipe) {
        lock.lock()
        self.process = process
        self.stdin = input
        lock.unlock()
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        lock.lock()
        let running = process
        let input = stdin
        process = nil
        stdin = nil
        lock.unlock()
        guard let running else { return }
        try? input?.fileHandleForWriting.close()
        if running.isRunning { running.terminate() }
        running.waitUntilExit()
    }

    /// GET a JSON object from the server.
    func json(_ pathAndQuery: String) async throws -> [String: Any] {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(
            from: URL(string: baseURL.absoluteString + pathAndQuery)!)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
