/// Which generated file (shard) each model and request goes into, when a spec's output is split into
/// several models and requests files (`SpecFileNaming.shardCount(forSpec:size:)`).
///
/// A declaration's shard is a hash of its spec name (64-bit FNV-1a of the UTF-8 bytes, mixed, modulo
/// the shard count): it depends on nothing but that name and the count, never on the machine, the process (Swift's
/// `Hasher` is seeded per process) or the other declarations. So the same spec gives the same files byte
/// for byte, and adding or removing a declaration changes only the one file it belongs to (as long as
/// the count stays), which keeps a consumer's incremental build small. Within a shard, declarations keep
/// the renderer's order (sorted by name).
enum OutputShards {
    /// The shard (0-based, below `count`) of the declaration named `name` in the spec.
    static func index(of name: String, count: Int) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        // FNV's low bits depend on few input bits (its lowest is the parity of the bytes' lowest bits),
        // and `%` by an even count reads them: mix the high bits in first (MurmurHash3's finalizer).
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return Int(hash % UInt64(count))
    }

    /// `items` split into `count` shards (at least one), each keeping the order of `items`; a shard may
    /// be empty.
    static func split<Item>(_ items: [Item], count: Int, name: (Item) -> String) -> [[Item]] {
        var shards = [[Item]](repeating: [], count: max(1, count))
        for item in items {
            shards[index(of: name(item), count: shards.count)].append(item)
        }
        return shards
    }
}
