/// Values worked out once per key and remembered, in memory only, at most ``limit`` of them: when
/// full, the memo is emptied. Shared by threads; the value is computed outside the lock.
final class HTBoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How many values are remembered at most.
    let limit: Int
    private let values = HTLocked<[Key: Value]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// The value remembered for `key`, if any.
    func value(for key: Key) -> Value? {
        values.withLock { $0[key] }
    }

    /// Remembers `value` for `key` (emptying the memo first when it is full).
    func remember(_ value: Value, for key: Key) {
        values.withLock { memo in
            if memo.count >= limit { memo.removeAll(keepingCapacity: true) }
            memo[key] = value
        }
    }

    /// The value remembered for `key`, else `make()`'s, remembered when it is not `nil`.
    func value(for key: Key, _ make: () -> Value?) -> Value? {
        if let known = value(for: key) { return known }
        guard let value = make() else { return nil }
        remember(value, for: key)
        return value
    }

    /// The value remembered for `key`, else `make()`'s, remembered.
    func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = value(for: key) { return known }
        let value = make()
        remember(value, for: key)
        return value
    }
}
