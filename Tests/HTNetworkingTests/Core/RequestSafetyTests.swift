import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /echo/items/:id/detail`: a path parameter between two fixed segments.
struct EchoItemRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/items/:id/detail"
    var id: String
    var extraHeaders: [String: String] = [:]
    var parameters: HTJSONObject { ["id": .string(id)] }
    var headers: [String: String] { extraHeaders }
}

@Suite("Requests that would mean something else on the wire are refused", .timeLimit(.minutes(3)))
struct RequestSafetyTests {
    func isInvalidRequest(_ error: HTNetworkingError) -> Bool {
        if case .invalidRequest = error.kind { return true }
        return false
    }

    /// What sending `request` with `client` gave.
    func result<R: HTBaseRequest>(_ client: HTClient, _ request: sending R) async -> Result<
        R.Response, HTNetworkingError
    > {
        do {
            return .success(try await client.send(request))
        } catch {
            return .failure(error)
        }
    }

    /// The error sending `request` with `client` threw, or `nil` when it succeeded.
    func failure<R: HTBaseRequest>(_ client: HTClient, _ request: sending R) async -> HTNetworkingError? {
        if case .failure(let error) = await result(client, request) { return error }
        return nil
    }

    @Test("A path parameter value is one segment: / ? # % space and non-ASCII arrive escaped, never as structure")
    func pathParameterIsOneSegment() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        for value in [
            "a/b", "a?b=1", "a#frag", "100%", "50%2F", "a b", "名字", "..a", "a..", "...", ".hidden", "~u", "a+b",
            "a&b=c;d",
        ] {
            let echo = try await client.send(EchoItemRequest(id: value))
            let path = try #require(echo.path)
            #expect(path.hasPrefix("/echo/items/") && path.hasSuffix("/detail"), "\(value): \(path)")
            let segment = String(path.dropFirst("/echo/items/".count).dropLast("/detail".count))
            #expect(!segment.contains("/") && !segment.contains("?") && !segment.contains("#"), "\(value): \(segment)")
            #expect(segment.removingPercentEncoding == value, "\(value): \(segment)")
            #expect(echo.query == .object([:]), "\(value)")
        }
    }

    @Test("A path parameter of '..', '.' or '' is refused with invalidRequest before anything is sent")
    func dotSegmentsAreRefused() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let transport = CountingTransport(base: HTURLSessionTransport())
        let client = HTClient(baseURL: server.baseURL, transport: transport)
        for value in ["..", ".", ""] {
            let error = try #require(await failure(client, EchoItemRequest(id: value)), "'\(value)' was sent")
            #expect(isInvalidRequest(error), "\(value): \(error)")
            #expect(error.description.contains("'id'"), "\(error)")
        }
        #expect(transport.sent.values.isEmpty)
        #expect(throws: HTNetworkingError.self) { try client.urlRequest(for: EchoItemRequest(id: "..")) }
    }

    @Test(
        "Header values with CR, LF or NUL and bad header names are refused, from the request, the client or an interceptor"
    )
    func headerInjectionIsRefused() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let transport = CountingTransport(base: HTURLSessionTransport())
        let client = HTClient(baseURL: server.baseURL, transport: transport)
        for value in ["v\r\nX-Injected: 1", "v\nX-Injected: 1", "v\rX", "v\u{0}x", "v\u{1B}x"] {
            let error = try #require(
                await failure(client, EchoItemRequest(id: "1", extraHeaders: ["X-Trace": value])),
                "\(value.debugDescription) was sent")
            #expect(isInvalidRequest(error) && error.description.contains("X-Trace"), "\(error)")
        }
        for name in ["X Bad", "X:Bad", "X\r\nBad", ""] {
            let error = try #require(
                await failure(client, EchoItemRequest(id: "1", extraHeaders: [name: "v"])),
                "the header name \(name.debugDescription) was sent")
            #expect(isInvalidRequest(error), "\(error)")
        }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.defaultHeaders = ["X-Default": "a\r\nb"]
        let withDefaults = HTClient(configuration: configuration, transport: transport)
        let defaultsError = try #require(await failure(withDefaults, EchoItemRequest(id: "1")))
        #expect(isInvalidRequest(defaultsError) && defaultsError.description.contains("X-Default"))
        #expect(transport.sent.values.isEmpty)

        // An interceptor's value is refused where the URL request keeps it; FoundationNetworking drops such
        // a value as it is set. Either way nothing with a line break reaches the server.
        configuration.defaultHeaders = [:]
        configuration.interceptors = [
            HTBlockInterceptor(adapt: { request, _ in
                request.setValue("t\r\nX-Injected: 1", forHTTPHeaderField: "X-Signature")
            })
        ]
        let intercepted = HTClient(configuration: configuration, transport: transport)
        switch await result(intercepted, EchoItemRequest(id: "1")) {
        case .failure(let error):
            #expect(isInvalidRequest(error) && error.description.contains("X-Signature"), "\(error)")
        case .success(let echo):
            #expect(echo.headers?["x-injected"] == nil)
            #expect(echo.headers?["x-signature"]?.stringValue?.contains(where: { $0 == "\r" || $0 == "\n" }) != true)
        }
        let sentSoFar = transport.sent.values.count
        #expect(sentSoFar <= 1)

        // Tabs and non-ASCII text are fine.
        let echo = try await client.send(EchoItemRequest(id: "1", extraHeaders: ["X-Trace": "a\tb"]))
        #expect(echo.headers?["x-trace"]?.stringValue == "a\tb")
        #expect(transport.sent.values.count == sentSoFar + 1)
    }
}
