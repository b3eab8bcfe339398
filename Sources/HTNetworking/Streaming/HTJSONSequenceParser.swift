/// Reads an `application/json-seq` body (RFC 7464) in chunks, split anywhere, and returns each
/// record's JSON text: a record starts with RS (0x1E) and runs to the next RS or the end of the
/// stream. So that a record is delivered as soon as it is whole, not only when the next one starts, a
/// record is also complete at an LF that follows a whole JSON text (the parser follows the nesting of
/// brackets and braces and the strings, without parsing). Text before the first RS is ignored, as are
/// records of whitespace only. The text is not parsed here.
package struct HTJSONSequenceParser: Sendable {
    /// The most bytes one record may hold.
    package let maximumRecordSize: Int
    private var record: [UInt8] = []
    private var inRecord = false
    private var recordLine = 1
    private var lineNumber = 1
    private var itemCount = 0
    /// How deep in brackets and braces the record is, and whether in a string (after a backslash).
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// A parser that gives up on a record longer than `maximumRecordSize` bytes.
    package init(maximumRecordSize: Int = 16 * 1024 * 1024) {
        self.maximumRecordSize = maximumRecordSize
    }

    /// Reads `bytes` and appends the records they complete to `records`.
    package mutating func parse(_ bytes: some Sequence<UInt8>, into records: inout [HTStreamRecord])
        throws(HTStreamItemTooLargeError)
    {
        for byte in bytes {
            if byte == 0x1E {
                endRecord(into: &records)
                inRecord = true
                recordLine = lineNumber
                continue
            }
            if byte == 0x0A { lineNumber += 1 }
            guard inRecord else { continue }
            if byte == 0x0A, depth == 0, !inString, !record.isEmpty {
                endRecord(into: &records)
                continue
            }
            record.append(byte)
            if record.count > maximumRecordSize { throw HTStreamItemTooLargeError(limit: maximumRecordSize) }
            follow(byte)
        }
    }

    /// The stream ended: appends the last record, if any.
    package mutating func finish(into records: inout [HTStreamRecord]) {
        endRecord(into: &records)
    }

    private mutating func follow(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
    }

    private mutating func endRecord(into records: inout [HTStreamRecord]) {
        defer {
            record.removeAll(keepingCapacity: true)
            inRecord = false
            depth = 0
            inString = false
            escaped = false
        }
        guard record.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return }
        itemCount += 1
        records.append(HTStreamRecord(bytes: record, index: itemCount, line: recordLine))
    }
}
