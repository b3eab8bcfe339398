/// The pseudo-random numbers mock data is made from: SplitMix64 (Steele, Lea and Flood, 2014), so the
/// same seed gives the same numbers on every run, machine and platform (no `SystemRandomNumberGenerator`,
/// no `Hasher`, which is seeded per process).
package struct MockRandom: Sendable {
    private var state: UInt64

    /// A generator that starts at `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for the thing named `name` under `seed`: the name's 64-bit FNV-1a hash mixed into the
    /// seed, so that one operation's data does not change when another is added.
    package init(seed: UInt64, name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = seed ^ hash
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `range` (a closed range of at most `UInt64.max` values; the slight modulo bias does
    /// not matter for mock data).
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard width != 0 else { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next() % width)
    }

    /// A random boolean.
    package mutating func bool() -> Bool {
        next() & 1 == 1
    }
}
