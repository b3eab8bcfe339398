extension Sequence<UInt8> {
    /// Calls `body` with the bytes in contiguous memory: their own storage when they have it (`Data`,
    /// `[UInt8]`), else a copy. The stream parsers read chunks through it.
    func withContiguousBytes(
        _ body: (UnsafeBufferPointer<UInt8>) throws(HTStreamItemTooLargeError) -> Void
    ) throws(HTStreamItemTooLargeError) {
        var failure: HTStreamItemTooLargeError?
        let read: Void? = withContiguousStorageIfAvailable { buffer in
            do throws(HTStreamItemTooLargeError) {
                try body(buffer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if read != nil { return }
        try Array(self).withUnsafeBufferPointer { buffer throws(HTStreamItemTooLargeError) in try body(buffer) }
    }
}
