import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A generated request sent with values of its own for the members an app overrides in an extension
/// of a generated request (``HTBaseRequest``'s "Overriding the client's settings"): a timeout, a base
/// URL, a body encoding, ..., headers and `customize(_:)`.
///
/// An app overrides them once per request type (`extension DelayRequest { var timeout: ... { 5 } }`);
/// tests need another value in each test, so they wrap the request instead:
///
/// ```swift
/// try await client.send(Customized(DelayRequest(ms: 5000), timeout: 0.4))
/// ```
///
/// Everything else (the route, parameters, body) is the wrapped request's; its type name in errors and
/// logs is `Customized<DelayRequest>`.
package struct Customized<Base: HTBaseRequest & Sendable>: HTBaseRequest, Sendable {
    package typealias Response = Base.Response

    /// The request that is sent.
    package var base: Base
    package var baseURL: URL?
    package var timeout: TimeInterval?
    package var bodyEncoding: HTBodyEncoding?
    package var acceptedStatusCodes: Set<Int>?
    package var mappingOptions: HTMappingOptions?
    package var resultValidator: HTResultValidator?
    package var requestType: HTRequestType?
    package var interceptors: [any HTInterceptor]
    package var mock: HTMockResponse?
    package var maximumResponseSize: Int?
    /// The headers sent in place of the request's own, if any.
    package var headerOverride: [String: String]?
    /// What `customize(_:)` does after the request's own `customize(_:)`.
    package var customizing: (@Sendable (inout URLRequest) -> Void)?

    /// `base`, with each value given here in place of its own.
    package init(
        _ base: Base, baseURL: URL? = nil, timeout: TimeInterval? = nil, bodyEncoding: HTBodyEncoding? = nil,
        acceptedStatusCodes: Set<Int>? = nil, mappingOptions: HTMappingOptions? = nil,
        resultValidator: HTResultValidator? = nil, requestType: HTRequestType? = nil,
        interceptors: [any HTInterceptor]? = nil, mock: HTMockResponse? = nil, maximumResponseSize: Int? = nil,
        headers: [String: String]? = nil, customizing: (@Sendable (inout URLRequest) -> Void)? = nil
    ) {
        self.base = base
        self.baseURL = baseURL ?? base.baseURL
        self.timeout = timeout ?? base.timeout
        self.bodyEncoding = bodyEncoding ?? base.bodyEncoding
        self.acceptedStatusCodes = acceptedStatusCodes ?? base.acceptedStatusCodes
        self.mappingOptions = mappingOptions ?? base.mappingOptions
        self.resultValidator = resultValidator ?? base.resultValidator
        self.requestType = requestType ?? base.requestType
        self.interceptors = interceptors ?? base.interceptors
        self.mock = mock ?? base.mock
        self.maximumResponseSize = maximumResponseSize ?? base.maximumResponseSize
        self.headerOverride = headers
        self.customizing = customizing
    }

    package static var method: HTHTTPMethod { Base.method }
    package static var path: String { Base.path }
    package static var responseKeyPath: String? { Base.responseKeyPath }
    package static var headerPropertyList: [String] { Base.headerPropertyList }
    package static var sendsParametersInQuery: Bool { Base.sendsParametersInQuery }
    package static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)? {
        Base.documentedError(status: status, body: body)
    }

    package var parameters: HTJSONObject { base.parameters }
    package var body: HTRequestBody? { base.body }
    package var headers: [String: String] { headerOverride ?? base.headers }
    package func customize(_ request: inout URLRequest) {
        base.customize(&request)
        customizing?(&request)
    }
}
