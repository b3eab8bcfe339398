import Foundation

/// The memory tier: entries by key hash, each with the text of the key it was stored under (a lookup
/// whose key text differs, a collision of the 64-bit hash, is a miss), at most `countLimit` entries and
/// `byteLimit` bytes (``HTCachedResponse/byteSize`` plus the key text's bytes, plus that of an entry's
/// mapped-value memo), least recently used out first.
final class HTMemoryCacheTier: @unchecked Sendable {
    // @unchecked Sendable, safety: the limits are immutable lets; `entries`, `memos`, `order` and
    // `totalBytes` are read and written only while holding `lock`, and no method calls out while
    // holding it.
    let countLimit: Int
    let byteLimit: Int
    private let lock = NSLock()
    private var entries: [UInt64: (text: String, entry: HTCachedResponse)] = [:]
    private var memos: [UInt64: HTMappedValueMemo] = [:]
    private var order = HTCacheLRU<UInt64>()
    private var totalBytes = 0

    init(countLimit: Int, byteLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.byteLimit = max(0, byteLimit)
    }

    /// The entry stored under `key` (its hash and its text), made the most recently used.
    func get(_ key: HTCacheKey) -> HTCachedResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = entries[key.value], slot.text == key.text else { return nil }
        order.touch(key.value)
        return slot.entry
    }

    /// Stores `entry` (replacing whatever is stored under the key's hash), evicting the least recently
    /// used entries until the limits hold; returns how many it evicted. An entry larger than the byte
    /// limit is not kept (and replaces nothing).
    @discardableResult
    func set(_ entry: HTCachedResponse, for key: HTCacheKey) -> Int {
        let size = Self.size(of: entry, text: key.text)
        lock.lock()
        defer { lock.unlock() }
        removeLocked(key.value)
        guard size <= byteLimit, countLimit > 0 else { return 0 }
        entries[key.value] = (key.text, entry)
        totalBytes += size
        order.touch(key.value)
        var evicted = 0
        while entries.count > countLimit || totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
            evicted += 1
        }
        return evicted
    }

    /// The mapped-value memo kept beside the entry for `key` (its hash and its text), if any.
    func memo(for key: HTCacheKey) -> HTMappedValueMemo? {
        lock.lock()
        defer { lock.unlock() }
        guard entries[key.value]?.text == key.text else { return nil }
        return memos[key.value]
    }

    /// Keeps `memo` beside the entry for `key` (replacing its memo), if that entry is still the one the
    /// memo was mapped from and both fit the byte limit; evicts as ``set(_:for:)`` does.
    func setMemo(_ memo: HTMappedValueMemo, for key: HTCacheKey) {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = entries[key.value], slot.text == key.text, memo.matches(slot.entry.transportResponse),
            Self.size(of: slot.entry, text: slot.text) + memo.byteSize <= byteLimit
        else { return }
        totalBytes += memo.byteSize - (memos[key.value]?.byteSize ?? 0)
        memos[key.value] = memo
        order.touch(key.value)
        while totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
        }
    }

    /// Removes the entry stored under `key`'s hash.
    func remove(_ key: HTCacheKey) {
        lock.lock()
        defer { lock.unlock() }
        removeLocked(key.value)
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        lock.lock()
        defer { lock.unlock() }
        for (key, slot) in entries where slot.entry.created >= date {
            removeLocked(key)
        }
    }

    /// Removes every entry.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        memos.removeAll()
        order.removeAll()
        totalBytes = 0
    }

    /// The number of entries and their bytes.
    var usage: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (entries.count, totalBytes)
    }

    private func removeLocked(_ key: UInt64) {
        guard let old = entries.removeValue(forKey: key) else { return }
        totalBytes -= Self.size(of: old.entry, text: old.text) + (memos.removeValue(forKey: key)?.byteSize ?? 0)
        order.remove(key)
    }

    /// The bytes an entry counts: its ``HTCachedResponse/byteSize`` and its key text.
    private static func size(of entry: HTCachedResponse, text: String) -> Int {
        entry.byteSize + text.utf8.count
    }
}
