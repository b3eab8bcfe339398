import Foundation

/// A hash table from JSON member names to small integers, built once per mapping and read on every
/// member of every object mapped.
///
/// Keys are looked up by their UTF-8 bytes, read as two words: for a key of up to 16 bytes the two
/// words hold all of its bytes (see ``words(_:count:)``), so with the length they *are* the key, and a
/// lookup is one hash of two words and a comparison of three values, with no call, no loop and no
/// `memcmp`. Longer keys also compare their middle bytes. No `String` is hashed and nothing is
/// allocated per lookup.
struct HTMappingKeyTable: Sendable {
    private struct Entry: Sendable {
        /// The key's words (see ``HTMappingKeyTable/words(_:count:)``).
        var head: UInt64
        var tail: UInt64
        /// The key's length in bytes; -1 for an empty slot.
        var length: Int
        /// Where the key's bytes are in `storage` (only read for keys longer than 16 bytes).
        var offset: Int
        var value: Int
    }

    /// All keys' bytes, one after the other.
    private let storage: [UInt8]
    /// Open addressing: the count is a power of two, at least twice the number of keys.
    private let entries: [Entry]
    /// Whether the table has no keys.
    let isEmpty: Bool

    /// The empty table.
    init() {
        storage = []
        entries = [Entry(head: 0, tail: 0, length: -1, offset: 0, value: -1)]
        isEmpty = true
    }

    /// A table of `pairs`. When a key occurs twice, the first pair wins.
    init(_ pairs: [(key: [UInt8], value: Int)]) {
        var storage: [UInt8] = []
        var size = 4
        while size < pairs.count * 2 { size *= 2 }
        var entries = [Entry](repeating: Entry(head: 0, tail: 0, length: -1, offset: 0, value: -1), count: size)
        for pair in pairs {
            let length = pair.key.count
            let (head, tail) = pair.key.withUnsafeBufferPointer { Self.words($0.baseAddress, count: length) }
            var slot = Self.hash(head, tail, length) & (size - 1)
            var duplicate = false
            while entries[slot].length >= 0 {
                let other = entries[slot]
                if other.length == length && other.head == head && other.tail == tail
                    && storage[other.offset..<other.offset + other.length].elementsEqual(pair.key)
                {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & (size - 1)
            }
            if duplicate { continue }
            entries[slot] = Entry(head: head, tail: tail, length: length, offset: storage.count, value: pair.value)
            storage += pair.key
        }
        self.storage = storage
        self.entries = entries
        self.isEmpty = pairs.isEmpty
    }

    /// The value of the key whose bytes are `key`, or -1.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int {
        let length = key.count
        let (head, tail) = Self.words(key.baseAddress, count: length)
        return entries.withUnsafeBufferPointer { entries -> Int in
            let mask = entries.count &- 1
            var slot = Self.hash(head, tail, length) & mask
            while true {
                let entry = entries[slot]
                if entry.length < 0 { return -1 }
                if entry.length == length && entry.head == head && entry.tail == tail
                    && (length <= 16 || sameMiddle(entry.offset, key))
                {
                    return entry.value
                }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// The value of `key`, or -1.
    @inline(__always)
    func value(for key: String) -> Int {
        if let found = key.utf8.withContiguousStorageIfAvailable({ value(for: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { value(for: $0) }
    }

    /// Whether the bytes 8..<count-8 of `key` (longer than 16 bytes) equal those of the key stored at
    /// `offset`, whose first and last eight bytes are known to be equal.
    @inline(__always)
    private func sameMiddle(_ offset: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        storage.withUnsafeBufferPointer { stored in
            guard let a = stored.baseAddress, let b = key.baseAddress else { return false }
            return _HTJSONKeyCache.equalMiddles(a + offset, b, length: key.count)
        }
    }

    /// Two words made of the `count` bytes at `bytes`, which together hold every one of them when
    /// `count` is at most 16: the first and the last eight bytes (overlapping when `count` < 16); for
    /// 4 to 7 bytes, the first and the last four in one word; for 1 to 3, the first, middle and last
    /// byte. For a longer key they are its first and last eight bytes. Reads only the key's own bytes.
    @inline(__always)
    static func words(_ bytes: UnsafePointer<UInt8>?, count: Int) -> (UInt64, UInt64) {
        guard let bytes, count > 0 else { return (0, 0) }
        let raw = UnsafeRawPointer(bytes)
        if count >= 8 {
            return (
                raw.loadUnaligned(as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            )
        }
        if count >= 4 {
            let first = UInt64(raw.loadUnaligned(as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return (first | last &<< 32, 0)
        }
        return (UInt64(bytes[0]) | UInt64(bytes[count &>> 1]) &<< 8 | UInt64(bytes[count &- 1]) &<< 16, 0)
    }

    /// A hash of a key's words and length.
    @inline(__always)
    static func hash(_ head: UInt64, _ tail: UInt64, _ length: Int) -> Int {
        var hash =
            (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xBF58_476D_1CE4_E5B9)
            ^ UInt64(truncatingIfNeeded: length)
        hash ^= hash &>> 29
        hash = hash &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash &>> 32))
    }
}

/// RestGoatee's canonical form of a key: ASCII letters lower-cased, digits kept, every other byte
/// (punctuation, spaces, and all non-ASCII bytes) dropped. `foo_bar`, `foo-bar`, `fooBar` and `FooBar`
/// all become `foobar`.
enum HTCanonicalKey {
    /// The canonical form of `key`.
    static func canonical(_ key: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            if let kept = canonicalByte(byte) { result.append(kept) }
        }
        return result
    }

    /// The byte as it appears in a canonical key, or `nil` when it is dropped.
    @inline(__always)
    static func canonicalByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte | 0x20
        default: return nil
        }
    }

    /// Calls `body` with the canonical form of `key`, written to a temporary buffer.
    @inline(__always)
    static func withCanonical<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let count = key.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { buffer in
            var length = 0
            for byte in key.utf8 {
                if let kept = canonicalByte(byte) {
                    buffer[length] = kept
                    length &+= 1
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<length]))
        }
    }
}
