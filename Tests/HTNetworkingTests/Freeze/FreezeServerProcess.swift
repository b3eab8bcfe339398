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
/// port; this runs the same script with `--port N --reuse-port` on a port that a `PortReservation`
/// holds for this object's lifetime: while the server is stopped, connections are refused and no other
/// test's server can take the port.
final class FreezeServerProcess: @unchecked Sendable {
    // @unchecked Sendable, safety: `port`, `baseURL` and `reservation` are immutable (a
    // `PortReservation` is Sendable, and so is the error); the running process and its stdin are in
    // `running`, a `let` box read and written only under its lock (the box is not Sendable by itself
    // because `Process` and `Pipe` need not be declared Sendable): `start()` puts them in, and they
    // leave it only through `stop()`, which takes them out, so one caller at most ever ends them.
    let port: Int
    let baseURL: URL
    private let reservation: Result<PortReservation, PortReservation.Failure>
    private let running = LockedBox<(process: Process, stdin: Pipe)?>(nil)

    /// Reserves a port; when that fails (no socket could be had), ``start()`` throws why, and the
    /// address is port 1 on loopback, where nothing listens.
    init() {
        do throws(PortReservation.Failure) {
            let reserved = try PortReservation()
            reservation = .success(reserved)
            port = reserved.port
            baseURL = reserved.baseURL
        } catch {
            reservation = .failure(error)
            port = 1
            baseURL = URL(string: "http://127.0.0.1:1") ?? URL(fileURLWithPath: "/")
        }
    }

    deinit { stop() }

    /// Starts the server on ``port`` and waits until it answers.
    func start() async throws {
        _ = try reservation.get()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", LoopbackServer.scriptURL.path, "--port", String(port), "--reuse-port"]
        let input = ChildProcessLaunch.pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try ChildProcessLaunch.run(process)
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
        running.withLock { $0 = (process, input) }
    }

    /// Stops the server and waits for it to exit. It gets SIGKILL, like the harness's `LoopbackServer`:
    /// it keeps no state worth a graceful exit, and the wait then lasts only as long as the kernel takes
    /// to end it, not a poll of its serve loop, on a thread that may be one of the cooperative pool's two.
    func stop() {
        guard case (let process, let input)? = running.withLock({ $0.take() }) else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// GET a JSON object from the server.
    func json(_ pathAndQuery: String) async throws -> [String: Any] {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(
            from: URL(string: baseURL.absoluteString + pathAndQuery)!)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
