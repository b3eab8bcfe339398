import Foundation

/// A request that may be frozen while offline and sent again later (the original's freeze members of
/// `HTBaseRequest`). Every requirement has a default, so a generated request opts in with an empty
/// extension:
///
/// ```swift
/// extension HTPostCommentRequest: HTFreezableRequest {
///     var freezeExpiryInterval: TimeInterval? { 3600 }
/// }
/// let comment = try await manager.send(HTPostCommentRequest(text: "hi"), via: client)
/// ```
public protocol HTFreezableRequest: HTBaseRequest {
    /// The policy: ``HTFreezePolicyID/none`` sends normally; the default,
    /// ``HTFreezePolicyID/sendFreezeAutomatically``, freezes when offline; any other id names a policy
    /// registered with the manager.
    var freezePolicyID: HTFreezePolicyID { get }
    /// How long a frozen request stays valid, in seconds; `nil` for ever. Default: one day.
    var freezeExpiryInterval: TimeInterval? { get }
    /// Extra data that goes into the freeze key (the original's `freezeSensitiveData`), e.g. a user id,
    /// so that the same call made for two users is kept twice. Default: none.
    var freezeSensitiveData: String? { get }
    /// The freeze key: two requests with the same key are kept once. Default (`nil`): the SHA-256 of the
    /// method, the URL with its query, the body and ``freezeSensitiveData``, each length-prefixed (headers
    /// are not part of it); a request's own ``HTBaseRequest/body`` counts as its content type and bytes, a
    /// multipart body with a boundary made from its parts (the one on the wire is random).
    var freezeKey: String? { get }
}

extension HTFreezableRequest {
    public var freezePolicyID: HTFreezePolicyID { .sendFreezeAutomatically }
    public var freezeExpiryInterval: TimeInterval? { 86_400 }
    public var freezeSensitiveData: String? { nil }
    public var freezeKey: String? { nil }
}
