import Foundation
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks the loopback test server (`Server/test_server.py`) through its Swift harness: the routes the
/// other tests rely on answer as documented, and the process lifecycle is tied to the harness.
@Suite("LoopbackServer", .timeLimit(.minutes(3)))
struct LoopbackServerTests {
    /// Parses `data` as a JSON object.
    private func jsonObject(_ data: Data) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: data)
        return try #require(value as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }

    @Test("GET /echo echoes the method, path and query")
    func getEcho() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let (data, response) = try await URLSession.shared.data(from: try server.url("/echo/items?x=1&x=2&y=a%20b"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(http.value(forHTTPHeaderField: "Content-Length") == String(data.count))

        let echo = try jsonObject(data)
        #expect(echo["method"] as? String == "GET")
        #expect(echo["path"] as? String == "/echo/items")
        #expect(echo["query"] as? [String: [String]] == ["x": ["1", "2"], "y": ["a b"]])
        #expect(echo["body"] as? String == "")
        #expect(echo["json"] is NSNull)
        #expect(echo["form"] is NSNull)
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["host"] == "127.0.0.1:\(server.port)")
    }

    @Test("POST /echo echoes a JSON body and request headers")
    func postEchoWithJSONBody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let body = Data(#"{"name":"Ada","tags":["a","b"],"age":36}"#.utf8)
        var request = URLRequest(url: try server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("loopback-test", forHTTPHeaderField: "X-Trace-Id")

        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let echo = try jsonObject(data)
        #expect(echo["method"] as? String == "POST")
        #expect(echo["path"] as? String == "/echo")
        #expect(echo["body"] as? String == String(decoding: body, as: UTF8.self))
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["x-trace-id"] == "loopback-test")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["content-length"] == String(body.count))
        let json = try #require(echo["json"] as? [String: Any])
        #expect(json["name"] as? String == "Ada")
        #expect(json["tags"] as? [String] == ["a", "b"])
        #expect((json["age"] as? NSNumber)?.intValue == 36)
        #expect(echo["form"] is NSNull)
    }

    @Test("POST /echo parses a form body")
    func postEchoWithFormBody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        var request = URLRequest(url: try server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBody = Data("a=b+c&a=d&empty=".utf8)
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")

        let (data, _) = try await URLSession.shared.data(for: request)
        let echo = try jsonObject(data)
        #expect(echo["form"] as? [String: [String]] == ["a": ["b c", "d"], "empty": [""]])
        #expect(echo["json"] is NSNull)
    }

    @Test("/status/<code> answers that status, with optional body and Retry-After")
    func statusRoute() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let (data, response) = try await URLSession.shared.data(from: try server.url("/status/404"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 404)
        let object = try jsonObject(data)
        #expect((object["status"] as? NSNumber)?.intValue == 404)
        #expect(object["message"] as? String == "Not Found")

        let (retryData, retryResponse) = try await URLSession.shared.data(
            from: try server.url("/status/503?retry_after=7&body=busy%20now")
        )
        let retryHTTP = try #require(retryResponse as? HTTPURLResponse)
        #expect(retryHTTP.statusCode == 503)
        #expect(retryHTTP.value(forHTTPHeaderField: "Retry-After") == "7")
        #expect(String(decoding: retryData, as: UTF8.self) == "busy now")
    }

    @Test("/bytes streams the deterministic pattern with the requested length")
    func bytesRoute() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let size = 100_000
        let (data, response) = try await URLSession.shared.data(from: try server.url("/bytes?size=\(size)&chunk=7000"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(http.expectedContentLength == Int64(size))
        #expect(data.count == size)
        let bytes = [UInt8](data)
        let firstMismatch = bytes.indices.first { bytes[$0] != UInt8($0 % 251) }
        #expect(firstMismatch == nil, "byte \(firstMismatch ?? -1) breaks the i % 251 pattern")
    }

    @Test("/json serves fixture files and rejects paths")
    func fixturesRoute() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("LoopbackServerTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = Data(#"{"id": 7, "name": "fixture"}"#.utf8)
        try contents.write(to: folder.appendingPathComponent("sample.json"))

        let server = try await LoopbackServer.start(fixtures: folder)
        defer { server.stop() }

        let (data, response) = try await URLSession.shared.data(from: try server.url("/json?file=sample.json"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data == contents)

        let (_, escape) = try await URLSession.shared.data(from: try server.url("/json?file=..%2Fsample.json"))
        #expect((escape as? HTTPURLResponse)?.statusCode == 400)
        let (_, missing) = try await URLSession.shared.data(from: try server.url("/json?file=missing.json"))
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test("after stop() the server process is gone, and stop() can be called again")
    func stopClosesTheServer() async throws {
        let server = try await LoopbackServer.start()
        let url = try server.url("/echo")
        let (_, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(server.isRunning)

        server.stop()
        #expect(!server.isRunning)
        server.stop()  // a second stop is a no-op

        // The process has exited and been reaped. (Not "its port refuses connections": a port freed
        // by a test may be taken at once by the server another parallel test starts.)
        #expect(kill(server.processIdentifier, 0) == -1 && errno == ESRCH)
    }

    @Test("a reserved port refuses connections while no server listens on it")
    func reservedPortRefuses() async throws {
        let closed = try PortReservation()
        let error = await #expect(throws: URLError.self) {
            _ = try await URLSession.shared.data(from: closed.baseURL.appendingPathComponent("echo"))
        }
        #expect(error?.code == .cannotConnectToHost, "unexpected error: \(String(describing: error))")
    }

    @Test("start() reports a server that exits before it listens")
    func startFailsWhenTheServerExits() async throws {
        // The script rejects a fixtures folder that doesn't exist (argparse exits with status 2; its
        // usage message on stderr is expected in the test log).
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("LoopbackServerTests-missing-\(UUID().uuidString)", isDirectory: true)
        let error = await #expect(throws: LoopbackServer.Failure.self) {
            _ = try await LoopbackServer.start(fixtures: missing)
        }
        guard case .exitedBeforeReady(let status, let output)? = error else {
            Issue.record("expected exitedBeforeReady, got \(String(describing: error))")
            return
        }
        #expect(status == 2)
        #expect(output.isEmpty)
    }

    @Test("releasing the last reference stops the process")
    func deinitStopsTheProcess() async throws {
        var server: LoopbackServer? = try await LoopbackServer.start()
        let pid = try #require(server?.processIdentifier)
        #expect(kill(pid, 0) == 0)
        server = nil
        #expect(server == nil)
        // The process was terminated and reaped, so the pid no longer exists.
        let result = kill(pid, 0)
        let error = errno
        #expect(result == -1 && error == ESRCH)
    }

    @Test("the script exits by itself when its stdin reaches end of file")
    func scriptExitsOnStdinEOF() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", LoopbackServer.scriptURL.path]
        let input = ChildProcessLaunch.pipe()
        process.standardInput = input
        process.standardOutput = ChildProcessLaunch.pipe()
        try ChildProcessLaunch.run(process)
        try input.fileHandleForWriting.close()

        // A bound for the failure only: a healthy script exits as soon as it reads the end of stdin,
        // but a Python start on two busy cores can take seconds.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let exited = !process.isRunning
        if !exited {
            process.terminate()
        }
        process.waitUntilExit()
        #expect(exited, "the server was still running 60 s after its stdin closed")
        #expect(process.terminationStatus == 0)
    }
}
