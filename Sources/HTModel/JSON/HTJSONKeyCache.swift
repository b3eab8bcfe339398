import Foundation

/// A small cache of the member names met so far in one parse.
///
/// API responses repeat the same keys in every element of an array; the cache lets the parser reuse
/// the `String` made for the first occurrence of a key (sharing its storage when it is longer than
/// the 15 bytes that fit in a small string) instead of validating and allocating it again.
///
/// A slot holds its key's length and first and last eight bytes, which are also what the hash is
/// made of: for keys of up to 16 bytes a hit is the hash and three comparisons; for longer keys the
/// middle bytes are also compared with those of the key's first occurrence (the input outlives the
/// parse). Only keys without escapes are cached.
///
/// A key may sit in its home slot or the one after it, and a new key takes the first of the two that
/// is free: a direct-mapped table (one slot per key) loses the keys that happen to share a slot again
/// and again (on twitter.json, one lookup in five missed with 256 slots), while the second slot keeps
/// misses to the first occurrence of each key on typical documents. When both slots are taken, the
/// new key replaces one of them, alternately, so a document with many distinct keys still caches the
/// ones that repeat.
///
/// The table starts at ``initialSlotCount`` slots (3 KB) and grows to ``slotCount`` (24 KB) once half
/// of them hold keys: a response with a few dozen distinct names (an array of models) touches a few
/// kilobytes, not 24 KB that are allocated, filled and, right after a network transfer, cold in the
/// caches, for every document; a document with more names grows it once, at the cost of moving 32 keys.
struct _HTJSONKeyCache: ~Copyable {
    struct Slot {
        /// The key's first eight bytes (zero-padded when it is shorter).
        var head: UInt64
        /// The key's last eight bytes when it is longer than eight bytes, otherwise 0.
        var tail: UInt64
        var length: Int
        /// Where the key's bytes are in the input.
        var offset: Int
        var string: String
    }

    /// The most slots the table grows to.
    static var slotCount: Int { 512 }
    /// The slots the table starts with.
    static var initialSlotCount: Int { 64 }
    private var slots: UnsafeMutablePointer<Slot>?
    /// The table's slot count (``initialSlotCount`` or ``slotCount``) minus one; stored rather than the
    /// count, since every lookup needs it.
    private var mask = 0
    /// The slots that hold a key.
    private var occupied = 0
    /// Lookups before the table is set up: small documents do not pay for it.
    private var lookupsBeforeTable = 0
    /// Misses that found both their slots taken: which of the two the next one replaces.
    private var replacements = 0

    init() {}

    deinit {
        if let slots {
            slots.deinitialize(count: mask &+ 1)
            slots.deallocate()
        }
    }

    /// A table of `count` empty slots.
    private static func emptyTable(_ count: Int) -> UnsafeMutablePointer<Slot> {
        let table = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        table.initialize(repeating: Slot(head: 0, tail: 0, length: -1, offset: 0, string: ""), count: count)
        return table
    }

    /// The home slot of a key, in a table of `mask + 1` slots.
    @inline(__always)
    private static func home(head: UInt64, tail: UInt64, length: Int, mask: Int) -> Int {
        var hash =
            (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: length)
        hash ^= hash &>> 29
        hash = hash &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash &>> 55) & mask
    }

    /// Moves every key to a table of ``slotCount`` slots. A key whose two slots are both taken in the
    /// new table is dropped: the table is a cache.
    private mutating func grow(_ old: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<Slot> {
        let oldCapacity = mask &+ 1
        let newCapacity = Self.slotCount
        let table = Self.emptyTable(newCapacity)
        let mask = newCapacity &- 1
        var kept = 0
        for index in 0..<oldCapacity {
            let slot = (old + index).move()
            guard slot.length >= 0 else { continue }
            let home = Self.home(head: slot.head, tail: slot.tail, length: slot.length, mask: mask)
            if table[home].length < 0 {
                table[home] = slot
                kept &+= 1
            } else if table[(home &+ 1) & mask].length < 0 {
                table[(home &+ 1) & mask] = slot
                kept &+= 1
            }
        }
        old.deallocate()
        slots = table
        self.mask = newCapacity &- 1
        occupied = kept
        return table
    }

    /// The key whose bytes are `p[start..<start + length]` (of the `inputCount` bytes at `p`): the
    /// cached string when there is one, otherwise the result of `make`, which is then cached. The table
    /// is only set up after the first 48 lookups, so small documents do not pay for it.
    @inline(__always)
    mutating func key<E: Error>(
        _ p: UnsafePointer<UInt8>, start: Int, length: Int, inputCount: Int, make: () throws(E) -> String
    ) throws(E) -> String {
        let table: UnsafeMutablePointer<Slot>
        if let slots {
            table = slots
        } else {
            if lookupsBeforeTable < 48 {
                lookupsBeforeTable &+= 1
                return try make()
            }
            table = Self.emptyTable(Self.initialSlotCount)
            slots = table
            mask = Self.initialSlotCount &- 1
        }
        // The first and last eight bytes: together they are the whole key when it has at most 16.
        let raw = UnsafeRawPointer(p + start)
        let head: UInt64
        let tail: UInt64
        if length >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        } else {
            tail = 0
            if start &+ 8 <= inputCount {
                // Load past the key (still inside the input) and keep only its bytes.
                head = raw.loadUnaligned(as: UInt64.self) & ((1 &<< UInt64(length &<< 3)) &- 1)
            } else {
                var word: UInt64 = 0
                for index in 0..<length { word |= UInt64(p[start &+ index]) << UInt64(index &<< 3) }
                head = word
            }
        }
        let mask = self.mask
        let home = Self.home(head: head, tail: tail, length: length, mask: mask)
        let first = table + home
        if first.pointee.length == length && first.pointee.head == head && first.pointee.tail == tail
            && (length <= 16 || Self.equalMiddles(p + first.pointee.offset, p + start, length: length))
        {
            return first.pointee.string
        }
        let second = table + ((home &+ 1) & mask)
        if first.pointee.length >= 0 && second.pointee.length == length && second.pointee.head == head
            && second.pointee.tail == tail
            && (length <= 16 || Self.equalMiddles(p + second.pointee.offset, p + start, length: length))
        {
            return second.pointee.string
        }
        let string = try make()
        let new = Slot(head: head, tail: tail, length: length, offset: start, string: string)
        if occupied &* 2 > mask && mask < Self.slotCount &- 1 {
            growAndInsert(new)
            return string
        }
        Self.place(new, first: first, second: second, occupied: &occupied, replacements: &replacements)
        return string
    }

    /// Puts a key that is not in the table into the first free one of its two slots, or, when both
    /// are taken, in place of one of them, alternately.
    @inline(__always)
    private static func place(
        _ new: consuming Slot, first: UnsafeMutablePointer<Slot>, second: UnsafeMutablePointer<Slot>,
        occupied: inout Int, replacements: inout Int
    ) {
        let slot: UnsafeMutablePointer<Slot>
        if first.pointee.length < 0 {
            slot = first
            occupied &+= 1
        } else if second.pointee.length < 0 {
            slot = second
            occupied &+= 1
        } else {
            slot = replacements & 1 == 0 ? first : second
            replacements &+= 1
        }
        slot.pointee = new
    }

    /// Grows the table (see ``grow(_:)``), then puts `new`, a key that is not in it, in place.
    @inline(never)
    private mutating func growAndInsert(_ new: consuming Slot) {
        guard let slots else { return }
        let table = grow(slots)
        let mask = self.mask
        let home = Self.home(head: new.head, tail: new.tail, length: new.length, mask: mask)
        Self.place(
            new, first: table + home, second: table + ((home &+ 1) & mask), occupied: &occupied,
            replacements: &replacements)
    }

    /// Whether the bytes 8..<length-8 at `a` and `b` are equal (`length` > 16): eight bytes at a time,
    /// the last word overlapping the one before.
    @inline(__always)
    static func equalMiddles(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, length: Int) -> Bool {
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(b)
        var offset = 8
        let last = length &- 16
        while offset < last {
            if x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        return x.loadUnaligned(fromByteOffset: last, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
}
