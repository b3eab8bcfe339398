import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mocking switched on and off per client, with answers per request (object, string, file, status,
/// error), a block that decides per request, routes and the file-name convention.
@Suite("Mock mode", .timeLimit(.minutes(3)))
struct MockModeTests {
    @Test("with mocking off a request's own mock is ignored and the network answers")
    func offUsesNetwork() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        #expect(client.mockMode == .off)
        let echo = try await client.send(Customized(EchoIDRequest(id: 3), mock: .json(["path": "/mocked"])))
        #expect(echo.path == "/echo/3")
    }

    @Test("a request's own mock: an object, text, a status or a transport error")
    func requestMocks() async throws {
        var configuration = HTClientConfiguration(
            baseURL: try TestSupport.url("https://api.invalid"), logger: quietLogger)
        configuration.mockMode = .always
        let client = HTClient(configuration: configuration, transport: UnreachableTransport())

        var request = Customized(StatusRequest(code: 200), mock: .json(["user": ["id": 1]]))
        #expect(try await client.send(request) == ["user": ["id": 1]])

        request.mock = .text("pong")
        #expect(try await client.send(request) == "pong")

        request.mock = .status(503)
        var error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .status(503, let body)? = error?.kind else {
            Issue.record("expected status 503, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":503}"#)

        request.mock = .failure(.notConnectedToInternet)
        error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        #expect(error?.urlErrorCode == .notConnectedToInternet)
        #expect(error?.isConnectivityFailure == true)
    }

    @Test("a file mock is read with a content type from its extension; a missing file is a 404 naming it")
    func fileMocks() async throws {
        let folder = try TestSupport.temporaryDirectory("mock-files")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"code": 0, "data": {"id": 9, "name": "file"}}"#.utf8).write(
            to: folder.appendingPathComponent("user.json"))
        try Data("plain words".utf8).write(to: folder.appendingPathComponent("words.txt"))
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())

        var request = Customized(StatusRequest(code: 200), mock: .file(folder.appendingPathComponent("user.json")))
        #expect(try await client.send(request) == ["code": 0, "data": ["id": 9, "name": "file"]])
        request.mock = .file(folder.appendingPathComponent("words.txt"))
        #expect(try await client.send(request) == "plain words")

        request.mock = .file(folder.appendingPathComponent("absent.json"))
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .status(404, let body)? = error?.kind else {
            Issue.record("expected a 404, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("absent.json"))
    }

    @Test("whereAvailable: the request's mock, then the client's mock, then the network")
    func whereAvailable() async throws {
        let server = try await sharedServer()
        let mock = HTMockTransport(routes: ["GET /echo/2": .json(["path": "/from-route"])])
        let client = loopbackClient(server) {
            $0.mock = mock
            $0.mockMode = .whereAvailable
        }
        #expect(try await client.send(Customized(EchoIDRequest(id: 1), mock: .json(["path": "/own"]))).path == "/own")
        #expect(try await client.send(EchoIDRequest(id: 2)).path == "/from-route")
        #expect(try await client.send(EchoIDRequest(id: 3)).path == "/echo/3")
    }

    @Test("always: nothing reaches the network; a request no mock answers is a 404 naming the convention file")
    func always() async throws {
        let folder = try TestSupport.temporaryDirectory("mock-convention")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"path": "/from-file"}"#.utf8).write(to: folder.appendingPathComponent("get_echo_5.json"))
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mock: HTMockTransport(directory: folder),
                mockMode: .always,
                logger: quietLogger),
            transport: UnreachableTransport())
        #expect(try await client.send(EchoIDRequest(id: 5)).path == "/from-file")
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 6))
        }
        guard case .status(404, let body)? = error?.kind else {
            Issue.record("expected a 404, got \(String(describing: error))")
            return
        }
        let json = try HTJSONParser().parse(body)
        #expect(json["file"] == "get_echo_6.json")
        #expect(json["method"] == "GET")
    }

    @Test("the switch is per client and can change at run time")
    func switchPerClient() async throws {
        let server = try await sharedServer()
        let mock = HTMockTransport(handler: { _ in .json(["path": "/mocked"]) })
        let first = loopbackClient(server) { $0.mock = mock }
        let second = loopbackClient(server) { $0.mock = mock }
        first.mockMode = .always
        #expect(try await first.send(EchoIDRequest(id: 1)).path == "/mocked")
        #expect(try await second.send(EchoIDRequest(id: 1)).path == "/echo/1")
        first.mockMode = .off
        #expect(first.mockMode == .off)
        #expect(try await first.send(EchoIDRequest(id: 1)).path == "/echo/1")
    }

    @Test("the handler decides per request from its URL and can answer a delayed response or an error")
    func handlerDecides() async throws {
        let handler: HTMockTransport.Handler = { request in
            let query = TestSupport.queryItems(request.url)
            switch query.first(where: { $0.name == "id" })?.value ?? request.url?.lastPathComponent {
            case "1": return .json(["path": "/one"])
            case "2": return HTMockResponse.json(["path": "/two"]).delayed(by: 0.05)
            case "3": return .failure(.timedOut)
            default: return nil
            }
        }
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mock: HTMockTransport(handler: handler),
                mockMode: .always,
                logger: quietLogger),
            transport: UnreachableTransport())
        #expect(try await client.send(EchoIDRequest(id: 1)).path == "/one")
        #expect(try await client.send(EchoIDRequest(id: 2)).path == "/two")
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 3))
        }
        #expect(error?.urlErrorCode == .timedOut)
        let missing = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 4))
        }
        #expect(missing?.statusCode == 404)
    }

    @Test("cancelling a delayed mock ends it with .cancelled")
    func cancelDelayedMock() async throws {
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())
        let started = Recorded<Bool>()
        let request = Customized(EchoIDRequest(id: 1), mock: HTMockResponse.json(["path": "/late"]).delayed(by: 30))
        let task = Task { () async throws -> String? in
            started.append(true)
            return try await client.send(request).path
        }
        while client.inFlightCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        guard case .failure(let failure) = result, (failure as? HTNetworkingError)?.isCancelled == true else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(started.count == 1)
        #expect(client.inFlightCount == 0)
    }

    @Test("interceptors run around mocks, and mocks see the request they built")
    func interceptorsAroundMocks() async throws {
        let stamp = HTBlockInterceptor(adapt: { request, _ in request.setValue("yes", forHTTPHeaderField: "X-Stamped") }
        )
        let mock = HTMockTransport(handler: { request in
            .json(["path": .string(request.value(forHTTPHeaderField: "X-Stamped") ?? "no")])
        })
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), interceptors: [stamp], mock: mock,
                mockMode: .always,
                logger: quietLogger),
            transport: UnreachableTransport())
        #expect(try await client.send(EchoIDRequest(id: 1)).path == "yes")
    }
}
