import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /status/200?body=…&content_type=…`: the loopback server answers exactly `body` with that
/// `Content-Type`.
struct LabelledBodyRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/status/200"
    var body: String
    var contentType: String
    var parameters: HTJSONObject { ["body": .string(body), "content_type": .string(contentType)] }
}

/// The same body mapped to a model.
struct LabelledUserRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .get
    static let path: String = "/status/200"
    var body: String
    var contentType: String
    var parameters: HTJSONObject { ["body": .string(body), "content_type": .string(contentType)] }
}

/// `POST /status/200?echo_body=1`: the server answers the request's own body (set raw, not encoded
/// from parameters) as `application/json`: a response body too large for a URL.
struct EchoedBodyRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .post
    static let path: String = "/status/200?echo_body=1"
    var raw: Data
    func customize(_ request: inout URLRequest) {
        request.httpBody = raw
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    }
}

/// Issue 13: which serializer reads a response is decided by its `Content-Type` alone, never by
/// sniffing the body. Types the registry does not know (`text/html` among them) go to the fallback,
/// the JSON serializer, so JSON labelled `text/html` is read, and an HTML page is a located decoding
/// error; `text/plain` is text even when it looks like JSON.
@Suite("Content types decide the serializer", .timeLimit(.minutes(3)))
struct ContentTypeRuleTests {
    func failure<R: HTBaseRequest>(_ client: HTClient, _ request: sending R) async -> HTNetworkingError? {
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test("JSON labelled text/html is read by the JSON fallback and maps")
    func jsonAsHTML() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let body = #"{"id": 5, "name": "a+b & c", "tags": ["x"]}"#
        for contentType in ["text/html", "text/html; charset=utf-8", "TEXT/HTML", "application/octet-stream"] {
            let json = try await client.send(LabelledBodyRequest(body: body, contentType: contentType))
            #expect(json == ["id": 5, "name": "a+b & c", "tags": ["x"]], "\(contentType)")
            let user = try await client.send(LabelledUserRequest(body: body, contentType: contentType))
            #expect(user.id == 5 && user.name == "a+b & c" && user.tags == ["x"], "\(contentType)")
        }
    }

    @Test("an HTML page labelled text/html is a decoding error at byte 0, not a crash or a string")
    func htmlAsHTML() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let page = "<!DOCTYPE html><html><body>Service unavailable</body></html>"
        let error = try #require(await failure(client, LabelledBodyRequest(body: page, contentType: "text/html")))
        guard case .decoding(let parseError) = error.kind else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(parseError.reason == .unexpectedCharacter(UInt8(ascii: "<"), expected: .value))
        #expect(parseError.offset == 0)
        #expect(error.response?.statusCode == 200)
    }

    @Test("text/plain is text even when it holds JSON: no sniffing")
    func jsonAsText() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let body = #"{"id": 5}"#
        #expect(try await client.send(LabelledBodyRequest(body: body, contentType: "text/plain")) == .string(body))
        let error = try #require(await failure(client, LabelledUserRequest(body: body, contentType: "text/plain")))
        guard case .mapping = error.kind else {
            Issue.record("expected a mapping error, got \(error)")
            return
        }
        // A client that knows its server mislabels JSON says so once, by content type.
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.serializers.map("text/plain", to: "application/json")
        let relabelled = HTClient(configuration: configuration)
        #expect(try await relabelled.send(LabelledUserRequest(body: body, contentType: "text/plain")).id == 5)
    }

    @Test("a 30-digit id over the wire keeps its digits: a diagnostic for Int, never a wrapped number")
    func hugeIntegerResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let digits = "123456789012345678901234567890"
        let body = #"{"id": \#(digits), "name": \#(digits)}"#
        let client = HTClient(baseURL: server.baseURL)
        let response = try await client.response(for: LabelledUserRequest(body: body, contentType: "application/json"))
        #expect(response.value.id == nil)
        // The parser keeps the digits: a String field gets them all, an Int field a diagnostic.
        #expect(response.value.name == digits)
        #expect(response.diagnostics.map(\.path.description) == ["id"])
        // A client can also have them as JSON strings.
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        let exact = HTJSONResponseSerializer(options: .init(largeIntegers: .exactText))
        configuration.serializers.register(exact, for: "application/json")
        let exactClient = HTClient(configuration: configuration)
        let user = try await exactClient.send(LabelledUserRequest(body: body, contentType: "application/json"))
        #expect(user.name == digits && user.id == nil)
        // Or refuses them as a located decoding error.
        configuration.serializers.register(
            HTJSONResponseSerializer(options: .init(largeIntegers: .reject)), for: "application/json")
        let strictClient = HTClient(configuration: configuration)
        let error = try #require(
            await failure(strictClient, LabelledUserRequest(body: body, contentType: "application/json")))
        guard case .decoding(let parseError) = error.kind else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(parseError.reason == .integerOutOfRange && parseError.offset == 7)
    }

    @Test("a 100,000-deep JSON response is a decoding error with the depth limit, over the wire")
    func deepResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let bomb = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let error = try #require(await failure(client, EchoedBodyRequest(raw: bomb)))
        guard case .decoding(let parseError) = error.kind else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(parseError.reason == .depthLimitExceeded(512))
        #expect(parseError.offset == 512)
    }
}
