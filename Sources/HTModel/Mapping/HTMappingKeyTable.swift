import Foundation

/// A hash table from JSON member names to small integers, built once per mapping and read on every
/// member of every object mapped.
///
/// Keys are looked up by their UTF-8 bytes: a hash made eight bytes at a time, then a comparison of
/// length and bytes. No `String` is hashed and nothing is allocated per lookup.
struct HTMappingKeyTable: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var offset: Int
        var length: Int
        var value: Int
    }

    /// All keys' bytes, one after the other.
    private let storage: [UInt8]
    private let entries: [Entry]
    /// Open addressing: an index into `entries`, or -1. The count is a power of two, at least twice
    /// the number of entries.
    private let slots: [Int32]

    /// The empty table.
    init() {
        storage = []
        entries = []
        slots = [-1]
    }

    /// A table of `pairs`. When a key occurs twice, the first pair wins.
    init(_ pairs: [(key: [UInt8], value: Int)]) {
        var storage: [UInt8] = []
        var entries: [Entry] = []
        var size = 4
        while size < pairs.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for pair in pairs {
            let hash = pair.key.withUnsafeBufferPointer { Self.hash($0) }
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            var duplicate = false
            while slots[slot] >= 0 {
                let other = entries[Int(slots[slot])]
                if other.hash == hash && other.length == pair.key.count
                    && storage[other.offset..<other.offset + other.length].elementsEqual(pair.key)
                {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & (size - 1)
            }
            if duplicate { continue }
            slots[slot] = Int32(entries.count)
            entries.append(Entry(hash: hash, offset: storage.count, length: pair.key.count, value: pair.value))
            storage += pair.key
        }
        self.storage = storage
        self.entries = entries
        self.slots = slots
    }

    /// Whether the table has no keys.
    var isEmpty: Bool { entries.isEmpty }

    /// The value of the key whose bytes are `key`, or -1.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(key)
        return slots.withUnsafeBufferPointer { slots -> Int in
            entries.withUnsafeBufferPointer { entries -> Int in
                storage.withUnsafeBufferPointer { storage -> Int in
                    let mask = slots.count &- 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return -1 }
                        let entry = entries[index]
                        if entry.hash == hash && entry.length == key.count {
                            if entry.length == 0 { return entry.value }
                            if let a = storage.baseAddress, let b = key.baseAddress,
                                memcmp(a + entry.offset, b, entry.length) == 0
                            {
                                return entry.value
                            }
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    /// The value of `key`, or -1.
    @inline(__always)
    func value(for key: String) -> Int {
        if let found = key.utf8.withContiguousStorageIfAvailable({ value(for: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { value(for: $0) }
    }

    /// A hash of `bytes`: eight bytes at a time, each word mixed in with a multiply and a shift.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash &>> 29
            index &+= 8
        }
        if index < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                word |= UInt64(base[index]) &<< shift
                shift &+= 8
                index &+= 1
            }
            hash = (hash ^ word) &* 0x94D0_49BB_1331_11EB
            hash ^= hash &>> 31
        }
        return hash
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
