import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request: what generated request structs conform to (the original's `HTBaseRequest`).
///
/// The static members describe the interface (method, path, where the payload is in the response);
/// the instance members carry one call's values. Everything beyond the generated members has a
/// default and can be overridden in an extension of a generated request or in a hand-written one:
///
/// ```swift
/// extension HTGetArticleRequest {
///     var timeout: TimeInterval? { 5 }
///     var resultValidator: HTResultValidator? { .envelope(successCodes: [0, 304]) }
///     func customize(_ request: inout URLRequest) { request.setValue("v2", forHTTPHeaderField: "X-API") }
/// }
/// ```
///
/// Unlike the original, headers and the timeout always apply, whatever other features are on.
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
    /// The timeout in seconds, replacing the client's: the longest the whole request may take.
    var timeout: TimeInterval? { get }
    /// How the body is encoded, replacing the client's choice.
    var bodyEncoding: HTBodyEncoding? { get }
    /// The status codes whose responses are mapped; others fail with a status error.
    var acceptedStatusCodes: Set<Int>? { get }
    /// How strictly the response is mapped, replacing the client's options.
    var mappingOptions: HTMappingOptions? { get }
    /// Decides whether a response with an accepted status is a success, replacing the client's
    /// validator (return ``HTResultValidator/acceptAll`` to skip the client's).
    var resultValidator: HTResultValidator? { get }
    /// The transport type this request goes through (``HTClientConfiguration/transports``); `nil` for
    /// the client's transport.
    var requestType: HTRequestType? { get }
    /// Interceptors for this request only; they run after the client's.
    var interceptors: [any HTInterceptor] { get }
    /// The canned answer used when the client's mocking is on (``HTClient/mockMode``).
    var mock: HTMockResponse? { get }
    /// The most bytes of response body this request may receive, replacing the client's
    /// ``HTClientConfiguration/maximumResponseSize`` (`Int.max` for no limit).
    var maximumResponseSize: Int? { get }

    /// The last step of building the URL request (the original's `customRequest:`): called after the
    /// client set the URL, method, headers, timeout and body, before the interceptors run.
    func customize(_ request: inout URLRequest)
}

/// The defaults: no key path, header properties, parameters or headers of its own; the client's base
/// URL, timeout, body encoding, accepted status codes, mapping options, validator and transport; no
/// interceptors, mock or size limit of its own; `customize(_:)` changes nothing.
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
    public var resultValidator: HTResultValidator? { nil }
    public var requestType: HTRequestType? { nil }
    public var interceptors: [any HTInterceptor] { [] }
    public var mock: HTMockResponse? { nil }
    public var maximumResponseSize: Int? { nil }
    public func customize(_ request: inout URLRequest) {}
}
