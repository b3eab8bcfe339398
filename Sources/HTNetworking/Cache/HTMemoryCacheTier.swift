import Foundation

/// The memory tier: entries by key hash, each with the text of the key it was stored under (a lookup
/// whose key text differs, a collision of the 64-bit hash, is a miss), at most `countLimit` entries and
/// `byteLimit` bytes (``HTCachedResponse/byteSize`` plus the key text's bytes, plus that of an entry's
/// mapped-value memo), least recently used out first.
///
/// Every method works on the state in place inside one `withLock` (no copy of the dictionaries) and
/// does only its bookkeeping while holding the lock.
final class HTMemoryCacheTier: Sendable {
    /// An entry with the text of its key. A class: a lookup takes a reference out of the lock, where a
    /// tuple would copy every field of the response (its headers, its body, its dates).
    private final class Slot: Sendable {
        let text: String
        let entry: HTCachedResponse

        init(text: String, entry: HTCachedResponse) {
            self.text = text
            self.entry = entry
        }
    }

    /// The entries, their memos, their recency and the bytes they count.
    private struct State: Sendable {
        var entries: [UInt64: Slot] = [:]
        var memos: [UInt64: HTMappedValueMemo] = [:]
        var order = HTCacheLRU<UInt64>()
        var totalBytes = 0

        mutating func remove(_ key: UInt64) {
            guard let old = entries.removeValue(forKey: key) else { return }
            totalBytes -=
                HTMemoryCacheTier.size(of: old.entry, text: old.text) + (memos.removeValue(forKey: key)?.byteSize ?? 0)
            order.remove(key)
        }
    }

    let countLimit: Int
    let byteLimit: Int
    private let state = HTLocked(State())

    init(countLimit: Int, byteLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.byteLimit = max(0, byteLimit)
    }

    /// The entry stored under `key` (its hash and its text), made the most recently used.
    func get(_ key: HTCacheKey) -> HTCachedResponse? {
        let slot = state.withLock { state -> Slot? in
            guard let slot = state.entries[key.value], key.sameText(as: slot.text) else { return nil }
            state.order.touch(key.value)
            return slot
        }
        return slot?.entry
    }

    /// Stores `entry` (replacing whatever is stored under the key's hash), evicting the least recently
    /// used entries until the limits hold; returns how many it evicted. An entry larger than the byte
    /// limit is not kept (and replaces nothing).
    @discardableResult
    func set(_ entry: HTCachedResponse, for key: HTCacheKey) -> Int {
        let size = Self.size(of: entry, text: key.text)
        let countLimit = countLimit
        let byteLimit = byteLimit
        return state.withLock { state in
            state.remove(key.value)
            guard size <= byteLimit, countLimit > 0 else { return 0 }
            state.entries[key.value] = Slot(text: key.text, entry: entry)
            state.totalBytes += size
            state.order.touch(key.value)
            var evicted = 0
            while state.entries.count > countLimit || state.totalBytes > byteLimit, let oldest = state.order.leastRecent
            {
                state.remove(oldest)
                evicted += 1
            }
            return evicted
        }
    }

    /// The mapped-value memo kept beside the entry for `key` (its hash and its text), if any.
    func memo(for key: HTCacheKey) -> HTMappedValueMemo? {
        state.withLock { state in
            guard let slot = state.entries[key.value], key.sameText(as: slot.text) else { return nil }
            return state.memos[key.value]
        }
    }

    /// Keeps `memo` beside the entry for `key` (replacing its memo), if that entry is still the one the
    /// memo was mapped from and both fit the byte limit; evicts as ``set(_:for:)`` does.
    func setMemo(_ memo: HTMappedValueMemo, for key: HTCacheKey) {
        let byteLimit = byteLimit
        state.withLock { state in
            guard let slot = state.entries[key.value], key.sameText(as: slot.text),
                memo.matches(slot.entry.transportResponse),
                Self.size(of: slot.entry, text: slot.text) + memo.byteSize <= byteLimit
            else { return }
            state.totalBytes += memo.byteSize - (state.memos[key.value]?.byteSize ?? 0)
            state.memos[key.value] = memo
            state.order.touch(key.value)
            while state.totalBytes > byteLimit, let oldest = state.order.leastRecent {
                state.remove(oldest)
            }
        }
    }

    /// Removes the entry stored under `key`'s hash.
    func remove(_ key: HTCacheKey) {
        state.withLock { $0.remove(key.value) }
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        state.withLock { state in
            for (key, slot) in state.entries where slot.entry.created >= date {
                state.remove(key)
            }
        }
    }

    /// Removes every entry.
    /// Removes the entries whose scope `filter` matches (a logout).
    func remove(matching filter: HTCacheScopeTag.Filter) {
        state.withLock { state in
            for (key, slot) in state.entries where filter.matches(HTCacheScopeTag.of(keyText: slot.text)) {
                state.remove(key)
            }
        }
    }

    func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.memos.removeAll()
            state.order.removeAll()
            state.totalBytes = 0
        }
    }

    /// The number of entries and their bytes.
    var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.totalBytes) }
    }

    /// The bytes an entry counts: its ``HTCachedResponse/byteSize`` and its key text.
    fileprivate static func size(of entry: HTCachedResponse, text: String) -> Int {
        entry.byteSize + text.utf8.count
    }
}
