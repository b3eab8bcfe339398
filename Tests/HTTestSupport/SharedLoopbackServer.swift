/// One loopback server for every test of a test process that only sends requests to it: starting a
/// Python process per test, with hundreds of tests running at once on a small machine, takes longer than
/// the harness waits. Tests keep their `/flaky` keys apart with a prefix of their own; tests that stop
/// their server (refused connections) start their own. The process ends with the test process (its
/// stdin closes).
package func sharedServer() async throws -> LoopbackServer {
    try await SharedLoopbackServer.instance.server()
}

/// Starts the shared loopback server once, whoever asks first (and again if it stopped).
private actor SharedLoopbackServer {
    static let instance = SharedLoopbackServer()
    private var starting: Task<LoopbackServer, any Error>?

    func server() async throws -> LoopbackServer {
        if let starting, let server = try? await starting.value, server.isRunning { return server }
        let task = Task { try await LoopbackServer.start(timeout: .seconds(60)) }
        starting = task
        return try await task.value
    }
}
