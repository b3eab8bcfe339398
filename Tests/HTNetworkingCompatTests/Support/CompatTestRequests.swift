import Foundation
@_spi(Generated) import HTNetworking

// The few hand-written requests and the model the compatibility tests send to the loopback server
// (`Tests/HTTestSupport/Server/test_server.py`), in the shape the generator emits; copied from
// HTNetworkingTests' TestRequests.swift and SchedulingTestSupport.swift.

/// What the loopback server's `/echo` route answers.
final class EchoResult: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var method: String?
        var path: String?
        var query: HTJSON?
        var json: HTJSON?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["method", "path", "query", "json"]
    static let htAccessors: [HTPropertyAccessor<EchoResult>] = [
        HTPropertyAccessor<EchoResult>("method", \EchoResult.Storage.method),
        HTPropertyAccessor<EchoResult>("path", \EchoResult.Storage.path),
        HTPropertyAccessor<EchoResult>("query", \EchoResult.Storage.query),
        HTPropertyAccessor<EchoResult>("json", \EchoResult.Storage.json),
    ]
    static let htMapping: HTObjectMapping<EchoResult> = .defaultMapping()

    /// The values of a query parameter as the server saw them.
    static func values(_ name: String, in json: HTJSON?) -> [String]? {
        guard case .object(let object)? = json, case .array(let values)? = object[name] else { return nil }
        return values.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
    }
}

/// `ANY /echo/users/:id`, answered by the loopback server's echo route; mapped from the whole body.
struct EchoUserRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/users/:id"
    var id: Int?
    var q: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = q { p.append("q", v.htJSON) }
        return p
    }
}

/// `GET /echo/:id`, with an optional mock of its own.
struct EchoIDRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/:id"
    var id: Int
    var canned: HTMockResponse?

    init(id: Int, canned: HTMockResponse? = nil) {
        self.id = id
        self.canned = canned
    }

    var parameters: HTJSONObject { ["id": id.htJSON] }
    var mock: HTMockResponse? { canned }
}

/// `POST /echo` with parameters taken from a model it holds: a request that is not `Sendable`, as the
/// generator makes for interfaces whose input is a model.
struct SchedEchoModelRequest: HTBaseRequest {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .post
    static let path = "/echo"
    var echo: EchoResult
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let path = echo.path { p.append("path", .string(path)) }
        if let method = echo.method { p.append("method", .string(method)) }
        return p
    }
}

/// `GET /echo` mapped from a key path the echo does not have.
struct MissingKeyPathRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo"
    static let responseKeyPath: String? = "data.user"
}

/// `GET /status/:code` with an optional body text.
struct StatusRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/status/:code"
    var code: Int?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = code { p.append("code", v.htJSON) }
        return p
    }
}

/// `GET /status/:code?body=&content_type=`: the loopback server answers exactly that body, content
/// type and status; a mock of its own when `canned` is set.
struct CannedRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .get }
    static var path: String { "/status/:code" }

    var code: Int = 200
    var body: String?
    var contentType: String?
    var canned: HTMockResponse?

    init(code: Int = 200, body: String? = nil, contentType: String? = nil) {
        self.code = code
        self.body = body
        self.contentType = contentType
    }

    var parameters: HTJSONObject {
        var p = HTJSONObject()
        p.append("code", code.htJSON)
        if let v = body { p.append("body", v.htJSON) }
        if let v = contentType { p.append("content_type", v.htJSON) }
        return p
    }
    var mock: HTMockResponse? { canned }
}

/// `ANY /flaky?key=K&fail=N&status=S`: fails N times with S for key K, then answers `{"attempts": n}`.
struct SchedFlakyRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path = "/flaky"
    var key: String
    var fail: Int = 0
    var status: Int = 503
    var parameters: HTJSONObject {
        ["key": .string(key), "fail": .integer(Int64(fail)), "status": .integer(Int64(status))]
    }
}

/// `GET /counter?key=K`: how many `/flaky` requests the server saw for K.
struct SchedCounterRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path = "/counter"
    var key: String
    var parameters: HTJSONObject { ["key": .string(key)] }
}
