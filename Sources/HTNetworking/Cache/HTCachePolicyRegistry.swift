import Foundation

/// The policies of one ``HTResponseCache`` by identifier (the original's `HTCachePolicyManager`), with
/// the three built-in ones registered.
final class HTCachePolicyRegistry: Sendable {
    private let policies = HTLocked<[HTCachePolicyID: any HTCachePolicy]>([
        .noCache: HTNoCachePolicy(),
        .cacheFirst: HTCacheFirstPolicy(),
        .writeOnly: HTWriteOnlyPolicy(),
    ])

    func register(_ policy: any HTCachePolicy, for id: HTCachePolicyID) {
        policies.withLock { $0[id] = policy }
    }

    func unregister(_ id: HTCachePolicyID) {
        policies.withLock { $0[id] = nil }
    }

    func policy(for id: HTCachePolicyID) -> (any HTCachePolicy)? {
        policies.withLock { $0[id] }
    }
}
