import Foundation

/// The memory tier: entries by key hash, at most `countLimit` entries and `byteLimit` bytes
/// (``HTCachedResponse/byteSize``, plus that of an entry's mapped-value memo), least recently used out
/// first.
final class HTMemoryCacheTier: @unchecked Sendable {
    // @unchecked Sendable, safety: the limits are immutable lets; `entries`, `memos`, `order` and
    // `totalBytes` are read and written only while holding `lock`, and no method calls out while
    // holding it.
    let countLimit: Int
    let byteLimit: Int
    private let lock = NSLock()
    private var entries: [UInt64: HTCachedResponse] = [:]
    private var memos: [UInt64: HTMappedValueMemo] = [:]
    private var order = HTCacheLRU<UInt64>()
    private var totalBytes = 0

    init(countLimit: Int, byteLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.byteLimit = max(0, byteLimit)
    }

    /// The entry for `key`, made the most recently used.
    func get(_ key: UInt64) -> HTCachedResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        order.touch(key)
        return entry
    }

    /// Stores `entry`, evicting the least recently used entries until the limits hold. An entry larger
    /// than the byte limit is not kept (and replaces nothing).
    func set(_ entry: HTCachedResponse, for key: UInt64) {
        let size = entry.byteSize
        lock.lock()
        defer { lock.unlock() }
        removeLocked(key)
        guard size <= byteLimit, countLimit > 0 else { return }
        entries[key] = entry
        totalBytes += size
        order.touch(key)
        while entries.count > countLimit || totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
        }
    }

    /// The mapped-value memo kept beside the entry for `key`, if any.
    func memo(for key: UInt64) -> HTMappedValueMemo? {
        lock.lock()
        defer { lock.unlock() }
        return memos[key]
    }

    /// Keeps `memo` beside the entry for `key` (replacing its memo), if that entry is still the one the
    /// memo was mapped from and both fit the byte limit; evicts as ``set(_:for:)`` does.
    func setMemo(_ memo: HTMappedValueMemo, for key: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key], memo.matches(entry.transportResponse),
            entry.byteSize + memo.byteSize <= byteLimit
        else { return }
        totalBytes += memo.byteSize - (memos[key]?.byteSize ?? 0)
        memos[key] = memo
        order.touch(key)
        while totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
        }
    }

    /// Removes the entry for `key`.
    func remove(_ key: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        removeLocked(key)
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        lock.lock()
        defer { lock.unlock() }
        for (key, entry) in entries where entry.created >= date {
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
        totalBytes -= old.byteSize + (memos.removeValue(forKey: key)?.byteSize ?? 0)
        order.remove(key)
    }
}
