/// FNV-1a, 64-bit: the hash behind cache keys (``HTCacheKey``) and the checksum of every cache file.
///
/// The function, written down so any platform or language can reproduce it:
///
/// ```text
/// hash = 0xcbf29ce484222325                 // the 64-bit FNV offset basis
/// for each byte b:
///     hash = hash XOR b
///     hash = (hash * 0x00000100000001b3) mod 2^64   // the 64-bit FNV prime
/// ```
///
/// It is not a cryptographic hash: it names entries (memory slots, file names) and detects torn or
/// damaged files. Every entry also keeps the text of the key it was written under (on disk, its
/// SHA-256), and reads compare it, so a collision is a miss, never a wrong body.
package enum HTCacheHash {
    /// The 64-bit FNV offset basis.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The 64-bit FNV prime.
    package static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a-64 of `bytes`, continuing from `hash` (pass the result of an earlier call to hash data
    /// in pieces).
    package static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// FNV-1a-64 of a contiguous buffer (the fast path for bodies).
    static func fnv1a64(buffer: UnsafeRawBufferPointer, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// `value` as 16 lower-case hexadecimal digits, most significant first.
    package static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 16)
        var rest = value
        for index in stride(from: 15, through: 0, by: -1) {
            bytes[index] = digits[Int(rest & 0xF)]
            rest >>= 4
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
