import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// Issue #38, part 2: a success body that is not JSON is read as the document says (`Data` for a
/// picture, `String` for text), with an `Accept` header of its media type (`Specs/media.openapi.yaml`).
@Suite struct MediaBodyTests {
    @Test func aPictureIsItsBytesAndAReportItsText() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        // Bytes that are no JSON (nor UTF-8 text) arrive as they are.
        let picture = HTGetMediaPictureRequest(body: "\u{89}PNG{not json", contentType: "image/png")
        #expect(try client.urlRequest(for: picture).value(forHTTPHeaderField: "Accept") == "image/png")
        let bytes: Data = try await client.send(picture)
        #expect(bytes == Data("\u{89}PNG{not json".utf8))
        let report = HTGetMediaReportRequest(body: "a,b\n1,\"x\"\n", contentType: "text/csv; charset=utf-8")
        #expect(try client.urlRequest(for: report).value(forHTTPHeaderField: "Accept") == "text/csv")
        let text: String = try await client.send(report)
        #expect(text == "a,b\n1,\"x\"\n")
        // Text in a declared charset other than UTF-8 is decoded in it.
        let latin = HTGetMediaReportRequest(body: "café", contentType: "text/csv; charset=iso-8859-1")
        let raw = try await client.rawResponse(for: latin)
        #expect(raw.body == Data("café".utf8))
        let decoded: String = try await client.send(latin)
        #expect(decoded == "cafÃ©")
    }

    /// Issue #38, part 5: a server's variables are filled by a function whose `enum` variables take
    /// only the listed values, and an operation's own server is its base URL.
    @Test func serverVariablesAndAnOperationsOwnServer() throws {
        #expect(HTMediaServers.default == "http://127.0.0.1:8080/v1")
        #expect(HTMediaServers.server1() == HTMediaServers.default)
        #expect(HTMediaServers.server1(host: .localhost, port: "81", version: "2") == "http://localhost:81/v2")
        #expect(HTMediaServers.Server1Host.allCases.map(\.rawValue) == ["127.0.0.1", "localhost"])
        let client = HTClient(baseURL: try #require(URL(string: "http://127.0.0.1:1/api")))
        let request = try client.urlRequest(for: HTGetMediaElsewhereRequest())
        #expect(request.url?.absoluteString == "http://localhost:9/echo/elsewhere")
    }

    /// Without an `accept` of its own, a `String` response is mapped from JSON, as before.
    @Test func aStringResponseWithoutItsOwnAcceptIsMappedFromJSON() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        #expect(try await client.send(QuotedText(body: #""abc""#)) == "abc")
        #expect(try await client.send(AcceptedText(body: #""abc""#)) == #""abc""#)
    }
}

/// `GET /status/200` answering `body` as JSON, read as a `String`.
private struct QuotedText: HTBaseRequest {
    typealias Response = String
    static var method: HTHTTPMethod { .get }
    static var path: String { "/status/200" }
    var body: String
    var parameters: HTJSONObject { ["body": .string(body), "content_type": "application/json"] }
}

/// ``QuotedText`` with an `accept` of its own: the body's text as it came.
private struct AcceptedText: HTBaseRequest {
    typealias Response = String
    static var method: HTHTTPMethod { .get }
    static var path: String { "/status/200" }
    static var accept: String? { "application/json" }
    var body: String
    var parameters: HTJSONObject { ["body": .string(body), "content_type": "application/json"] }
}
