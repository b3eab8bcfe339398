/// Reads an `application/jsonl` or `application/x-ndjson` body in chunks, split anywhere, and returns
/// each line's JSON text once its line ends: lines end in LF (a CR before it is dropped), blank lines
/// (spaces and tabs only) are skipped, and a last line without an LF is an item at the end of the
/// stream (``finish(into:)``). The text is not parsed here.
package struct HTJSONLinesParser: Sendable {
    /// The most bytes one line may hold.
    package let maximumLineSize: Int
    private var line: [UInt8] = []
    private var lineNumber = 1
    private var itemCount = 0

    /// A parser that gives up on a line longer than `maximumLineSize` bytes.
    package init(maximumLineSize: Int = 16 * 1024 * 1024) {
        self.maximumLineSize = maximumLineSize
    }

    /// Reads `bytes` and appends the records they complete to `records`.
    package mutating func parse(_ bytes: some Sequence<UInt8>, into records: inout [HTStreamRecord])
        throws(HTStreamItemTooLargeError)
    {
        try bytes.withContiguousBytes { buffer throws(HTStreamItemTooLargeError) in try parse(buffer, into: &records) }
    }

    /// Reads `buffer`: the bytes up to each LF are appended to the line at once.
    private mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>, into records: inout [HTStreamRecord])
        throws(HTStreamItemTooLargeError)
    {
        var index = 0
        let count = buffer.count
        while index < count {
            var end = index
            while end < count, buffer[end] != 0x0A { end += 1 }
            if end > index {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                if line.count > maximumLineSize { throw HTStreamItemTooLargeError(limit: maximumLineSize) }
            }
            guard end < count else { return }
            endLine(into: &records)
            lineNumber += 1
            index = end + 1
        }
    }

    /// The stream ended: appends the last line's record, if it had one without an LF.
    package mutating func finish(into records: inout [HTStreamRecord]) {
        endLine(into: &records)
    }

    private mutating func endLine(into records: inout [HTStreamRecord]) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.last == 0x0D { line.removeLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        itemCount += 1
        records.append(HTStreamRecord(bytes: line, index: itemCount, line: lineNumber))
    }
}
