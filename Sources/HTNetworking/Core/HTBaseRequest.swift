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
    /// Whether every parameter that does not fill the path goes into the query string, whatever the
    /// method; the body is then only ``body``. Generated OpenAPI requests say `true`: each parameter
    /// has its place (path, query, header or cookie), and the body is the `requestBody`.
    static var sendsParametersInQuery: Bool { get }

    /// The typed error of a response whose status the request does not accept, from its JSON body: an
    /// OpenAPI operation's documented error responses. The client calls it when the status is not
    /// accepted and the body parses as JSON, and puts what it returns in
    /// ``HTNetworkingError/documentedError`` (the error's kind stays ``HTNetworkingError/Kind/status(code:body:)``).
    /// Return `nil` for a status or a body the request does not document.
    ///
    /// ```swift
    /// enum ErrorResponse: Error, Sendable { case notFound(HTError), other(status: Int, HTError) }
    /// static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)? {
    ///     guard let error = try? HTError.htMap(body) else { return nil }
    ///     return status == 404 ? ErrorResponse.notFound(error) : ErrorResponse.other(status: status, error)
    /// }
    /// ```
    static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)?

    /// The security requirements of the request, any one of which it must meet (an OpenAPI operation's
    /// `security`, else its document's): the client adds the credentials of the first one it has
    /// providers for (``HTClientConfiguration/credentials``). `[]`: the request needs none, and gets
    /// none (``HTBearerTokenInterceptor`` skips it too). `nil` (the default, hand-written, native and NEI
    /// requests): the request does not say; interceptors decide.
    static var securityRequirements: [HTSecurityRequirement]? { get }

    /// The `Accept` header: the media type of the response the request reads (an OpenAPI operation's
    /// documented success media type, `image/png`, `text/csv`). `nil` (the default): `application/json`.
    /// A request that sets it and whose `Response` is `Data` gets the body's bytes as they came; one whose
    /// `Response` is `String`, the body's text in its declared charset (UTF-8 when none); neither is
    /// parsed nor validated. Without it, such a value is mapped from JSON (base64 data, a JSON string).
    static var accept: String? { get }

    /// How a response with an accepted `status` is read, when the request's `Response` depends on the
    /// status (``HTStatusResponse``: a generated OpenAPI request whose success statuses have different
    /// bodies); `nil` (the default for any other `Response`): the body is read as ``accept`` says and
    /// mapped to `Response`. A request whose `Response` is a ``HTStatusResponse`` gets the type's
    /// ``HTStatusResponse/reading(status:)``.
    static func statusReading(_ status: Int) -> HTStatusReading<Response>?

    /// The parameters. Those named in the path fill it; the others go to the query string for GET,
    /// HEAD and DELETE and into the body (per ``bodyEncoding``) for other methods, unless the request
    /// has a ``body`` or ``sendsParametersInQuery`` is `true`: then they all go to the query string.
    var parameters: HTJSONObject { get }
    /// The request's own body, sent whatever the method (`nil`: the parameters make the body, as
    /// ``parameters`` says). With a body, the parameters that do not fill the path go to the query
    /// string, since a request has one body.
    var body: HTRequestBody? { get }
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
    /// Whether a GET may share one network call with identical ones in flight (the same URL and headers,
    /// credentials included, as they reach the transport): each caller still gets its own mapped value,
    /// and cancelling one does not cancel the others. `true` by default (when the client's
    /// ``HTClientConfiguration/sharesInFlightCalls`` is on); `false` for a request that must reach the
    /// server each time it is sent.
    var sharesInFlightCall: Bool { get }

    /// The last step of building the URL request (the original's `customRequest:`): called after the
    /// client set the URL, method, headers, timeout and body, before the interceptors run.
    func customize(_ request: inout URLRequest)
}

/// The defaults: no key path, header properties, parameters, body or headers of its own; parameters in
/// the query string only for GET, HEAD and DELETE; no documented errors or security requirements; the client's base URL,
/// timeout, body encoding, accepted status codes, mapping options, validator and transport; no
/// interceptors, mock or size limit of its own; `customize(_:)` changes nothing.
extension HTBaseRequest {
    public static var responseKeyPath: String? { nil }
    public static var headerPropertyList: [String] { [] }
    public static var sendsParametersInQuery: Bool { false }
    public static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)? { nil }
    public static var securityRequirements: [HTSecurityRequirement]? { nil }
    public static var accept: String? { nil }
    public static func statusReading(_ status: Int) -> HTStatusReading<Response>? { nil }
    public var parameters: HTJSONObject { HTJSONObject() }
    public var body: HTRequestBody? { nil }
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
    public var sharesInFlightCall: Bool { true }
    public func customize(_ request: inout URLRequest) {}
}

/// A request whose `Response` is read by its status reads it as the type says.
extension HTBaseRequest where Response: HTStatusResponse {
    public static func statusReading(_ status: Int) -> HTStatusReading<Response>? { Response.reading(status: status) }
}
