import Foundation

/// The typed response headers of a request: what a generated OpenAPI request's nested `ResponseHeaders`
/// struct conforms to, with a property per header its success responses document (`Retry-After: Int`,
/// `Location: URL`, `ETag: String`).
///
/// ```swift
/// let response = try await client.response(for: CommitUploadRequest(sessionID: id))
/// let headers = CommitUploadRequest.ResponseHeaders(response)
/// if let seconds = headers.retryAfter { try await Task.sleep(for: .seconds(seconds)) }
/// ```
///
/// A header the response does not carry, or whose value does not convert, is `nil`.
public protocol HTResponseHeaderFields: Sendable {
    /// The headers of `response`.
    init(_ response: HTTransportResponse)
}

extension HTResponseHeaderFields {
    /// The headers of a mapped response.
    public init<Value>(_ response: HTResponse<Value>) {
        self.init(response.raw)
    }
}

extension HTTransportResponse {
    /// The value of the header field `name` (whatever the case of its name) as `T`, or `nil` when the
    /// response has no such field or its value does not convert.
    ///
    /// The text converts as a JSON string would in lenient mapping (`"42"` to `Int`, a URL, an enum
    /// constant); a `Date` is an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`) or what a JSON date string may
    /// be; an array is the field's comma-separated list (`Allow: GET, HEAD`).
    public func header<T: HTJSONValueConvertible>(_ name: String, as _: T.Type) -> T? {
        guard let text = header(name) else { return nil }
        if T.self == Date.self, let date = HTHTTPDate.parse(text), let value = date as? T { return value }
        var context = HTMappingContext()
        if let value = T.htDecode(.string(text), context: &context) { return value }
        let items = text.split(separator: ",").map { HTJSON.string($0.trimmingCharacters(in: .whitespaces)) }
        var listContext = HTMappingContext()
        return T.htDecode(.array(items), context: &listContext)
    }
}
