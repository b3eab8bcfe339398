import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds a header naming itself and records when it saw the request and the response.
struct TracingInterceptor: HTInterceptor {
    let name: String
    let trace: Recorded<String>

    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        trace.append("\(name) request")
        var request = request
        let chain = (request.value(forHTTPHeaderField: "X-Chain").map { $0 + "," } ?? "") + name
        request.setValue(chain, forHTTPHeaderField: "X-Chain")
        let response = try await next(request)
        trace.append("\(name) response \(response.statusCode)")
        return response
    }
}

@Suite("Interceptors", .timeLimit(.minutes(3)))
struct InterceptorTests {
    @Test("the client's interceptors run in order, then the request's; responses come back in reverse")
    func order() async throws {
        let server = try await sharedServer()
        let trace = Recorded<String>()
        let client = loopbackClient(server) {
            $0.interceptors = [
                TracingInterceptor(name: "A", trace: trace), TracingInterceptor(name: "B", trace: trace),
            ]
        }
        let request = Customized(EchoIDRequest(id: 1), interceptors: [TracingInterceptor(name: "C", trace: trace)])
        let echo = try await client.send(request)
        #expect(echo.header("X-Chain") == "A,B,C")
        #expect(
            trace.values == [
                "A request", "B request", "C request", "C response 200", "B response 200", "A response 200",
            ])

        // Another request without its own interceptors gets only the client's.
        let plain = try await client.send(EchoIDRequest(id: 2))
        #expect(plain.header("X-Chain") == "A,B")
    }

    @Test("an interceptor sees the context: the request's description and type, the client's logger")
    func context() async throws {
        let (logger, sink) = recordingLogger()
        let seen = Recorded<HTInterceptorContext>()
        let probe = HTBlockInterceptor(adapt: { _, context in
            seen.append(context)
            context.logger.info("custom", "seen \(context.request.requestType)")
        })
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), interceptors: [probe], mockMode: .always,
                logger: logger),
            transport: UnreachableTransport())
        _ = try await client.send(Customized(EchoIDRequest(id: 8), mock: .json([:])))
        let context = try #require(seen.values.first)
        #expect(context.request.method == "GET")
        #expect(context.request.url == "https://api.invalid/echo/8")
        #expect(context.request.requestType == "Customized<EchoIDRequest>")
        #expect(context.requestType == nil)
        #expect(sink.messages(.info, "custom") == ["seen Customized<EchoIDRequest>"])
    }

    @Test("an interceptor can answer without sending, and replace a response")
    func replaceResponses() async throws {
        let server = try await sharedServer()
        let counting = CountingTransport(base: HTURLSessionTransport())
        let shortCircuit = HTBlockInterceptor()
        struct Answering: HTInterceptor {
            func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
                -> HTTransportResponse
            {
                guard request.url?.path == "/echo/1" else { return try await next(request) }
                return HTTransportResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"path": "/cached"}"#.utf8),
                    url: request.url, isFromCache: true)
            }
        }
        let fixing = HTBlockInterceptor(process: { response, _, _ in
            guard response.statusCode == 500 else { return response }
            var fixed = response
            fixed.statusCode = 200
            fixed.body = Data(#"{"repaired": true}"#.utf8)
            fixed.headers["Content-Type"] = "application/json"
            return fixed
        })
        let client = loopbackClient(server, transport: counting) {
            $0.interceptors = [shortCircuit, Answering(), fixing]
        }

        let answered = try await client.response(for: EchoIDRequest(id: 1))
        #expect(answered.value.path == "/cached")
        #expect(answered.isFromCache)
        #expect(counting.sent.count == 0)

        let repaired = try await client.send(StatusRequest(code: 500))
        #expect(repaired == ["repaired": true])
        #expect(counting.sent.count == 1)

        let sent = try await client.response(for: EchoIDRequest(id: 2))
        #expect(sent.value.path == "/echo/2")
        #expect(!sent.isFromCache)
    }

    @Test("an interceptor may send a request more than once")
    func sendTwice() async throws {
        let server = try await sharedServer()
        struct RetryOn503: HTInterceptor {
            func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
                -> HTTransportResponse
            {
                let first = try await next(request)
                return first.statusCode == 503 ? try await next(request) : first
            }
        }
        let key = UUID().uuidString
        let client = loopbackClient(server) { $0.interceptors = [RetryOn503()] }
        #expect(try await client.send(FlakyRequest(key: key, fail: 1))["attempts"] == 2)
    }

    @Test("errors thrown by interceptors: HTNetworkingError as is, URLError and others as transport errors")
    func thrownErrors() async throws {
        struct Refusing: HTInterceptor {
            let error: any Error
            func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
                -> HTTransportResponse
            {
                throw error
            }
        }
        struct Custom: Error, CustomStringConvertible {
            var description: String { "custom refusal" }
        }
        let base = try TestSupport.url("https://api.invalid")
        func client(_ error: any Error) -> HTClient {
            HTClient(
                configuration: HTClientConfiguration(
                    baseURL: base, interceptors: [Refusing(error: error)], logger: quietLogger),
                transport: UnreachableTransport())
        }
        let description = HTRequestDescription(method: "GET", url: "x", requestType: "Elsewhere")
        let passed = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client(HTNetworkingError(.frozen(id: "f1"), request: description)).send(EchoIDRequest(id: 1))
        }
        guard case .frozen(let id)? = passed?.kind else {
            Issue.record("expected the interceptor's own error, got \(String(describing: passed))")
            return
        }
        #expect(id == "f1")
        #expect(passed?.request.requestType == "Elsewhere")

        let url = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client(URLError(.userAuthenticationRequired)).send(EchoIDRequest(id: 1))
        }
        #expect(url?.urlErrorCode == .userAuthenticationRequired)

        let custom = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client(Custom()).send(EchoIDRequest(id: 1))
        }
        guard case .transport(nil, let message)? = custom?.kind else {
            Issue.record("expected a transport error, got \(String(describing: custom))")
            return
        }
        #expect(message == "custom refusal")
        #expect(custom?.request.requestType == "EchoIDRequest")
    }
}
