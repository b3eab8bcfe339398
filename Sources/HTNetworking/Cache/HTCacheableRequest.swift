import Foundation

/// The cache settings of a request (the original's `cacheId`, `cacheExpireTimeInterval`,
/// `cacheKeyFilteredRequestParams:`, `cacheSensitiveData` and `cacheKey`). Every requirement has a
/// default, so a generated request opts in with an empty extension and overrides what it needs:
///
/// ```swift
/// extension HTGetUserPhotoListRequest: HTCacheableRequest {
///     var cachePolicy: HTCachePolicyID? { .cacheFirst }
///     var cacheExpiry: TimeInterval? { 3600 }
///     func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject {
///         var filtered = parameters
///         filtered["timestamp"] = nil
///         return filtered
///     }
/// }
/// ```
///
/// Requests that don't conform use the client's defaults (``HTCacheSettings``) and the default key.
public protocol HTCacheableRequest: HTBaseRequest {
    /// The policy, or `nil` for the client's ``HTCacheSettings/defaultPolicy``. Naming one (other than
    /// ``HTCachePolicyID/noCache``) also opts the request in to caching when it carries credentials
    /// (see ``HTCacheSettings/cachesCredentialedResponses``).
    var cachePolicy: HTCachePolicyID? { get }
    /// How long a stored response is served, in seconds, or `nil` for the client's
    /// ``HTCacheSettings/defaultExpiry``. The cache's ``HTResponseCache/maximumAge`` caps it.
    var cacheExpiry: TimeInterval? { get }
    /// The cache version: a stored response with another version is a miss. Raise it when the shape of
    /// the response changes. Default 0.
    var cacheVersion: Int { get }
    /// The parameters that go into the key: drop those that change on every call (`timestamp`, a nonce).
    /// Default: all of them.
    func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject
    /// The request's own headers (``HTBaseRequest/headers``: constant ones and header properties,
    /// credential headers left out, which key the entry by its scope instead) that go into the key: drop
    /// those that change on every call (`X-Request-Id`). Default: all of them.
    func cacheKeyFilteredHeaders(_ headers: [String: String]) -> [String: String]
    /// Extra data that goes into the key: the app version, the signed-in user id, a header value, so a
    /// change of it makes the old entries misses. Default `nil`.
    var cacheSensitiveData: HTJSON? { get }
    /// A key the request computes itself, replacing the default key's request part (the key's text is
    /// then `HTCacheKey/custom` and this string; see <doc:Cache#Keys>); the credentials (or user scope)
    /// still count. Default `nil`.
    var cacheKey: String? { get }
    /// Names the user the response belongs to (an account id), replacing the client's
    /// ``HTCacheSettings/userScope``; when set, it replaces the digest of the request's credentials in
    /// the key, so entries survive a token refresh. Default `nil`.
    var cacheUserScope: String? { get }
}

extension HTCacheableRequest {
    public var cachePolicy: HTCachePolicyID? { nil }
    public var cacheExpiry: TimeInterval? { nil }
    public var cacheVersion: Int { 0 }
    public func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject { parameters }
    public func cacheKeyFilteredHeaders(_ headers: [String: String]) -> [String: String] { headers }
    public var cacheSensitiveData: HTJSON? { nil }
    public var cacheKey: String? { nil }
    public var cacheUserScope: String? { nil }
}
