/// Parses a spec file's JSON into ``JSONNode``s that remember their line and column.
///
/// Spec files are written by people, so errors say what was expected in words, at the exact position;
/// duplicate keys in an object are errors (a later key would silently win otherwise). Nesting is
/// limited (``maxDepth``) so no input can overflow the stack.
package struct JSONDocumentParser {
    /// The deepest nesting accepted; spec files need a handful of levels.
    package static let maxDepth = 128

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    /// A syntax error: the first one stops parsing.
    package struct SyntaxError: Error, Sendable {
        /// The diagnostic to report.
        package var diagnostic: Diagnostic
    }

    /// Parses `bytes` read from `file` (the name used in locations).
    package static func parse(_ bytes: [UInt8], file: String) throws(SyntaxError) -> JSONNode {
        let result: Result<JSONNode, SyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONDocumentParser(bytes: buffer, file: file)
            do throws(SyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func fail(_ message: String, at location: SourceLocation? = nil) -> SyntaxError {
        SyntaxError(diagnostic: Diagnostic(.error, message, at: location ?? self.location))
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Skips spaces, tabs and line breaks in one loop over locals (this runs for most bytes of a spec,
    /// and the generator runs in debug builds inside the build plugin, where every call counts).
    private mutating func skipWhitespace() {
        var position = index
        var currentLine = line
        var currentColumn = column
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                currentColumn += 1
            } else if byte == 0x0A {
                currentLine += 1
                currentColumn = 1
            } else {
                break
            }
            position += 1
        }
        index = position
        line = currentLine
        column = currentColumn
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
        }
        skipWhitespace()
        guard current != nil else { throw fail("the file is empty; a spec is a JSON object") }
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if current != nil {
            throw fail("unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return node
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels") }
        let start = location
        guard let byte = current else { throw fail("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start)
        default:
            throw fail(
                "expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let start = location
        for expected in word.utf8 {
            guard current == expected else { throw fail("invalid literal; did you mean '\(word)'?", at: start) }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONNode {
        let start = location
        advance()
        var members: [JSONMember] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return JSONNode(value: .object([]), location: start)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw fail("trailing comma before '}' is not allowed in JSON") }
                throw fail("expected a quoted key, found \(describeCurrent())")
            }
            let keyLocation = location
            let key = try parseString()
            // Small objects (almost all of them) are checked for duplicates by a scan; large ones by hashing.
            if members.count < 16 {
                if let first = members.first(where: { $0.key == key }) {
                    throw fail(
                        "duplicate key '\(key)' (first defined at line \(first.keyLocation.line), column \(first.keyLocation.column))",
                        at: keyLocation)
                }
                if members.count == 15 {
                    for member in members { seen[member.key] = member.keyLocation }
                }
            } else if let first = seen[key] {
                throw fail(
                    "duplicate key '\(key)' (first defined at line \(first.line), column \(first.column))",
                    at: keyLocation)
            }
            if members.count >= 15 { seen[key] = keyLocation }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key '\(key)', found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                return JSONNode(value: .object(members), location: start)
            default:
                throw fail("expected ',' or '}' after the value of '\(key)', found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONNode {
        let start = location
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return JSONNode(value: .array([]), location: start)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw fail("trailing comma before ']' is not allowed in JSON") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                return JSONNode(value: .array(elements), location: start)
            default:
                throw fail("expected ',' or ']' in the array, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        // Fast path: printable ASCII up to the closing quote, without escapes: one scan, one String.
        var end = index + 1
        let count = bytes.count
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            end += 1
        }
        if end < count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
            column += end + 1 - index
            index = end + 1
            return text
        }
        return try parseStringSlowly()
    }

    /// The general case: escapes, surrogate pairs, non-ASCII UTF-8 (validated), and the errors.
    private mutating func parseStringSlowly() throws(SyntaxError) -> String {
        let start = location
        advance()
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            if byte == UInt8(ascii: "\"") {
                advance()
                if pendingHighSurrogate != nil { throw fail("lone surrogate in a \\u escape", at: start) }
                return String(scalars)
            }
            if byte < 0x20 {
                throw fail(
                    "control character (byte 0x\(String(byte, radix: 16))) in a string; write it as an escape such as \\n"
                )
            }
            if byte == UInt8(ascii: "\\") {
                let escapeLocation = location
                advance()
                guard let escaped = current else { throw fail("unterminated string", at: start) }
                advance()
                var scalarValue: UInt32
                switch escaped {
                case UInt8(ascii: "\""): scalarValue = 0x22
                case UInt8(ascii: "\\"): scalarValue = 0x5C
                case UInt8(ascii: "/"): scalarValue = 0x2F
                case UInt8(ascii: "b"): scalarValue = 0x08
                case UInt8(ascii: "f"): scalarValue = 0x0C
                case UInt8(ascii: "n"): scalarValue = 0x0A
                case UInt8(ascii: "r"): scalarValue = 0x0D
                case UInt8(ascii: "t"): scalarValue = 0x09
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = current, let digit = Self.hexValue(hex) else {
                            throw fail("invalid \\u escape; it needs four hexadecimal digits", at: escapeLocation)
                        }
                        value = value * 16 + digit
                        advance()
                    }
                    scalarValue = value
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(escaped)))'", at: escapeLocation)
                }
                if let high = pendingHighSurrogate {
                    guard (0xDC00...0xDFFF).contains(scalarValue) else {
                        throw fail("lone surrogate in a \\u escape", at: escapeLocation)
                    }
                    scalarValue = 0x10000 + ((high - 0xD800) << 10) + (scalarValue - 0xDC00)
                    pendingHighSurrogate = nil
                } else if (0xD800...0xDBFF).contains(scalarValue) {
                    pendingHighSurrogate = scalarValue
                    continue
                } else if (0xDC00...0xDFFF).contains(scalarValue) {
                    throw fail("lone surrogate in a \\u escape", at: escapeLocation)
                }
                guard let scalar = Unicode.Scalar(scalarValue) else {
                    throw fail("invalid \\u escape", at: escapeLocation)
                }
                scalars.append(scalar)
                continue
            }
            if pendingHighSurrogate != nil { throw fail("lone surrogate in a \\u escape") }
            if byte < 0x80 {
                scalars.append(Unicode.Scalar(byte))
                advance()
                continue
            }
            guard let (scalar, length) = decodeUTF8(at: index) else { throw fail("invalid UTF-8 in a string") }
            scalars.append(scalar)
            for _ in 0..<length { advance() }
        }
    }

    private func decodeUTF8(at position: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[position]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard position + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[position + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = location
        let startIndex = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else { throw fail("invalid number", at: start) }
        if current == UInt8(ascii: "0") {
            advance()
            if isDigit(current) { throw fail("numbers cannot have leading zeros", at: start) }
        } else {
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw fail("invalid number: a digit must follow '.'", at: start) }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw fail("invalid number: the exponent has no digits", at: start) }
            while isDigit(current) { advance() }
        }
        return String(decoding: bytes[startIndex..<index], as: UTF8.self)
    }
}
