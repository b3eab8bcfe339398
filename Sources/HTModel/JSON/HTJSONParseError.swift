/// The error thrown by ``HTJSONParser`` when its input is not a JSON text it accepts.
///
/// The error locates the problem three ways: ``offset`` is the zero-based byte offset into the input
/// (including a leading byte order mark, if any), and ``line``/``column`` give the same position as a
/// person counts it: lines are separated by `\n` (LF) and both numbers start at 1; the column counts
/// bytes, not characters, so a multi-byte UTF-8 character earlier on the line counts for each of its
/// bytes. Line and column are worked out only when an error is thrown, never while parsing.
public struct HTJSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the parser was looking for when it met something else; part of ``Reason``'s
    /// `unexpectedCharacter` and `unexpectedEndOfInput`.
    public enum Expectation: Sendable, Equatable {
        /// A value: an object, array, string, number, `true`, `false` or `null`.
        case value
        /// A value or the `]` that closes an empty array.
        case valueOrClosingBracket
        /// A member name (a string) after `,` in an object.
        case memberName
        /// A member name or the `}` that closes an empty object.
        case memberNameOrClosingBrace
        /// The `:` between a member name and its value.
        case colon
        /// A `,` or the `]` that closes the array, after an element.
        case commaOrClosingBracket
        /// A `,` or the `}` that closes the object, after a member.
        case commaOrClosingBrace
        /// The `"` that ends a string.
        case endOfString
    }

    /// Why the input was rejected.
    public enum Reason: Sendable, Equatable {
        /// The input is empty or holds only whitespace (and possibly a UTF-8 byte order mark).
        case emptyInput
        /// The input ended where more was required.
        case unexpectedEndOfInput(expected: Expectation)
        /// A byte that cannot appear at this point; the byte is given with what was expected instead.
        case unexpectedCharacter(UInt8, expected: Expectation)
        /// A word starting with `t`, `f` or `n` that is not exactly `true`, `false` or `null`.
        case invalidLiteral
        /// A number that breaks the JSON grammar: a leading zero followed by digits, a `-` or `.` not
        /// followed by a digit, an exponent without digits. The offset is that of the offending byte.
        case invalidNumber
        /// A number too large in magnitude to be represented as a finite `Double` (such as `1e400`).
        /// Numbers too small are not an error: they become zero or a subnormal value.
        case numberOutOfRange
        /// An integer (no fraction, no exponent) outside the range of `Int64`, rejected because
        /// ``HTJSONParser/Options/largeIntegers`` is ``HTJSONParser/Options/LargeIntegers/reject``.
        case integerOutOfRange
        /// A backslash in a string followed by something other than `"`, `\`, `/`, `b`, `f`, `n`,
        /// `r`, `t` or `u`.
        case invalidEscape
        /// A `\u` escape not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape naming a UTF-16 surrogate that is not part of a high-low surrogate pair.
        case loneSurrogate
        /// Bytes that are not well-formed UTF-8 inside a string: a stray continuation byte, an overlong
        /// encoding, an encoded surrogate, a code point above U+10FFFF or a truncated sequence.
        case invalidUTF8
        /// An unescaped control character (U+0000 to U+001F) inside a string; the byte is given.
        case controlCharacterInString(UInt8)
        /// Something other than whitespace after the top-level value.
        case trailingData
        /// Arrays and objects are nested more deeply than ``HTJSONParser/Options/maxDepth`` (given).
        case depthLimitExceeded(Int)
        /// The input starts like UTF-16 or UTF-32 text: a UTF-16 byte order mark, a zero first byte, or
        /// zero second and fourth bytes (the patterns of RFC 4627 §3). Only UTF-8 is accepted.
        case unsupportedEncoding
    }

    /// Why the input was rejected.
    public var reason: Reason
    /// The zero-based byte offset of the problem in the input.
    public var offset: Int
    /// The 1-based line of the problem (lines are separated by `\n`).
    public var line: Int
    /// The 1-based column of the problem, counted in bytes from the start of its line.
    public var column: Int

    /// Creates an error from its parts.
    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Creates an error for `offset` in `bytes`, working out the line and column.
    init(reason: Reason, offset: Int, in bytes: UnsafeRawBufferPointer) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.init(reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// A readable account of the error, such as
    /// `line 3, column 14 (byte 52): expected ',' or '}' after an object member, found ']'`.
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(reason)"
    }
}

extension HTJSONParseError.Expectation: CustomStringConvertible {
    /// What was expected, in words (such as `',' or '}' after an object member`).
    public var description: String {
        switch self {
        case .value: return "a value"
        case .valueOrClosingBracket: return "a value or ']'"
        case .memberName: return "a member name (a string)"
        case .memberNameOrClosingBrace: return "a member name (a string) or '}'"
        case .colon: return "':' after a member name"
        case .commaOrClosingBracket: return "',' or ']' after an array element"
        case .commaOrClosingBrace: return "',' or '}' after an object member"
        case .endOfString: return "'\"' to end the string"
        }
    }
}

extension HTJSONParseError.Reason: CustomStringConvertible {
    /// The reason in words.
    public var description: String {
        switch self {
        case .emptyInput:
            return "the input holds no JSON value"
        case .unexpectedEndOfInput(let expected):
            return "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let byte, let expected):
            return "expected \(expected), found \(Self.describe(byte))"
        case .invalidLiteral:
            return "invalid literal (expected true, false or null)"
        case .invalidNumber:
            return "invalid number"
        case .numberOutOfRange:
            return "number too large to be represented as a Double"
        case .integerOutOfRange:
            return "integer outside the range of a 64-bit integer"
        case .invalidEscape:
            return "invalid escape sequence in string"
        case .invalidUnicodeEscape:
            return "\\u escape not followed by four hexadecimal digits"
        case .loneSurrogate:
            return "\\u escape names a lone UTF-16 surrogate"
        case .invalidUTF8:
            return "invalid UTF-8"
        case .controlCharacterInString(let byte):
            return "unescaped control character \(Self.describe(byte)) in string"
        case .trailingData:
            return "unexpected data after the top-level value"
        case .depthLimitExceeded(let limit):
            return "arrays and objects nested more deeply than the limit of \(limit)"
        case .unsupportedEncoding:
            return "the input looks like UTF-16 or UTF-32; only UTF-8 is supported"
        }
    }

    /// `'x'` for a printable ASCII byte, `byte 0xNN` otherwise.
    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
