import Foundation

/// What was sent, for error messages and logs: the method and the URL (without headers or body, which
/// may hold secrets).
public struct HTRequestDescription: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The URL, or the path when no URL could be built.
    public var url: String
    /// The request type's name, e.g. `HTGetUserPhotoListRequest`.
    public var requestType: String

    /// Creates a description.
    public init(method: String, url: String, requestType: String) {
        self.method = method
        self.url = url
        self.requestType = requestType
    }

    public var description: String { "\(method) \(url) (\(requestType))" }
}

/// The one error type of the request runtime. Each error says what went wrong and which request it was.
public struct HTNetworkingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The request could not be built (a path parameter without a value, a URL that does not parse).
        case invalidRequest(String)
        /// The transport failed: no connection, a timeout, a reset. `code` is the `URLError` code when
        /// there is one.
        case transport(code: Int?, message: String)
        /// The server answered with a status the request does not accept.
        case status(code: Int, body: Data)
        /// The body is not valid JSON.
        case decoding(HTJSONParseError)
        /// The JSON does not have the shape the request maps to (with the JSON path).
        case mapping(HTMappingError)
        /// The task was cancelled.
        case cancelled
        /// The request was frozen to be sent later (offline), under this identifier.
        case frozen(id: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Which request.
    public var request: HTRequestDescription
    /// The response's status code, when a response came.
    public var statusCode: Int?
    /// The response's header fields, when a response came (e.g. `Retry-After` on a 429 or 503); empty
    /// otherwise.
    public var responseHeaders: [String: String]

    /// Creates an error.
    public init(_ kind: Kind, request: HTRequestDescription, statusCode: Int? = nil, responseHeaders: [String: String] = [:]) {
        self.kind = kind
        self.request = request
        self.statusCode = statusCode
        self.responseHeaders = responseHeaders
    }

    public var description: String {
        switch kind {
        case .invalidRequest(let message):
            return "invalid request \(request): \(message)"
        case .transport(let code, let message):
            return "\(request) failed to send\(code.map { " (code \($0))" } ?? ""): \(message)"
        case .status(let code, let body):
            let preview = String(decoding: body.prefix(200), as: UTF8.self)
            return "\(request) answered status \(code)\(preview.isEmpty ? "" : ": \(preview)")"
        case .decoding(let error):
            return "\(request) returned a body that is not valid JSON: \(error)"
        case .mapping(let error):
            return "\(request): \(error)"
        case .cancelled:
            return "\(request) was cancelled"
        case .frozen(let id):
            return "\(request) was frozen to be sent later (id \(id))"
        }
    }
}
