import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Issue 11, "Numbers": NEI's `Number` is a Swift `Double`; whole values go out as integers (`5`, not
// `5.0`) in JSON bodies, form bodies, query strings and path segments, and the cache key agrees.

/// The inputs every number request has, in the shape the generator emits (`value.htJSON`).
private func numberParameters(id: Double?, offset: Double?, limit: Double?, ratio: Double?, ids: [Double]?)
    -> HTJSONObject
{
    var p = HTJSONObject()
    if let v = id { p.append("id", v.htJSON) }
    if let v = offset { p.append("offset", v.htJSON) }
    if let v = limit { p.append("limit", v.htJSON) }
    if let v = ratio { p.append("ratio", v.htJSON) }
    if let v = ids { p.append("ids", v.htJSON) }
    return p
}

/// `GET /echo/items/:id` with Double inputs: the rest go into the query.
struct NumberQueryRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/items/:id"
    var id: Double? = 5.0
    var offset: Double? = 0.0
    var limit: Double? = 10.0
    var ratio: Double? = 2.5
    var ids: [Double]? = [1.0, 2.5]
    var parameters: HTJSONObject { numberParameters(id: id, offset: offset, limit: limit, ratio: ratio, ids: ids) }
}

/// `POST /echo/items/:id` with Double inputs: the rest go into the body.
struct NumberBodyRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .post
    static let path: String = "/echo/items/:id"
    var id: Double? = 5.0
    var offset: Double? = 0.0
    var limit: Double? = 10.0
    var ratio: Double? = 2.5
    var ids: [Double]? = [1.0, 2.5]
    var encoding: HTBodyEncoding?
    var parameters: HTJSONObject { numberParameters(id: id, offset: offset, limit: limit, ratio: ratio, ids: ids) }
    var bodyEncoding: HTBodyEncoding? { encoding }
}

extension RequestBuilderTests {
    private func numberClient(encoding: HTBodyEncoding = .json) throws -> HTClient {
        let configuration = HTClientConfiguration(
            baseURL: try TestSupport.url("https://api.example.com"), bodyEncoding: encoding)
        return HTClient(configuration: configuration, transport: HTMockTransport())
    }

    @Test("whole Doubles go into the path and query without .0")
    func wholeDoublesInQuery() throws {
        let request = try numberClient().urlRequest(for: NumberQueryRequest())
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/echo/items/5?offset=0&limit=10&ratio=2.5&ids=1&ids=2.5")
    }

    @Test("whole Doubles go into JSON and form bodies without .0")
    func wholeDoublesInBodies() throws {
        let json = try numberClient().urlRequest(for: NumberBodyRequest())
        #expect(json.url?.absoluteString == "https://api.example.com/echo/items/5")
        #expect(
            json.httpBody.map { String(decoding: $0, as: UTF8.self) }
                == #"{"offset":0,"limit":10,"ratio":2.5,"ids":[1,2.5]}"#)
        let form = try numberClient(encoding: .form).urlRequest(for: NumberBodyRequest())
        #expect(
            form.httpBody.map { String(decoding: $0, as: UTF8.self) } == "offset=0&limit=10&ratio=2.5&ids=1&ids=2.5")
    }

    @Test("large, tiny and negative zero Doubles in the query")
    func edgeDoublesInQuery() throws {
        var request = NumberQueryRequest()
        request.offset = -0.0
        request.limit = 1e16
        request.ratio = 1e-7
        request.ids = [9_007_199_254_740_992, 9_007_199_254_740_994]
        let url = try numberClient().urlRequest(for: request).url?.absoluteString
        #expect(
            url
                == "https://api.example.com/echo/items/5?offset=0&limit=1e%2B16&ratio=1e-07&ids=9007199254740992&ids=9.007199254740994e%2B15"
        )
    }

    @Test("NaN and infinity are left out of the query and form like null, and are null in JSON")
    func nonFiniteDoubles() throws {
        var query = NumberQueryRequest()
        query.offset = .nan
        query.limit = .infinity
        #expect(
            try numberClient().urlRequest(for: query).url?.absoluteString
                == "https://api.example.com/echo/items/5?ratio=2.5&ids=1&ids=2.5")
        var body = NumberBodyRequest()
        body.offset = .nan
        body.limit = -.infinity
        body.encoding = .form
        #expect(
            try numberClient().urlRequest(for: body).httpBody.map { String(decoding: $0, as: UTF8.self) }
                == "ratio=2.5&ids=1&ids=2.5")
        body.encoding = .json
        #expect(
            try numberClient().urlRequest(for: body).httpBody.map { String(decoding: $0, as: UTF8.self) }
                == #"{"offset":null,"limit":null,"ratio":2.5,"ids":[1,2.5]}"#)
    }

    @Test("a NaN path parameter is an invalid request, not a request to another path")
    func nonFinitePathParameter() throws {
        var request = NumberQueryRequest()
        request.id = .nan
        #expect(throws: HTNetworkingError.self) { try self.numberClient().urlRequest(for: request) }
    }
}

/// The numbers as the loopback server (`Server/test_server.py`) receives them.
@Suite("Numbers against the loopback server", .timeLimit(.minutes(3)))
struct NumberLoopbackTests {
    private func client(_ server: LoopbackServer, encoding: HTBodyEncoding = .json) -> HTClient {
        HTClient(configuration: HTClientConfiguration(baseURL: server.baseURL, bodyEncoding: encoding))
    }

    @Test("5.0, 0.0, 10.0 and 2.5 arrive as 5, 0, 10 and 2.5 in the path and query")
    func query() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await client(server).send(NumberQueryRequest())
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/items/5")
        #expect(EchoResult.values("offset", in: echo.query) == ["0"])
        #expect(EchoResult.values("limit", in: echo.query) == ["10"])
        #expect(EchoResult.values("ratio", in: echo.query) == ["2.5"])
        #expect(EchoResult.values("ids", in: echo.query) == ["1", "2.5"])
        #expect(echo.body == "")
    }

    @Test("5.0, 0.0, 10.0 and 2.5 arrive as 5, 0, 10 and 2.5 in a JSON body")
    func jsonBody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await client(server).send(NumberBodyRequest())
        #expect(echo.path == "/echo/items/5")
        #expect(echo.header("Content-Type") == "application/json; charset=utf-8")
        #expect(echo.body == #"{"offset":0,"limit":10,"ratio":2.5,"ids":[1,2.5]}"#)
        #expect(echo.json == ["offset": 0, "limit": 10, "ratio": 2.5, "ids": [1, 2.5]])
    }

    @Test("5.0, 0.0, 10.0 and 2.5 arrive as 5, 0, 10 and 2.5 in a form body")
    func formBody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await client(server, encoding: .form).send(NumberBodyRequest())
        #expect(echo.path == "/echo/items/5")
        #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(echo.body == "offset=0&limit=10&ratio=2.5&ids=1&ids=2.5")
        #expect(EchoResult.values("limit", in: echo.form) == ["10"])
    }

    @Test("a model's Double mapped from 3 is sent back as 3")
    func modelRoundTrip() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let user = try NetUser.htMap(try HTJSON(parsing: #"{"id": 1, "name": "Ada", "score": 3}"#))
        #expect(user.score == 3)
        let echo = try await client(server).send(EchoPostRequest(nested: user.htJSON))
        #expect(echo.body == #"{"nested":{"id":1,"name":"Ada","score":3}}"#)
        #expect(user.htJSONString() == #"{"id":1,"name":"Ada","score":3}"#)
    }
}
