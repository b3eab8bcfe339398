import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request for one page after the first: the app's request with the paging parameter set, or sent to
/// the `Link` header's next URL; everything else is the app's request's.
struct HTPageRequest<Base: HTBaseRequest & Sendable>: HTBaseRequest, Sendable {
    typealias Response = Base.Response

    static var method: HTHTTPMethod { Base.method }
    static var path: String { Base.path }
    static var responseKeyPath: String? { Base.responseKeyPath }
    static var headerPropertyList: [String] { Base.headerPropertyList }
    static var sendsParametersInQuery: Bool { Base.sendsParametersInQuery }
    static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)? {
        Base.documentedError(status: status, body: body)
    }
    static var securityRequirements: [HTSecurityRequirement]? { Base.securityRequirements }
    static var accept: String? { Base.accept }
    static func statusReading(_ status: Int) -> HTStatusReading<Response>? { Base.statusReading(status) }

    let base: Base
    /// The paging parameter and its value for this page.
    var parameter: (name: String, value: HTJSON)?
    /// The next page's URL from a `Link` header.
    var url: URL?

    var parameters: HTJSONObject {
        var parameters = base.parameters
        if let parameter { parameters[parameter.name] = parameter.value }
        return parameters
    }
    var body: HTRequestBody? { base.body }
    var headers: [String: String] { base.headers }
    var baseURL: URL? { base.baseURL }
    var timeout: TimeInterval? { base.timeout }
    var bodyEncoding: HTBodyEncoding? { base.bodyEncoding }
    var acceptedStatusCodes: Set<Int>? { base.acceptedStatusCodes }
    var mappingOptions: HTMappingOptions? { base.mappingOptions }
    var resultValidator: HTResultValidator? { base.resultValidator }
    var requestType: HTRequestType? { base.requestType }
    var interceptors: [any HTInterceptor] { base.interceptors }
    var mock: HTMockResponse? { base.mock }
    var maximumResponseSize: Int? { base.maximumResponseSize }
    var sharesInFlightCall: Bool { base.sharesInFlightCall }

    func customize(_ request: inout URLRequest) {
        base.customize(&request)
        if let url { request.url = url }
    }
}
