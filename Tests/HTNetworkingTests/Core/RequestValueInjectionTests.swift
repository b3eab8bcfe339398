import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /echo/query` with the given parameters, which all go into the query string.
struct EchoQueryRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/query"
    var values: HTJSONObject
    var parameters: HTJSONObject { values }
}

/// `POST /echo/body` with the given parameters in the body, form or JSON encoded.
struct EchoBodyRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .post
    static let path: String = "/echo/body"
    var values: HTJSONObject
    var encoding: HTBodyEncoding
    var parameters: HTJSONObject { values }
    var bodyEncoding: HTBodyEncoding? { encoding }
}

/// Issue 13, "injection from request values": a query or form value is one value, whatever it holds.
/// The loopback server parses what arrives with Python's `parse_qs` (which reads `+` as a space) and
/// echoes it back, so every value must come back exactly as it was sent.
@Suite("Request values round-trip exactly", .timeLimit(.minutes(3)))
struct RequestValueInjectionTests {
    /// Values that mean something in a query string or form body, or that encoders get wrong.
    static let hostile: [String] = [
        "a&b=c", "x=y", "1+1=2", "+", " + ", "a b", "  spaces  ", "100%", "%41", "%2B", "%%", "%zz",
        "#frag", "a#b?c/d", "?", "&", "=", "&&==", ";", "a;b=c", "名字", "émoji 😀", "\u{0}", "tab\there",
        "line\r\nbreak", "\"quoted\"", "'single'", "<tag>", "back\\slash", "",
    ]

    /// The parameters: one per value (keys are hostile too), and one array of all of them.
    static var parameters: HTJSONObject {
        var object = HTJSONObject()
        for (index, value) in hostile.enumerated() {
            object.append("k\(index) \(value)", .string(value))
        }
        object.append("all[]", .array(hostile.map { .string($0) }))
        return object
    }

    func expectRoundTrip(_ parsed: HTJSON?, _ label: String) {
        for (index, value) in Self.hostile.enumerated() {
            let key = "k\(index) \(value)"
            #expect(EchoResult.values(key, in: parsed) == [value], "\(label): \(key.debugDescription)")
        }
        #expect(EchoResult.values("all[]", in: parsed) == Self.hostile, "\(label): all[]")
        // Nothing else arrived: no value was split into extra parameters.
        #expect(parsed?.objectValue?.count == Self.hostile.count + 1, "\(label)")
    }

    @Test("query values with & = + % # spaces and non-ASCII arrive as sent")
    func queryValues() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let echo = try await client.send(EchoQueryRequest(values: Self.parameters))
        #expect(echo.path == "/echo/query")
        expectRoundTrip(echo.query, "query")
        #expect(echo.body == "")
    }

    @Test("form body values with & = + % # spaces and non-ASCII arrive as sent")
    func formValues() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let echo = try await client.send(EchoBodyRequest(values: Self.parameters, encoding: .form))
        #expect(echo.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
        expectRoundTrip(echo.form, "form")
        #expect(echo.query == .object([:]))
        // `+` and space are never written literally, so no reader can confuse them.
        let body = try #require(echo.body)
        #expect(!body.contains("+") && !body.contains(" ") && !body.contains("#"))
    }

    @Test("JSON body values arrive as sent")
    func jsonValues() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let echo = try await client.send(EchoBodyRequest(values: Self.parameters, encoding: .json))
        #expect(echo.json == .object(Self.parameters))
    }
}
