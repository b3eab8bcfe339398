/// Byte-level helpers shared by the parser and the serializer: ASCII constants, the word-at-a-time
/// string scanner and the UTF-8 validator.
enum _HTJSONBytes {
    @inline(__always) static var quote: UInt8 { UInt8(ascii: "\"") }
    @inline(__always) static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inline(__always) static var slash: UInt8 { UInt8(ascii: "/") }
    @inline(__always) static var comma: UInt8 { UInt8(ascii: ",") }
    @inline(__always) static var colon: UInt8 { UInt8(ascii: ":") }
    @inline(__always) static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inline(__always) static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inline(__always) static var openBrace: UInt8 { UInt8(ascii: "{") }
    @inline(__always) static var closeBrace: UInt8 { UInt8(ascii: "}") }
    @inline(__always) static var minus: UInt8 { UInt8(ascii: "-") }
    @inline(__always) static var plus: UInt8 { UInt8(ascii: "+") }
    @inline(__always) static var zero: UInt8 { UInt8(ascii: "0") }
    @inline(__always) static var dot: UInt8 { UInt8(ascii: ".") }
    @inline(__always) static var space: UInt8 { UInt8(ascii: " ") }
    @inline(__always) static var newline: UInt8 { UInt8(ascii: "\n") }
    @inline(__always) static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    @inline(__always) static var tab: UInt8 { UInt8(ascii: "\t") }

    /// A mask with the high bit set in bytes of `word` that are `"`, `\` or a control character
    /// (< 0x20): the bytes a string scanner must stop at. Bytes ≥ 0x80 (parts of multi-byte UTF-8
    /// sequences) pass.
    ///
    /// The classic SWAR test: for a byte `b < 0x80`, `b - 1` has its high bit set only when `b == 0`,
    /// and `b - 0x20` only when `b < 0x20`; `& ~word` discards bytes ≥ 0x80 (whose XOR with `"` or `\`
    /// is also ≥ 0x80). A borrow from one byte into the next only starts at a byte that is itself
    /// flagged, so the mask is non-zero exactly when the word holds a stop byte, and its lowest flagged
    /// byte (in memory order, with `word` loaded little-endian) is the first stop byte; higher flags may
    /// be false positives.
    @inline(__always)
    static func stringStopMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return ((quotes &- ones) | (backslashes &- ones) | (word &- ones &* 0x20)) & ~word & highs
    }

    /// The index of the first ill-formed UTF-8 sequence in `start..<end`, or `nil` when it is all
    /// well-formed.
    static func firstInvalidUTF8(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            // Skip ASCII eight bytes at a time.
            while index &+ 8 <= end,
                UnsafeRawPointer(p + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index &+= 8
            }
            guard index < end else { break }
            if p[index] < 0x80 {
                index &+= 1
            } else if let next = endOfMultibyteSequence(p, at: index, count: end) {
                index = next
            } else {
                return index
            }
        }
        return nil
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte (≥ 0x80) is at `index` and returns the
    /// index just past it, or `nil` when the sequence is ill-formed: a stray continuation byte, a lead
    /// byte of an overlong form (0xC0, 0xC1, 0xE0 0x80–0x9F, 0xF0 0x80–0x8F), an encoded surrogate
    /// (0xED 0xA0–0xBF), a code point above U+10FFFF (0xF4 0x90–, 0xF5–0xFF) or a truncated sequence.
    @inline(__always)
    static func endOfMultibyteSequence(_ p: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let lead = p[index]
        if lead < 0xC2 { return nil }
        if lead < 0xE0 {
            guard index &+ 1 < count, p[index &+ 1] & 0xC0 == 0x80 else { return nil }
            return index &+ 2
        }
        if lead < 0xF0 {
            guard index &+ 2 < count else { return nil }
            let second = p[index &+ 1]
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard second >= low, second <= high, p[index &+ 2] & 0xC0 == 0x80 else { return nil }
            return index &+ 3
        }
        if lead < 0xF5 {
            guard index &+ 3 < count else { return nil }
            let second = p[index &+ 1]
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard second >= low, second <= high, p[index &+ 2] & 0xC0 == 0x80, p[index &+ 3] & 0xC0 == 0x80
            else { return nil }
            return index &+ 4
        }
        return nil
    }

    /// The value of an ASCII hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// The four hexadecimal digits at `index` as a UTF-16 code unit, or `nil` when there are fewer than
    /// four bytes left or one of them is not a hexadecimal digit.
    @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>, at index: Int, count: Int) -> UInt32? {
        guard index &+ 4 <= count,
            let a = hexValue(p[index]), let b = hexValue(p[index &+ 1]),
            let c = hexValue(p[index &+ 2]), let d = hexValue(p[index &+ 3])
        else { return nil }
        return a << 12 | b << 8 | c << 4 | d
    }
}
