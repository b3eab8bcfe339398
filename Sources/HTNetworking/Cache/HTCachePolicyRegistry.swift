import Foundation

/// The policies of one ``HTResponseCache`` by identifier (the original's `HTCachePolicyManager`), with
/// the three built-in ones registered.
final class HTCachePolicyRegistry: @unchecked Sendable {
    // @unchecked Sendable, safety: `policies` is read and written only while holding `lock`; the stored
    // policies are themselves Sendable.
    private let lock = NSLock()
    private var policies: [HTCachePolicyID: any HTCachePolicy] = [
        .noCache: HTNoCachePolicy(),
        .cacheFirst: HTCacheFirstPolicy(),
        .writeOnly: HTWriteOnlyPolicy(),
    ]

    func register(_ policy: any HTCachePolicy, for id: HTCachePolicyID) {
        lock.lock()
        defer { lock.unlock() }
        policies[id] = policy
    }

    func unregister(_ id: HTCachePolicyID) {
        lock.lock()
        defer { lock.unlock() }
        policies[id] = nil
    }

    func policy(for id: HTCachePolicyID) -> (any HTCachePolicy)? {
        lock.lock()
        defer { lock.unlock() }
        return policies[id]
    }
}
