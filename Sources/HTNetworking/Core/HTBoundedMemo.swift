/// Values worked out once per key and remembered, in memory only, at most ``limit`` of them and at most
/// ``byteLimit`` bytes (as `cost` counts them): when either would be passed, the memo is emptied first,
/// and an entry that costs more than an eighth of ``byteLimit`` is not remembered at all, so that a few
/// large requests neither stay in memory after they end nor push out every small one. Shared by
/// threads; the value is computed outside the lock.
final class HTBoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How many values are remembered at most.
    let limit: Int
    /// How many bytes (as `cost` counts them) are remembered at most.
    let byteLimit: Int
    private let cost: @Sendable (Key, Value) -> Int
    private let state = HTLocked(State())

    private struct State {
        var values: [Key: Value] = [:]
        var bytes = 0
    }

    /// A memo of at most `limit` entries and `byteLimit` bytes, an entry costing what `cost` says (the
    /// bytes its key and value hold that are not shared with anything else).
    init(limit: Int, byteLimit: Int, cost: @escaping @Sendable (Key, Value) -> Int) {
        self.limit = limit
        self.byteLimit = byteLimit
        self.cost = cost
    }

    /// The value remembered for `key`, if any.
    func value(for key: Key) -> Value? {
        state.withLock { $0.values[key] }
    }

    /// The bytes the remembered entries cost, and how many there are.
    var usage: (bytes: Int, count: Int) {
        state.withLock { ($0.bytes, $0.values.count) }
    }

    /// Remembers `value` for `key` (emptying the memo first when it is full), unless it costs more than
    /// an eighth of ``byteLimit``.
    func remember(_ value: Value, for key: Key) {
        let bytes = cost(key, value)
        guard bytes <= byteLimit / 8 else { return }
        state.withLock { memo in
            if memo.values.count >= limit || memo.bytes + bytes > byteLimit {
                memo.values.removeAll(keepingCapacity: memo.values.count < limit)
                memo.bytes = 0
            }
            if let old = memo.values.updateValue(value, forKey: key) {
                memo.bytes -= cost(key, old)
            }
            memo.bytes += bytes
        }
    }

    /// Forgets every value.
    func removeAll() {
        state.withLock { memo in
            memo.values.removeAll()
            memo.bytes = 0
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
