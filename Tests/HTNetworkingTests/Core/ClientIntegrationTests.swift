import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client over URLSession against the real loopback server (`Server/test_server.py`). Every test
/// starts and stops its own server.
@Suite("Client against the loopback server", .timeLimit(.minutes(3)))
struct ClientIntegrationTests {
    private func client(_ server: LoopbackServer, headers: [String: String] = [:], encoding: HTBodyEncoding = .json)
        -> HTClient
    {
        HTClient(
            configuration: HTClientConfiguration(
                baseURL: server.baseURL, defaultHeaders: headers, bodyEncoding: encoding))
    }

    /// Runs `body` and returns the `HTNetworkingError` it threw, recording an issue when it threw
    /// nothing or something else.
    private func networkingError<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(HTNetworkingError) -> T
    ) async -> HTNetworkingError? {
        do {
            let value = try await body()
            Issue.record("expected an HTNetworkingError, got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("GET with path parameters and query parameters (arrays repeat the key, encoding round-trips)")
    func getWithQuery() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = EchoUserRequest(id: 42, q: "a b&c=d/ü", tags: ["x", "y"])
        let echo = try await client(server).send(request)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/users/42")
        #expect(EchoResult.values("q", in: echo.query) == ["a b&c=d/ü"])
        #expect(EchoResult.values("tags", in: echo.query) == ["x", "y"])
        #expect(EchoResult.values("id", in: echo.query) == nil)
        #expect(echo.body == "")
        #expect(echo.json == nil)
    }

    @Test("a path parameter is percent-encoded into one segment")
    func pathParameterEncoding() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await client(server).send(EchoUserRequest(id: -7))
        #expect(echo.path == "/echo/users/-7")
        #expect(echo.query == .object(HTJSONObject()))
    }

    @Test("a path with an action marker (:id?changecreator) fills id and always sends the marker")
    func actionMarkerPath() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await client(server).send(EchoActionMarkerRequest(id: 7, creator: "ada"))
        #expect(echo.method == "PUT")
        #expect(echo.path == "/echo/progroups/7")
        #expect(EchoResult.values("changecreator", in: echo.query) == [""])
        #expect(EchoResult.values("id", in: echo.query) == nil)
        #expect(echo.json == ["creator": "ada"])

        let braceEcho = try await client(server).send(EchoBraceMarkerRequest(id: "a/b?c", to: 3))
        #expect(braceEcho.method == "GET")
        #expect(braceEcho.path == "/echo/progroups/a%2Fb%3Fc")
        #expect(EchoResult.values("action", in: braceEcho.query) == ["move"])
        #expect(EchoResult.values("to", in: braceEcho.query) == ["3"])
        #expect(EchoResult.values("id", in: braceEcho.query) == nil)
    }

    @Test("POST with a JSON body: the server sees the JSON and the content type")
    func postJSON() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = EchoPostRequest(
            name: "Ada Lovelace", age: 36, tags: ["math", "engines"], nested: ["city": "London", "zip": nil])
        let echo = try await client(server).send(request)
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo")
        #expect(echo.header("Content-Type") == "application/json; charset=utf-8")
        #expect(
            echo.json == [
                "name": "Ada Lovelace", "age": 36, "tags": ["math", "engines"],
                "nested": ["city": "London", "zip": nil],
            ])
        #expect(echo.form == nil)
        #expect(
            echo.body
                == #"{"name":"Ada Lovelace","age":36,"tags":["math","engines"],"nested":{"city":"London","zip":null}}"#)
        #expect(echo.header("Content-Length") == echo.body.map { String($0.utf8.count) })
    }

    @Test("POST with a form body, chosen by the client and by the request")
    func postForm() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = EchoPostRequest(name: "Ada Lovelace & co = ü", age: 36, tags: ["a", "b"])

        let byClient = try await client(server, encoding: .form).send(request)
        #expect(byClient.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(byClient.form == ["name": ["Ada Lovelace & co = ü"], "age": ["36"], "tags": ["a", "b"]])
        #expect(byClient.json == nil)

        let byRequest = try await client(server, encoding: .json).send(Customized(request, bodyEncoding: .form))
        #expect(byRequest.form == byClient.form)
        #expect(byRequest.body == byClient.body)
    }

    @Test("constant and variable headers arrive; unset variable headers are not sent; request headers beat defaults")
    func headers() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server, headers: ["X-Client": "default-client", "X-Default": "yes"])
        var request = EchoUserRequest(id: 1, authorization: "Bearer t0ken")
        let echo = try await client.send(request)
        #expect(echo.header("X-Client") == "ht-tests")
        #expect(echo.header("X-Api-Version") == "2")
        #expect(echo.header("Authorization") == "Bearer t0ken")
        #expect(echo.header("X-Default") == "yes")
        #expect(echo.header("Accept") == "application/json")
        #expect(echo.header("X-Trace-Id") == nil)
        // Header properties never leak into the query.
        #expect(EchoResult.values("authorization", in: echo.query) == nil)
        #expect(EchoResult.values("xTraceId", in: echo.query) == nil)

        request.authorization = nil
        request.xTraceId = "trace-1"
        let second = try await client.send(request)
        #expect(second.header("Authorization") == nil)
        #expect(second.header("X-Trace-Id") == "trace-1")
    }

    @Test("a non-2xx status is a status error with the body and the URL")
    func statusError() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        var request = StatusRequest(code: 404)
        let error = await networkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .status(let code, let body)? = error?.kind else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(code == 404)
        #expect(error?.statusCode == 404)
        #expect(try HTJSON(parsing: body) == ["status": 404, "message": "Not Found"])
        #expect(error?.request.url == server.baseURL.absoluteString + "/status/404")
        #expect(error?.request.method == "GET")
        #expect(error?.request.requestType == "StatusRequest")
        #expect(error?.description.contains("/status/404") == true)
        #expect(error?.description.contains("404") == true)

        request.code = 503
        request.body = "busy now"
        let textError = await networkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .status(let textCode, let textBody)? = textError?.kind else {
            Issue.record("expected a status error, got \(String(describing: textError))")
            return
        }
        #expect(textCode == 503)
        #expect(String(decoding: textBody, as: UTF8.self) == "busy now")
        #expect(textError?.request.url == server.baseURL.absoluteString + "/status/503?body=busy%20now")
        // The body stays in `kind`; the description, which apps log, gives its size only.
        #expect(textError?.description.hasSuffix("answered status 503 with a body of 8 bytes") == true)
    }

    @Test("accepted status codes can be widened per request; 204 with no body maps to null")
    func acceptedStatusCodes() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let json = try await client(server).send(Customized(StatusRequest(code: 404), acceptedStatusCodes: [404]))
        #expect(json == ["status": 404, "message": "Not Found"])

        let empty = try await client(server).response(for: StatusRequest(code: 204))
        #expect(empty.statusCode == 204)
        #expect(empty.value == .null)
        #expect(empty.raw.body.isEmpty)
    }

    @Test("malformed JSON is a decoding error with an offset")
    func malformedJSON() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let error = await networkingError { () async throws(HTNetworkingError) in
            try await client.send(MalformedRequest())
        }
        guard case .decoding(let parseError)? = error?.kind else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        // The body is `{"user": {"name": "x",` (22 bytes): it ends where a key should start.
        #expect(parseError.offset == 22)
        #expect(parseError.line == 1)
        #expect(error?.statusCode == 200)
        #expect(error?.description.contains("not valid JSON") == true)
    }

    @Test("a missing response key path is a mapping error naming the path")
    func missingKeyPath() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let error = await networkingError { () async throws(HTNetworkingError) in
            try await client.send(MissingKeyPathRequest())
        }
        guard case .mapping(let mappingError)? = error?.kind else {
            Issue.record("expected a mapping error, got \(String(describing: error))")
            return
        }
        #expect(mappingError.path.description == "data")
        #expect(error?.statusCode == 200)
        #expect(error?.description.contains("mapping failed at data:") == true)
    }

    @Test("response(for:) gives the raw status, headers and body, and the mapping diagnostics")
    func rawResponseAndDiagnostics() async throws {
        let folder = try TestSupport.temporaryDirectory("ClientIntegrationTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text =
            #"{"code": 0, "data": {"id": 9, "name": "Ada", "score": "high", "tags": ["a", 2, {}], "address": {"city": "London"}}}"#
        try Data(text.utf8).write(to: folder.appendingPathComponent("user.json"))
        let server = try await LoopbackServer.start(fixtures: folder)
        defer { server.stop() }
        let client = client(server)

        let response = try await client.response(for: FixtureUserRequest(file: "user.json"))
        #expect(response.statusCode == 200)
        #expect(response.raw.body == Data(text.utf8))
        #expect(response.raw.header("content-type") == "application/json; charset=utf-8")
        #expect(response.raw.header("Content-Length") == String(text.utf8.count))
        #expect(response.raw.url?.absoluteString == server.baseURL.absoluteString + "/json?file=user.json")
        #expect(response.isFromCache == false)
        #expect(response.value.id == 9)
        #expect(response.value.name == "Ada")
        #expect(response.value.score == nil)
        #expect(response.value.tags == ["a", "2"])
        #expect(response.value.address?.city == "London")
        #expect(response.diagnostics.map(\.path.description) == ["data.score", "data.tags[2]"])

        // The same response in strict mode fails at the first bad value.
        let error = await networkingError { () async throws(HTNetworkingError) in
            try await client.send(Customized(FixtureUserRequest(file: "user.json"), mappingOptions: .strict))
        }
        guard case .mapping(let mappingError)? = error?.kind else {
            Issue.record("expected a mapping error, got \(String(describing: error))")
            return
        }
        #expect(mappingError.path.description == "data.score")
    }

    @Test("an array payload maps at a nested key path")
    func arrayPayload() async throws {
        let folder = try TestSupport.temporaryDirectory("ClientIntegrationTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"data": {"items": [{"id": 1, "name": "a"}, {"id": 2, "address": {"zip": 12345}}]}}"#.utf8)
            .write(to: folder.appendingPathComponent("users.json"))
        let server = try await LoopbackServer.start(fixtures: folder)
        defer { server.stop() }
        let users = try await client(server).send(FixtureUserListRequest(file: "users.json"))
        #expect(users.map(\.id) == [1, 2])
        #expect(users[0].name == "a")
        #expect(users[1].address?.zip == "12345")
    }

    @Test("redirects are followed and the raw response has the final URL")
    func redirect() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let response = try await client(server).response(for: RedirectRequest(to: "/echo/target"))
        #expect(response.value.path == "/echo/target")
        #expect(response.raw.url?.path == "/echo/target")
    }

    @Test("a refused connection is a transport error")
    func connectionRefused() async throws {
        // Held, never listening: refused, and no other test's server can take the port meanwhile.
        let closed = try PortReservation()
        let client = HTClient(baseURL: closed.baseURL)
        let error = await networkingError { () async throws(HTNetworkingError) in
            try await client.send(DelayRequest(ms: 0))
        }
        guard case .transport(let code, let message)? = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        let connectionCodes = [URLError.cannotConnectToHost.rawValue, URLError.networkConnectionLost.rawValue]
        #expect(code.map(connectionCodes.contains) == true, "code \(String(describing: code)): \(message)")
        #expect(error?.statusCode == nil)
        #expect(error?.request.url == closed.baseURL.absoluteString + "/delay?ms=0")
    }

    @Test("a request timeout is a transport error with the timed-out code")
    func requestTimeout() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let started = ContinuousClock.now
        let error = await networkingError { () async throws(HTNetworkingError) in
            try await client.send(Customized(DelayRequest(ms: 60_000), timeout: 0.5))
        }
        let elapsed = ContinuousClock.now - started
        guard case .transport(let code, _)? = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == URLError.timedOut.rawValue)
        // The server answers after 60 s; a bound well below that proves the timeout, with room for a
        // loaded machine (the suites run in parallel on two cores).
        #expect(elapsed < .seconds(45))
    }

    @Test("cancelling the task cancels the request with .cancelled, promptly")
    func cancellation() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let started = ContinuousClock.now
        let task = Task { () async throws -> HTJSON in
            try await client.send(DelayRequest(ms: 60_000))
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        let elapsed = ContinuousClock.now - started
        guard case .failure(let failure) = result else {
            Issue.record("expected the request to fail, got \(result)")
            return
        }
        let error = try #require(failure as? HTNetworkingError, "unexpected error \(failure)")
        guard case .cancelled = error.kind else {
            Issue.record("expected .cancelled, got \(error)")
            return
        }
        // The server answers after 60 s: finishing well before proves the transfer was cancelled, with
        // room for a loaded machine.
        #expect(elapsed < .seconds(45), "took \(elapsed)")
        #expect(error.description.contains("was cancelled"))
    }

    @Test("a task cancelled before sending fails with .cancelled without sending")
    func cancelledBeforeSending() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let task = Task { () async throws -> String? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(EchoPostRequest(name: "never")).method
        }
        let result = await task.result
        guard case .failure(let failure) = result, let error = failure as? HTNetworkingError,
            case .cancelled = error.kind
        else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(error.request.requestType == "EchoPostRequest")
    }

    @Test("one client sends many requests concurrently")
    func concurrentRequests() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = client(server)
        let paths = try await withThrowingTaskGroup(of: String?.self) { group in
            for id in 0..<12 {
                group.addTask {
                    try await client.send(EchoUserRequest(id: id)).path
                }
            }
            var paths: [String] = []
            for try await path in group {
                if let path { paths.append(path) }
            }
            return paths
        }
        #expect(Set(paths) == Set((0..<12).map { "/echo/users/\($0)" }))
    }
}
