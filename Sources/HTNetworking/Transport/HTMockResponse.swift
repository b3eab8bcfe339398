import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A canned answer for mocking (the original's `mockResponseObject`, `mockResponseString`,
/// `mockJsonFilePath`, `mockError` and `mockResponse`): a response, or a transport failure.
///
/// A request carries its own in ``HTBaseRequest/mock``; an ``HTMockTransport`` holds them by route or
/// computes them in its handler.
///
/// ```swift
/// .json(["code": 0, "data": ["name": "Ada"]])   // an object
/// .json(#"{"code": 0}"#)                        // JSON text
/// .text("pong")                                  // plain text
/// .file(bundleURL.appending(path: "user.json"))  // a file's bytes
/// .status(503)                                   // a status with a small JSON body
/// .failure(.notConnectedToInternet)              // a transport error
/// ```
public struct HTMockResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// When set, the answer is this transport failure instead of a response.
    public var failure: URLError?
    /// How long to wait before answering, in seconds (cancelling the task ends the wait).
    public var delay: TimeInterval

    /// Creates a response.
    public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.failure = nil
        self.delay = delay
    }

    /// A JSON response from its text.
    public static func json(_ text: String, statusCode: Int = 200) -> HTMockResponse {
        HTMockResponse(statusCode: statusCode, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A JSON response from a value (the original's mock object).
    public static func json(_ value: HTJSON, statusCode: Int = 200) -> HTMockResponse {
        HTMockResponse(
            statusCode: statusCode, headers: ["Content-Type": "application/json"], body: value.serializedData())
    }

    /// A text response (the original's mock string).
    public static func text(_ text: String, statusCode: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> HTMockResponse
    {
        HTMockResponse(statusCode: statusCode, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }

    /// A file's bytes, read now (the original's mock JSON file path). The content type comes from the
    /// extension (`.json`, `.xml`, `.txt`, otherwise `application/octet-stream`). A file that can't be
    /// read gives a 404 whose JSON body names it.
    public static func file(_ url: URL, statusCode: Int = 200) -> HTMockResponse {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let message: HTJSON = ["error": "mock file not found", "file": .string(url.path)]
            return .json(message, statusCode: 404)
        }
        let contentType: String
        switch url.pathExtension.lowercased() {
        case "json": contentType = "application/json"
        case "xml": contentType = "application/xml"
        case "txt", "text": contentType = "text/plain; charset=utf-8"
        case "html", "htm": contentType = "text/html; charset=utf-8"
        default: contentType = "application/octet-stream"
        }
        return HTMockResponse(statusCode: statusCode, headers: ["Content-Type": contentType], body: data)
    }

    /// A status with the body `{"status": code}` (or `body` as text when given).
    public static func status(_ code: Int, body: String? = nil) -> HTMockResponse {
        if let body { return .text(body, statusCode: code) }
        return .json(["status": .integer(Int64(code))], statusCode: code)
    }

    /// A transport failure with a `URLError` code (the original's mock error): the request fails with
    /// ``HTNetworkingError/Kind/transport(code:message:)`` carrying that code.
    public static func failure(_ code: URLError.Code) -> HTMockResponse {
        var response = HTMockResponse(statusCode: 0)
        response.failure = URLError(code)
        return response
    }

    /// The same answer after `seconds`.
    public func delayed(by seconds: TimeInterval) -> HTMockResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// Waits for the delay, then returns the response for `request` or throws the failure.
    func answer(for request: URLRequest) async throws -> HTTransportResponse {
        if delay > 0 {
            try await Task.sleep(nanoseconds: UInt64(min(delay, 86_400) * 1_000_000_000))
        }
        try Task.checkCancellation()
        if let failure { throw failure }
        return HTTransportResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
    }
}
