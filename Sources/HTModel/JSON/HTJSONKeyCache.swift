/// A small direct-mapped cache of the member names met so far in one parse.
///
/// API responses repeat the same keys in every element of an array; the cache lets the parser reuse
/// the `String` made for the first occurrence of a key (sharing its storage when it is longer than
/// the 15 bytes that fit in a small string) instead of validating and allocating it again. A slot
/// remembers where in the input its key's bytes are (the input outlives the parse), so a hit is a
/// hash of the key's first and last eight bytes, a length check and a comparison with the bytes of
/// that earlier occurrence. Only keys without escapes are cached.
struct _HTJSONKeyCache: ~Copyable {
    struct Slot {
        var offset: Int
        var length: Int
        var string: String
    }
    static var slotCount: Int { 256 }
    private var slots: UnsafeMutablePointer<Slot>?
    init() {}
    deinit {
        if let slots {
            slots.deinitialize(count: Self.slotCount)
            slots.deallocate()
        }
    }
    /// The key whose bytes are `p[start..<start + length]` (`inputCount` bytes in all at `p`): the
    /// cached string when there is one, otherwise the result of `make`, which is then cached.
    @inline(__always)
    mutating func key<E: Error>(
        _ p: UnsafePointer<UInt8>, start: Int, length: Int, inputCount: Int, make: () throws(E) -> String
    ) throws(E) -> String {
        let table: UnsafeMutablePointer<Slot>
        if let slots {
            table = slots
        } else {
            table = .allocate(capacity: Self.slotCount)
            table.initialize(repeating: Slot(offset: 0, length: -1, string: ""), count: Self.slotCount)
            slots = table
        }
        let raw = UnsafeRawPointer(p + start)
        var hash: UInt64
        if length >= 8 {
            hash = raw.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
            hash ^= raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4 {
            hash = UInt64(raw.loadUnaligned(as: UInt32.self)) << 32
            hash |= UInt64(raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self))
        } else if length > 0 {
            hash = UInt64(p[start]) | UInt64(p[start &+ length >> 1]) << 8 | UInt64(p[start &+ length &- 1]) << 16
        } else {
            hash = 0
        }
        hash = (hash ^ UInt64(truncatingIfNeeded: length)) &* 0xBF58_476D_1CE4_E5B9
        let slot = table + Int(truncatingIfNeeded: hash >> 56)
        if Self.matches(slot, p, start: start, length: length) { return slot.pointee.string }
        let string = try make()
        slot.pointee = Slot(offset: start, length: length, string: string)
        return string
    }
    /// Whether `slot` holds the key whose bytes are `p[start..<start + length]`.
    @inline(__always)
    static func matches(_ slot: UnsafeMutablePointer<Slot>, _ p: UnsafePointer<UInt8>, start: Int, length: Int) -> Bool {
        guard slot.pointee.length == length else { return false }
        let a = UnsafeRawPointer(p + slot.pointee.offset)
        let b = UnsafeRawPointer(p + start)
        if length >= 8 {
            var index = 0
            while index &+ 8 < length {
                if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                {
                    return false
                }
                index &+= 8
            }
            return a.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        }
        if length >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
        }
        var index = 0
        while index < length {
            if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) {
                return false
            }
            index &+= 1
        }
        return true
    }
}
