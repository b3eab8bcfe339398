import Foundation

/// A request: what generated request structs conform to (the original's `HTBaseRequest`).
///
/// The static members describe the interface (method, path, where the payload is in the response);
/// the instance members carry one call's values. Everything beyond the generated members has a
/// default and can be overridden in an extension of a generated request or in a hand-written one.
public protocol HTBaseRequest: SendableMetatype {
    /// What the response maps to: a model, an array of models, or ``HTJSON`` for unmapped responses.
    associatedtype Response: HTJSONValueConvertible

    /// The HTTP method.
    static var method: HTHTTPMethod { get }
    /// The path relative to the base URL (`/users/:userName/photos`; `:name` and `{name}` segments are
    /// filled from the parameters), or an absolute URL.
    static var path: String { get }
    /// Where the payload is in the response body (`data`, `result.items`), or `nil` for the whole body.
    static var responseKeyPath: String? { get }
    /// The properties that are headers; they are never sent as parameters.
    static var headerPropertyList: [String] { get }

    /// The parameters: the query string for GET, HEAD and DELETE, the body otherwise.
    var parameters: HTJSONObject { get }
    /// The request's own headers; they replace client defaults of the same name.
    var headers: [String: String] { get }

    /// A base URL that replaces the client's for this request.
    var baseURL: URL? { get }
    /// The timeout in seconds, replacing the client's.
    var timeout: TimeInterval? { get }
    /// How the body is encoded, replacing the client's choice.
    var bodyEncoding: HTBodyEncoding? { get }
    /// The status codes whose responses are mapped; others fail with a status error.
    var acceptedStatusCodes: Set<Int>? { get }
    /// How strictly the response is mapped, replacing the client's options.
    var mappingOptions: HTMappingOptions? { get }
}

extension HTBaseRequest {
    public static var responseKeyPath: String? { nil }
    public static var headerPropertyList: [String] { [] }
    public var parameters: HTJSONObject { HTJSONObject() }
    public var headers: [String: String] { [:] }
    public var baseURL: URL? { nil }
    public var timeout: TimeInterval? { nil }
    public var bodyEncoding: HTBodyEncoding? { nil }
    public var acceptedStatusCodes: Set<Int>? { nil }
    public var mappingOptions: HTMappingOptions? { nil }
}
