import Foundation

/// How one send uses the cache, decided before its request is built: the policy, the request's own
/// cache settings and what its key is made of. `nil` (from the initializer) when it does not use the
/// cache.
///
/// A class: the client hands it on while it builds the request, and copying a struct of existentials
/// costs more than one allocation.
final class HTCacheUse {
    let policy: any HTCachePolicy
    /// The request's own ``HTCacheableRequest/cachePolicy``.
    let ownPolicy: HTCachePolicyID?
    /// The request's ``HTCacheableRequest/cacheExpiry``.
    let ownExpiry: TimeInterval?
    /// The request's ``HTCacheableRequest/cacheVersion`` (0 for a request that is not cacheable).
    let version: Int
    let keyInputs: HTCacheKeyInputs

    /// The use of the cache by `request`, whose values are `values`, on a client with `configuration`, in
    /// `role`; `nil` when it uses no policy (``HTCacheExchange/policy(_:own:role:configuration:)`` logs an
    /// unknown one).
    init?<R: HTBaseRequest>(
        _ request: R, values: HTRequestValues, role: HTCacheRole, configuration: borrowing HTClientConfiguration
    ) {
        // One cast (each `as? any HTCacheableRequest` costs hundreds of instructions) and one unwrapping.
        guard let cacheable = request as? any HTCacheableRequest else {
            guard let policy = HTCacheExchange.policy(R.self, own: nil, role: role, configuration: configuration)
            else {
                return nil
            }
            (self.policy, ownPolicy, ownExpiry, version) = (policy, nil, nil, 0)
            keyInputs = HTCacheKeyInputs(request, values: values, cacheable: nil, settings: configuration.cache)
            return
        }
        let ownPolicy = cacheable.cachePolicy
        guard let policy = HTCacheExchange.policy(R.self, own: ownPolicy, role: role, configuration: configuration)
        else {
            return nil
        }
        (self.policy, self.ownPolicy) = (policy, ownPolicy)
        (ownExpiry, version) = (cacheable.cacheExpiry, cacheable.cacheVersion)
        keyInputs = HTCacheKeyInputs(request, values: values, cacheable: cacheable, settings: configuration.cache)
    }
}
