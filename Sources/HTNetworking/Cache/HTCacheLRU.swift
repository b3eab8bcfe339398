/// Least-recently-used order over keys, every operation O(1): a doubly linked list kept in arrays
/// (no per-node allocation) with a dictionary from key to slot. Not thread-safe; the tiers guard it.
struct HTCacheLRU<Key: Hashable> {
    private var slots: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    private var free: [Int] = []
    /// The most recently used slot, or -1.
    private var head = -1
    /// The least recently used slot, or -1.
    private var tail = -1

    /// How many keys are tracked.
    var count: Int { slots.count }

    /// Whether `key` is tracked.
    func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Makes `key` the most recently used, adding it when it is new.
    mutating func touch(_ key: Key) {
        if let slot = slots[key] {
            unlink(slot)
            pushFront(slot)
            return
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            keys[slot] = key
        } else {
            slot = keys.count
            keys.append(key)
            previous.append(-1)
            next.append(-1)
        }
        slots[key] = slot
        pushFront(slot)
    }

    /// Adds `key` as the least recently used (for rebuilding an order oldest last).
    mutating func appendOldest(_ key: Key) {
        guard slots[key] == nil else { return }
        touch(key)
        let slot = slots[key]!
        unlink(slot)
        previous[slot] = tail
        next[slot] = -1
        if tail >= 0 { next[tail] = slot } else { head = slot }
        tail = slot
    }

    /// Stops tracking `key`.
    mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        keys[slot] = nil
        free.append(slot)
    }

    /// The least recently used key.
    var leastRecent: Key? { tail >= 0 ? keys[tail] : nil }

    /// Forgets every key.
    mutating func removeAll() {
        self = HTCacheLRU()
    }

    private mutating func unlink(_ slot: Int) {
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[before] = after } else if head == slot { head = after }
        if after >= 0 { previous[after] = before } else if tail == slot { tail = before }
        previous[slot] = -1
        next[slot] = -1
    }

    private mutating func pushFront(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}

/// A value like any other (arrays and a dictionary), so it can sit in a tier's `HTLocked` state.
extension HTCacheLRU: Sendable where Key: Sendable {}
