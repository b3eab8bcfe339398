import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Requests of the request-body suites (RequestBodyTests, RequestBodyUnitTests, FrozenBodyTests): a
// request's own `body`, `sendsParametersInQuery`, documented errors and `HTNoContent`.

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

/// Records every URL request that passes through it.
struct RecordingInterceptor: HTInterceptor {
    let seen = Recorded<URLRequest>()
    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        seen.append(request)
        return try await next(request)
    }
}

/// The parts of a `multipart/form-data` body, read back for tests (an independent reader, not the
/// runtime's).
struct ParsedPart: Equatable {
    var headers: [String]
    var content: Data
}

func parseMultipart(_ body: Data, contentType: String?) -> [ParsedPart]? {
    guard let contentType, contentType.hasPrefix("multipart/form-data; boundary=") else { return nil }
    let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
    let text = [UInt8](body)
    let delimiter = Array("--\(boundary)".utf8)
    let crlf: [UInt8] = [13, 10]
    var pieces: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    // Split on "--boundary" occurrences.
    while index < text.count {
        if text.count - index >= delimiter.count, Array(text[index..<(index + delimiter.count)]) == delimiter {
            pieces.append(current)
            current = []
            index += delimiter.count
        } else {
            current.append(text[index])
            index += 1
        }
    }
    pieces.append(current)
    // pieces[0] is the preamble (empty), the last is "--\r\n"; each part is "\r\n<headers>\r\n\r\n<content>\r\n".
    guard pieces.count >= 2, pieces[0].isEmpty, pieces.last == Array("--\r\n".utf8) else { return nil }
    var parts: [ParsedPart] = []
    for piece in pieces.dropFirst().dropLast() {
        guard piece.count >= 4, Array(piece.prefix(2)) == crlf, Array(piece.suffix(2)) == crlf else { return nil }
        let inner = Array(piece.dropFirst(2).dropLast(2))
        let separator = Array("\r\n\r\n".utf8)
        guard let split = (0...(inner.count - 4)).first(where: { Array(inner[$0..<($0 + 4)]) == separator }) else {
            return nil
        }
        let headers = String(decoding: inner[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        parts.append(ParsedPart(headers: headers, content: Data(inner[(split + 4)...])))
    }
    return parts
}
