import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The parts of a request's cache key that depend only on what was read from the request
/// (``HTCacheKeyInputs``), worked out once for those values and kept by the client's built-request
/// memo (``HTBuiltRequestMemo``) beside the URL request they built. A class, so that each send shares
/// them instead of copying their strings and sets.
final class HTCacheKeyParts: Sendable {
    /// The key's lines before `sent:` (``HTCacheKeyInputs/requestPart(_:)``).
    let requestPart: String
    /// ``HTCacheKeyInputs/ownParameters``.
    let ownParameters: Set<String>
    /// ``HTCacheKeyInputs/userScope``.
    let userScope: String?
    /// The key of the built URL request itself, sent as it is and with no ambient credentials: the
    /// lookup of a request that nothing changed after it was built (no `customize(_:)` change, no
    /// interceptor), which is most of them; `nil` when the request did not build.
    let asBuilt: HTCacheResolvedKey?

    /// The parts for `inputs`, whose request built `builtRequest`, on a client with `configuration`.
    init(
        _ inputs: HTCacheKeyInputs, builtRequest: URLRequest?, configuration: borrowing HTClientConfiguration
    ) {
        let (requestPart, ownParameters, userScope) =
            (inputs.requestPart(configuration), inputs.ownParameters, inputs.userScope)
        (self.requestPart, self.ownParameters, self.userScope) = (requestPart, ownParameters, userScope)
        if let builtRequest {
            asBuilt = HTCacheResolvedKey(
                builtRequest, ambient: [:], requestPart: requestPart, built: builtRequest.url,
                ownParameters: ownParameters, userScope: userScope, settings: configuration.cache)
        } else {
            asBuilt = nil
        }
    }
}
