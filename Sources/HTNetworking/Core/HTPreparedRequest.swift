import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything the client takes from a request value before sending it: built synchronously, so the
/// request value itself never crosses into the tasks that send it.
package struct HTPreparedRequest<Request: HTBaseRequest>: Sendable {
    /// The URL request after the request's ``HTBaseRequest/customize(_:)``.
    var urlRequest: URLRequest
    var description: HTRequestDescription
    /// How the response is checked and mapped: the request's settings, else the client's.
    var rules: HTResponseMapper.Rules
    /// The client's credential step (``HTCredentialStep``), its interceptors and the request's.
    var interceptors: [any HTInterceptor]
    /// The request's ``HTBaseRequest/securityRequirements``, which interceptors see in their context.
    var securityRequirements: [HTSecurityRequirement]?
    /// The credentials the request declares itself, which go with it to any origin.
    var ownCredentials: HTOwnCredentials
    var mock: HTMockResponse?
    var requestType: HTRequestType?
    /// The transport for the request's type, or the client's.
    var transport: any HTTransport
    var timeout: TimeInterval
    /// The size limit and redirect policy the transport applies.
    var transportOptions: HTTransportOptions
    /// The request's key and policy in the response cache, which ``HTCacheStep`` uses; `nil` when the
    /// request is sent or mapped without the cache.
    var cache: HTCacheExchange?
    /// Whether the request may share a network call with identical GETs in flight (``HTSharedCalls``):
    /// its ``HTBaseRequest/sharesInFlightCall``, on a client that shares them.
    var sharesCall: Bool
    /// Whether ``urlRequest`` is the URL request the builder made, unchanged by
    /// ``HTBaseRequest/customize(_:)`` (``HTURLRequestIdentity``).
    var isAsBuilt: Bool
}
