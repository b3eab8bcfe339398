import Foundation
import HTNetworking
import HTTestRequests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The requests of the runtime's tests that no spec can express; every other request and model the tests
// send is generated from the specs in Tests/HTTestRequests. A `Hand-written:` line above each says why.

// Hand-written: a spec describes each route once; a body test sends one request type to five routes.
/// Where a ``BodyRequest`` goes and how it places its parameters.
protocol BodyRoute: Sendable {
    static var method: HTHTTPMethod { get }
    static var path: String { get }
    static var inQuery: Bool { get }
}

extension BodyRoute {
    static var method: HTHTTPMethod { .post }
    static var inQuery: Bool { false }
}

/// `POST /echo/items/{id}`: the echo of the request as the server saw it.
enum EchoItemRoute: BodyRoute {
    static var path: String { "/echo/items/{id}" }
}

/// `POST /echo/items/{id}` with every parameter in the query (`sendsParametersInQuery`).
enum EchoItemInQueryRoute: BodyRoute {
    static var path: String { "/echo/items/{id}" }
    static var inQuery: Bool { true }
}

/// `POST /upload`: the server parses the multipart body into fields and files.
enum UploadRoute: BodyRoute {
    static var path: String { "/upload" }
}

/// `POST /status/200` with the query `echo_body=1&content_type=...`: the response body is the request's.
enum EchoBackRoute: BodyRoute {
    static var path: String { "/status/200" }
}

/// `POST /idempotent`: applied once per `Idempotency-Key`; the stats keep the first body.
enum IdempotentRoute: BodyRoute {
    static var path: String { "/idempotent" }
}

// Hand-written: a generic route, and a body (raw, file, multipart, stream) chosen per call.
/// A request with a body of its own, parameters, and a route.
struct BodyRequest<Route: BodyRoute>: HTFreezableRequest, HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { Route.method }
    static var path: String { Route.path }
    static var sendsParametersInQuery: Bool { Route.inQuery }

    var parameters: HTJSONObject = [:]
    var body: HTRequestBody?
    var headers: [String: String] = [:]
    var interceptors: [any HTInterceptor] = []
    var mock: HTMockResponse?
    var cachePolicy: HTCachePolicyID? = .noCache
    var freezeExpiryInterval: TimeInterval? { 3_600 }
}

// Hand-written: an error type of the test's own (generated ones come from OpenAPI error responses).
/// What `ErrorDocumentingRequest` documents: the typed error bodies of its error statuses.
enum DocumentedPetError: Error, Sendable, Equatable {
    /// 404 with `{"status", "message"}`.
    case notFound(message: String)
    /// Any 5XX with `{"status", "message"}`.
    case serverError(status: Int, message: String)
}

/// `GET /status/:code` (optionally with a body text); documents 404 and 5XX.
struct ErrorDocumentingRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .get }
    static var path: String { "/status/:code" }
    var code: Int
    var text: String?
    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["code": .integer(Int64(code))]
        if let text { parameters["body"] = .string(text) }
        return parameters
    }

    static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)? {
        guard let message = body["message"]?.stringValue else { return nil }
        switch status {
        case 404: return DocumentedPetError.notFound(message: message)
        case 500...599: return DocumentedPetError.serverError(status: status, message: message)
        default: return nil
        }
    }
}

// Hand-written: `HTNoContent` with a key path; a native spec has no empty response.
/// `<method> /status/:code` whose response has no body type.
struct NoContentRequest: HTBaseRequest, Sendable {
    typealias Response = HTNoContent
    static var method: HTHTTPMethod { .delete }
    static var path: String { "/status/:code" }
    static var responseKeyPath: String? { "data" }
    var code: Int
    var text: String?
    var contentType: String?
    var validator: HTResultValidator?
    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["code": .integer(Int64(code))]
        if let text { parameters["body"] = .string(text) }
        if let contentType { parameters["content_type"] = .string(contentType) }
        return parameters
    }
    var resultValidator: HTResultValidator? { validator }
}

// Hand-written: generated requests never list a header property among their parameters.
/// `PUT /users/:id` with a header property that its `parameters` also lists: the builder must leave it
/// out of the body.
struct HeaderInParametersRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .put
    static let path: String = "/users/:id"
    static let headerPropertyList: [String] = ["token"]
    var id: Int
    var name: String?
    var token: String?
    var parameters: HTJSONObject {
        var p = HTJSONObject()
        p.append("id", id.htJSON)
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

// Hand-written: the generator warns about a segment like `{}{half.json` that names no parameter.
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

// Hand-written: a nested key path; a generated request's payload is under one key at most.
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
