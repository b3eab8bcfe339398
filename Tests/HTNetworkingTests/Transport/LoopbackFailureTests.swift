import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What goes wrong on real connections: timeouts, resets, slow responses, redirects.
@Suite("Failures against the loopback server", .timeLimit(.minutes(3)))
struct LoopbackFailureTests {
    @Test("a timeout under one second is honoured, not rounded down to nothing")
    func subSecondTimeout() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        // FoundationNetworking alone turns 0.9 s into 0 s and fails at once, every time. Here a quick
        // response arrives; on a loaded machine one attempt may miss the deadline, but then the
        // client's own deadline says so, not URLSession.
        var successes = 0
        for _ in 0..<3 {
            do {
                _ = try await client.send(Customized(DelayRequest(ms: 0), timeout: 0.9))
                successes += 1
            } catch {
                #expect(error.description.contains("the request timed out after 0.9 s"), "\(error)")
            }
        }
        #expect(successes > 0)
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(Customized(DelayRequest(ms: 5000), timeout: 0.4))
        }
        #expect(error?.urlErrorCode == .timedOut)
        #expect(error?.description.contains("timed out after 0.4 s") == true)
    }

    @Test("the client's timeout applies when the request sets none")
    func clientTimeout() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.timeout = 0.5 }
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(DelayRequest(ms: 5000))
        }
        #expect(error?.urlErrorCode == .timedOut)
        #expect(client.inFlightCount == 0)
        // A request's own longer timeout wins.
        #expect(try await client.send(Customized(DelayRequest(ms: 700), timeout: 5)) == ["delayed": 700])
    }

    @Test("a slow response within the timeout arrives whole")
    func slowResponse() async throws {
        let server = try await sharedServer()
        let response = try await loopbackClient(server).response(for: Customized(DelayRequest(ms: 1500), timeout: 60))
        #expect(response.value == ["delayed": 1500])
        #expect(response.statusCode == 200)
    }

    @Test("a connection reset halfway through the body is a transport error, not a truncated success")
    func dropMidway() async throws {
        let server = try await sharedServer()
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await loopbackClient(server).send(DropMidwayRequest(size: 200_000))
        }
        guard case .transport(let code?, _)? = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(URLError.Code(rawValue: code) == .networkConnectionLost)
        #expect(error?.isConnectivityFailure == true)
        #expect(error?.response == nil)
    }

    @Test("every redirect status is followed to the final URL", arguments: [301, 302, 303, 307, 308])
    func redirects(code: Int) async throws {
        let server = try await sharedServer()
        let response = try await loopbackClient(server).response(
            for: RedirectRequest(to: "/echo/after-\(code)", code: code))
        #expect(response.value.path == "/echo/after-\(code)")
        #expect(response.value.method == "GET")
        #expect(response.raw.url?.path == "/echo/after-\(code)")
    }

    @Test("the original's gotcha is gone: headers and the timeout apply with no cache, freeze or mock feature on")
    func headersAndTimeoutAlwaysApply() async throws {
        let server = try await sharedServer()
        let request = Customized(StatusRequest(code: 200), timeout: 12, headers: ["X-Only-Header": "present"])
        let client = loopbackClient(server)
        #expect(client.mockMode == .off)
        let urlRequest = try client.urlRequest(for: request)
        #expect(urlRequest.timeoutInterval == 12)
        #expect(urlRequest.value(forHTTPHeaderField: "X-Only-Header") == "present")
        let echo = try await client.send(EchoUserRequest(id: 1, authorization: "Bearer t"))
        #expect(echo.header("Authorization") == "Bearer t")
        #expect(echo.header("X-Api-Version") == "2")
    }

    @Test("customize(_:) is the request's last word on the URL request, and the server gets the result")
    func customizeHook() async throws {
        let server = try await sharedServer()
        struct Custom: HTBaseRequest, Sendable {
            typealias Response = EchoResult
            static let method: HTHTTPMethod = .post
            static let path = "/echo/custom"
            var parameters: HTJSONObject { ["a": 1] }
            var headers: [String: String] { ["X-Mine": "1"] }
            func customize(_ request: inout URLRequest) {
                // It sees what the client built...
                let built =
                    "\(request.httpMethod ?? "") \(request.value(forHTTPHeaderField: "X-Mine") ?? "") "
                    + String(decoding: request.httpBody ?? Data(), as: UTF8.self)
                request.setValue(built, forHTTPHeaderField: "X-Built")
                // ...and has the last word.
                request.httpMethod = "PUT"
                request.setValue("2", forHTTPHeaderField: "X-Mine")
                request.httpBody = Data(#"{"b": 2}"#.utf8)
            }
        }
        let client = loopbackClient(server) { $0.defaultHeaders = ["X-Mine": "default"] }
        let preview = try client.urlRequest(for: Custom())
        #expect(preview.httpMethod == "PUT")
        let echo = try await client.send(Custom())
        #expect(echo.method == "PUT")
        #expect(echo.header("X-Built") == #"POST 1 {"a":1}"#)
        #expect(echo.header("X-Mine") == "2")
        #expect(echo.json == ["b": 2])
    }
}
