/// How a request's path template is read and sent: where its path starts, which segments are
/// parameters, and how literal text is made valid in a URL. The runtime fills and sends templates by
/// these rules, and the generator reads them the same way (its parameters, its warnings about what is
/// sent). One file in two modules: `Sources/HTCodegenCore/Support/` links to it (the generator does not
/// depend on the runtime).
enum PathTemplateRules {
    /// One piece of a path segment: literal text, or a path parameter.
    enum SegmentPiece: Equatable {
        /// Text sent as written (escaped where a URL needs it).
        case literal(Substring)
        /// A parameter, by name, replaced by its value.
        case parameter(Substring)
    }

    /// The pieces of `segment`: a whole `:name` segment is one parameter (NEI's style); elsewhere every
    /// `{name}` is a parameter wherever it sits in the segment (`{id}`, `{id}.json`, `v{major}.{minor}`,
    /// OpenAPI's style), a name being one or more characters other than `{`, `}` and `/`. Everything
    /// else is literal: `rule:id`, `{}`, `{half`.
    static func pieces(of segment: Substring) -> [SegmentPiece] {
        if segment.hasPrefix(":"), segment.count > 1 { return [.parameter(segment.dropFirst())] }
        guard segment.contains(where: { $0 == "{" }) else { return [.literal(segment)] }
        var pieces: [SegmentPiece] = []
        var literalStart = segment.startIndex
        var index = segment.startIndex
        while let open = segment[index...].firstIndex(of: "{") {
            let nameStart = segment.index(after: open)
            guard let close = segment[nameStart...].firstIndex(where: { $0 == "}" || $0 == "{" }) else { break }
            if segment[close] == "{" {  // `{{id}`: the inner brace may open a name
                index = close
                continue
            }
            if close == nameStart {  // `{}` names nothing
                index = segment.index(after: close)
                continue
            }
            if literalStart < open { pieces.append(.literal(segment[literalStart..<open])) }
            pieces.append(.parameter(segment[nameStart..<close]))
            index = segment.index(after: close)
            literalStart = index
        }
        if literalStart < segment.endIndex { pieces.append(.literal(segment[literalStart...])) }
        return pieces
    }

    /// The names of the path parameters in `segment` (``pieces(of:)``), in order.
    static func parameterNames(in segment: Substring) -> [Substring] {
        pieces(of: segment).compactMap { piece in
            if case .parameter(let name) = piece { return name }
            return nil
        }
    }

    /// Where the path of `template` starts: after `scheme://host:port` in an absolute URL (at its first
    /// `/`, else at the end), else at the start.
    static func pathStart(in template: Substring) -> Substring.Index {
        guard let schemeEnd = schemeSeparatorEnd(in: template) else { return template.startIndex }
        return template[schemeEnd...].firstIndex(of: "/") ?? template.endIndex
    }

    /// Where the first `://` in `text` ends, if it has one (a plain byte scan: the generic substring
    /// searches cost microseconds on every request).
    static func schemeSeparatorEnd(in text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let first = utf8.index(after: colon)
            guard first < utf8.endIndex else { return nil }
            let second = utf8.index(after: first)
            if second < utf8.endIndex, utf8[first] == UInt8(ascii: "/"), utf8[second] == UInt8(ascii: "/") {
                return utf8.index(after: second)
            }
            index = first
        }
        return nil
    }

    /// Percent-encodes every byte RFC 3986 does not allow in a path (or a query), keeping valid `%XX`
    /// escapes as they are.
    static func escapingInvalid(_ text: String, inQuery: Bool) -> String {
        let bytes = Array(text.utf8)
        func isHex(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        var result = ""
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let allowed: Bool
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                allowed = true
            case UInt8(ascii: "%"):
                allowed = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
            case UInt8(ascii: "?"):
                allowed = inQuery
            default:
                allowed = "-._~!$&'()*+,;=:@/".utf8.contains(byte)
            }
            if allowed {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
            index += 1
        }
        return result
    }
}
