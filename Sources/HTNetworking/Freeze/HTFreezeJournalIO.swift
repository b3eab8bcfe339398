#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a freeze journal writes bytes to its files: `write(2)`, unless a test puts a full disk here.
struct HTFreezeJournalIO: Sendable {
    /// Writes up to `bytes.count` bytes of `bytes` to the descriptor, as `write(2)` does: the number of
    /// bytes written, or `-1` with the `errno` value as the second element.
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> (written: Int, code: Int32)

    /// The system's `write(2)`.
    static let system = HTFreezeJournalIO { descriptor, bytes in
        let written = systemWrite(descriptor, bytes.baseAddress, bytes.count)
        return (written, written < 0 ? errno : 0)
    }
}

/// `write(2)`, named apart from ``HTFreezeJournalIO/write``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
