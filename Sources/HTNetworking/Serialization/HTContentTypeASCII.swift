/// ``HTContentType/init(_:)`` for a header value that is all ASCII, read byte by byte: the same parts as
/// the general reading (split at `;`, then at the first `/` and the first `=`, spaces and tabs trimmed,
/// names lower-cased, one pair of quotes taken off a value, a later parameter replacing an earlier one of
/// the same name) without making a `Character` of each byte.
enum HTContentTypeASCII {
    /// What a header value reads as.
    enum Reading {
        /// Not all ASCII: read it the general way.
        case notASCII
        /// No `type/subtype`.
        case invalid
        /// The lower-cased type and subtype, and the parameters.
        case parsed(type: String, subtype: String, parameters: [String: String])
    }

    /// Reads `header`.
    static func parse(_ header: String) -> Reading {
        var header = header
        return header.withUTF8 { bytes -> Reading in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
            guard let (type, subtype, parameters) = read(bytes) else { return .invalid }
            return .parsed(type: type, subtype: subtype, parameters: parameters)
        }
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let slash = UInt8(ascii: "/")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, String, [String: String])? {
        let end = bytes.count
        var partEnd = 0
        while partEnd < end, bytes[partEnd] != semicolon { partEnd += 1 }
        guard let slashIndex = (0..<partEnd).first(where: { bytes[$0] == slash }) else { return nil }
        let type = trimmed(bytes, 0, slashIndex)
        let subtype = trimmed(bytes, slashIndex + 1, partEnd)
        guard !type.isEmpty, !subtype.isEmpty, !type.contains(space), !subtype.contains(space) else { return nil }
        var parameters: [String: String] = [:]
        var start = partEnd + 1
        while start <= end {
            var stop = start
            while stop < end, bytes[stop] != semicolon { stop += 1 }
            if let equalsIndex = (start..<stop).first(where: { bytes[$0] == equals }) {
                let name = trimmed(bytes, start, equalsIndex)
                var value = trimmed(bytes, equalsIndex + 1, stop)
                if value.count >= 2, value.first == quote, value.last == quote {
                    value = value.dropFirst().dropLast()
                }
                if !name.isEmpty { parameters[lowercasedString(name)] = String(decoding: value, as: UTF8.self) }
            }
            start = stop + 1
        }
        return (lowercasedString(type), lowercasedString(subtype), parameters)
    }

    /// `bytes[from..<to]` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Slice<
        UnsafeBufferPointer<UInt8>
    > {
        var lower = from
        var upper = to
        while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
        while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
        return bytes[lower..<upper]
    }

    /// The ASCII bytes as a string, lower-cased.
    private static func lowercasedString(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in zip(buffer.indices, bytes) {
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }
}
