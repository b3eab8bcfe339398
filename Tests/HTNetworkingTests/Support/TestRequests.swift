import Foundation
@_spi(Generated) import HTNetworking

// Hand-written models and requests in the shape the generator emits (see SwiftRenderer).

/// A nested model.
final class NetAddress: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var city: String?
        var zip: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["city", "zip"]
    static let htAccessors: [HTPropertyAccessor<NetAddress>] = [
        HTPropertyAccessor<NetAddress>(
            "city", get: { (model: NetAddress.Storage) -> String? in model.city },
            set: { (model: inout NetAddress.Storage, value: String?) in model.city = value }),
        HTPropertyAccessor<NetAddress>(
            "zip", get: { (model: NetAddress.Storage) -> String? in model.zip },
            set: { (model: inout NetAddress.Storage, value: String?) in model.zip = value }),
    ]
    static let htMapping: HTObjectMapping<NetAddress> = .defaultMapping()
}

/// A user with a nested address.
final class NetUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int?
        var name: String?
        var score: Double?
        var address: NetAddress?
        var tags: [String]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["address": NetAddress.self]
    static let baseTypePropertyList: [String] = ["id", "name", "score", "tags"]
    static let htAccessors: [HTPropertyAccessor<NetUser>] = [
        HTPropertyAccessor<NetUser>(
            "id", get: { (model: NetUser.Storage) -> Int? in model.id },
            set: { (model: inout NetUser.Storage, value: Int?) in model.id = value }),
        HTPropertyAccessor<NetUser>(
            "name", get: { (model: NetUser.Storage) -> String? in model.name },
            set: { (model: inout NetUser.Storage, value: String?) in model.name = value }),
        HTPropertyAccessor<NetUser>(
            "score", get: { (model: NetUser.Storage) -> Double? in model.score },
            set: { (model: inout NetUser.Storage, value: Double?) in model.score = value }),
        HTPropertyAccessor<NetUser>(
            "address", get: { (model: NetUser.Storage) -> NetAddress? in model.address },
            set: { (model: inout NetUser.Storage, value: NetAddress?) in model.address = value }),
        HTPropertyAccessor<NetUser>(
            "tags", get: { (model: NetUser.Storage) -> [String]? in model.tags },
            set: { (model: inout NetUser.Storage, value: [String]?) in model.tags = value }),
    ]
    static let htMapping: HTObjectMapping<NetUser> = .defaultMapping()
}

/// What the loopback server's `/echo` route answers.
final class EchoResult: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var method: String?
        var path: String?
        var query: HTJSON?
        var headers: HTJSON?
        var body: String?
        var json: HTJSON?
        var form: HTJSON?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["method", "path", "query", "headers", "body", "json", "form"]
    static let htAccessors: [HTPropertyAccessor<EchoResult>] = [
        HTPropertyAccessor<EchoResult>(
            "method", get: { (model: EchoResult.Storage) -> String? in model.method },
            set: { (model: inout EchoResult.Storage, value: String?) in model.method = value }),
        HTPropertyAccessor<EchoResult>(
            "path", get: { (model: EchoResult.Storage) -> String? in model.path },
            set: { (model: inout EchoResult.Storage, value: String?) in model.path = value }),
        HTPropertyAccessor<EchoResult>(
            "query", get: { (model: EchoResult.Storage) -> HTJSON? in model.query },
            set: { (model: inout EchoResult.Storage, value: HTJSON?) in model.query = value }),
        HTPropertyAccessor<EchoResult>(
            "headers", get: { (model: EchoResult.Storage) -> HTJSON? in model.headers },
            set: { (model: inout EchoResult.Storage, value: HTJSON?) in model.headers = value }),
        HTPropertyAccessor<EchoResult>(
            "body", get: { (model: EchoResult.Storage) -> String? in model.body },
            set: { (model: inout EchoResult.Storage, value: String?) in model.body = value }),
        HTPropertyAccessor<EchoResult>(
            "json", get: { (model: EchoResult.Storage) -> HTJSON? in model.json },
            set: { (model: inout EchoResult.Storage, value: HTJSON?) in model.json = value }),
        HTPropertyAccessor<EchoResult>(
            "form", get: { (model: EchoResult.Storage) -> HTJSON? in model.form },
            set: { (model: inout EchoResult.Storage, value: HTJSON?) in model.form = value }),
    ]
    static let htMapping: HTObjectMapping<EchoResult> = .defaultMapping()

    /// The value of a request header as the server saw it (the server lower-cases names).
    func header(_ name: String) -> String? {
        guard case .object(let object)? = htStorage.headers, case .string(let value)? = object[name.lowercased()] else {
            return nil
        }
        return value
    }

    /// The values of a query parameter (or form field) as the server saw them.
    static func values(_ name: String, in json: HTJSON?) -> [String]? {
        guard case .object(let object)? = json, case .array(let values)? = object[name] else { return nil }
        return values.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
    }
}

// MARK: - Requests

/// `GET /users/:id`, payload under `data`, a constant and a variable header.
struct GetUserRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .get
    static let path: String = "/users/:id"
    static let responseKeyPath: String? = "data"
    static let headerPropertyList: [String] = ["authorization"]
    var id: Int?
    var verbose: Bool?
    var authorization: String?
    init(id: Int? = nil, verbose: Bool? = nil, authorization: String? = nil) {
        self.id = id
        self.verbose = verbose
        self.authorization = authorization
    }
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = verbose { p.append("verbose", v.htJSON) }
        return p
    }
    var headers: [String: String] {
        var h = ["X-Client": "test"]
        if let v = authorization { h["Authorization"] = v }
        return h
    }
}

/// `GET /search`: every parameter in the query.
struct SearchRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/search"
    var q: String?
    var tags: [String]?
    var page: Int?
    var filter: HTJSON?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = q { p.append("q", v.htJSON) }
        if let v = tags { p.append("tags", v.htJSON) }
        if let v = page { p.append("page", v.htJSON) }
        if let v = filter { p.append("filter", v.htJSON) }
        return p
    }
}

/// `POST /users`: parameters in the body; the encoding can be chosen per request.
struct CreateUserRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .post
    static let path: String = "/users"
    var name: String?
    var age: Int?
    var tags: [String]?
    var address: HTJSON?
    var encoding: HTBodyEncoding?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = name { p.append("name", v.htJSON) }
        if let v = age { p.append("age", v.htJSON) }
        if let v = tags { p.append("tags", v.htJSON) }
        if let v = address { p.append("address", v.htJSON) }
        return p
    }
    var bodyEncoding: HTBodyEncoding? { encoding }
}

/// `DELETE /groups/{groupId}/members/{memberId}`: brace-style path parameters, the rest in the query.
struct RemoveMemberRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .delete
    static let path: String = "/groups/{groupId}/members/{memberId}"
    var groupId: String?
    var memberId: Int?
    var reason: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = groupId { p.append("groupId", v.htJSON) }
        if let v = memberId { p.append("memberId", v.htJSON) }
        if let v = reason { p.append("reason", v.htJSON) }
        return p
    }
}

/// `PUT /users/:id` with a header property that the hand-written `parameters` also lists: the builder
/// must leave it out of the body.
struct UpdateUserRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .put
    static let path: String = "/users/:id"
    static let headerPropertyList: [String] = ["token"]
    var id: Int?
    var name: String?
    var token: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = name { p.append("name", v.htJSON) }
        if let v = token { p.append("token", v.htJSON) }
        return p
    }
    var headers: [String: String] {
        var h: [String: String] = [:]
        if let v = token { h["X-Token"] = v }
        return h
    }
}

/// An absolute URL path with a path parameter.
struct AbsoluteRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "https://files.example.com:8443/v2/items/:itemId"
    var itemId: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = itemId { p.append("itemId", v.htJSON) }
        return p
    }
}

/// A request with its own base URL and timeout.
struct OverrideRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/status"
    var base: URL?
    var seconds: TimeInterval?
    var baseURL: URL? { base }
    var timeout: TimeInterval? { seconds }
}

/// A template whose literal parts hold characters a URL cannot: a space, non-ASCII text, braces that
/// name no parameter (`{}`, an unclosed `{`), and a query with a space and an escape.
struct LiteralPathRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/reports/统计 报告/{}{half.json?view=full list&x=%41"
    var page: Int?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = page { p.append("page", v.htJSON) }
        return p
    }
}

// MARK: Requests against the loopback server

/// `ANY /echo/users/:id`, answered by the loopback server's echo route; mapped from the whole body.
struct EchoUserRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/users/:id"
    static let headerPropertyList: [String] = ["authorization", "traceId"]
    var id: Int?
    var q: String?
    var tags: [String]?
    var authorization: String?
    var traceId: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = q { p.append("q", v.htJSON) }
        if let v = tags { p.append("tags", v.htJSON) }
        return p
    }
    var headers: [String: String] {
        var h = ["X-Client": "ht-tests", "X-Api-Version": "2"]
        if let v = authorization { h["Authorization"] = v }
        if let v = traceId { h["X-Trace-Id"] = v }
        return h
    }
}

/// `POST /echo`: the parameters in the body.
struct EchoPostRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .post
    static let path: String = "/echo"
    var name: String?
    var age: Int?
    var tags: [String]?
    var nested: HTJSON?
    var encoding: HTBodyEncoding?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = name { p.append("name", v.htJSON) }
        if let v = age { p.append("age", v.htJSON) }
        if let v = tags { p.append("tags", v.htJSON) }
        if let v = nested { p.append("nested", v.htJSON) }
        return p
    }
    var bodyEncoding: HTBodyEncoding? { encoding }
}

/// `GET /status/:code` with an optional body text.
struct StatusRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/status/:code"
    var code: Int?
    var body: String?
    var accepted: Set<Int>?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = code { p.append("code", v.htJSON) }
        if let v = body { p.append("body", v.htJSON) }
        return p
    }
    var acceptedStatusCodes: Set<Int>? { accepted }
}

/// `GET /malformed`: a truncated JSON body.
struct MalformedRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .get
    static let path: String = "/malformed"
}

/// `GET /echo` mapped from a key path the echo does not have.
struct MissingKeyPathRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo"
    static let responseKeyPath: String? = "data.user"
}

/// `GET /delay?ms=N`, with an optional timeout of its own.
struct DelayRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .get
    static let path: String = "/delay"
    var ms: Int?
    var seconds: TimeInterval?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = ms { p.append("ms", v.htJSON) }
        return p
    }
    var timeout: TimeInterval? { seconds }
}

/// `GET /redirect?to=PATH&code=N`, mapped from wherever the redirect leads (the echo route).
struct RedirectRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/redirect"
    var to: String?
    var code: Int?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = to { p.append("to", v.htJSON) }
        if let v = code { p.append("code", v.htJSON) }
        return p
    }
}

/// `GET /json?file=NAME`, payload under `data`.
struct FixtureUserRequest: HTBaseRequest, Sendable {
    typealias Response = NetUser
    static let method: HTHTTPMethod = .get
    static let path: String = "/json"
    static let responseKeyPath: String? = "data"
    var file: String?
    var strict: Bool = false
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = file { p.append("file", v.htJSON) }
        return p
    }
    var mappingOptions: HTMappingOptions? { strict ? .strict : nil }
}

/// `GET /json?file=NAME` mapped to an array of users under `data.items`.
struct FixtureUserListRequest: HTBaseRequest, Sendable {
    typealias Response = [NetUser]
    static let method: HTHTTPMethod = .get
    static let path: String = "/json"
    static let responseKeyPath: String? = "data.items"
    var file: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = file { p.append("file", v.htJSON) }
        return p
    }
}

// MARK: Helpers

enum TestSupport {
    /// A fresh temporary directory; the caller removes it.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The query items of a URL, in order.
    static func queryItems(_ url: URL?) -> [URLQueryItem] {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return components.queryItems ?? []
    }

    /// A URL from a literal known to be valid (tests only).
    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw URLError(.badURL) }
        return url
    }
}

/// `PUT /echo/progroups/:id?changecreator`: an NEI path with an action marker; the marker is a fixed
/// query that is always sent, the parameters go in the body.
struct EchoActionMarkerRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .put
    static let path: String = "/echo/progroups/:id?changecreator"
    var id: Int?
    var creator: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = creator { p.append("creator", v.htJSON) }
        return p
    }
}

/// `GET /echo/progroups/{id}?action=move`: a `{name}` parameter and a marker with a value; the other
/// parameters follow the marker in the query.
struct EchoBraceMarkerRequest: HTBaseRequest, Sendable {
    typealias Response = EchoResult
    static let method: HTHTTPMethod = .get
    static let path: String = "/echo/progroups/{id}?action=move"
    var id: String?
    var to: Int?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        if let v = id { p.append("id", v.htJSON) }
        if let v = to { p.append("to", v.htJSON) }
        return p
    }
}
