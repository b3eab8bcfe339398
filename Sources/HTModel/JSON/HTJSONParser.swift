import Foundation

/// A strict, validating JSON parser (RFC 8259) producing ``HTJSON`` values.
///
/// The parser is iterative: open arrays and objects live on explicit stacks rather than on the call
/// stack, so no input can overflow the thread's stack whatever ``Options/maxDepth`` is set to.
///
/// ## What is accepted
/// Exactly the JSON texts of RFC 8259: one value of any kind (scalars included) surrounded by optional
/// whitespace (space, tab, LF, CR), in UTF-8. Every `y_` case of the JSONTestSuite is accepted and
/// every `n_` case rejected. For what RFC 8259 leaves to implementations (the suite's `i_` cases):
///
/// - **Byte order mark**: one UTF-8 BOM (`EF BB BF`) at the very start is skipped, as RFC 8259 §8.1
///   allows. Offsets in errors still count its three bytes. A BOM alone is ``HTJSONParseError/Reason/emptyInput``.
/// - **Other encodings**: input that starts like UTF-16 or UTF-32 (a UTF-16 BOM, a zero first byte,
///   or zero second and fourth bytes) is rejected with ``HTJSONParseError/Reason/unsupportedEncoding``;
///   any other non-UTF-8 input fails at its first ill-formed byte.
/// - **Invalid UTF-8** anywhere in a string (overlong forms, encoded surrogates, code points above
///   U+10FFFF, stray or missing continuation bytes) is rejected with
///   ``HTJSONParseError/Reason/invalidUTF8``; it is never replaced by U+FFFD.
/// - **Lone surrogates** in `\u` escapes (a high surrogate not followed by a `\u` low surrogate, or a
///   low surrogate on its own) are rejected with ``HTJSONParseError/Reason/loneSurrogate``. `\u0000`
///   is accepted and gives a string containing U+0000.
/// - **Integers** (numbers with neither fraction nor exponent) that fit in `Int64`, from
///   -9223372036854775808 to 9223372036854775807, become ``HTJSON/integer(_:)``. Larger ones never
///   wrap: by default (``Options/LargeIntegers/exact``) they become ``HTJSON/number(_:)`` with their
///   exact digits, so `18446744073709551615` maps to a `UInt64` exactly and to `Int` as a mapping
///   diagnostic, never a wrong number; ``Options/largeIntegers`` can round them to the nearest `Double`,
///   keep their text as a string, or reject them with ``HTJSONParseError/Reason/integerOutOfRange``.
///   `-0` is the integer 0 (`-0.0` is the double negative zero).
/// - **Other numbers** of at most 15 significant digits become ``HTJSON/double(_:)``, correctly
///   rounded: a `Double` holds every such number exactly (its shortest text is the number), so `12.12`
///   reads back as `12.12` into a `Decimal` too. Numbers of more significant digits keep them in
///   ``HTJSON/number(_:)`` (a `Double` property gets the nearest `Double`, a `Decimal` the digits). A
///   number whose magnitude is too large for a finite `Double` (such as `1e400` or a 400-digit
///   integer) is rejected with ``HTJSONParseError/Reason/numberOutOfRange``: the parser never produces
///   infinity. A number too small for a normal `Double` (`1e-400`) is not an error either: it keeps
///   its digits in ``HTJSON/number(_:)`` (a `Double` property gets the nearest, a subnormal or zero
///   keeping its sign; a `Decimal` property `nil` and a diagnostic, never zero) unless a `Double` holds
///   it exactly; only beyond an exponent of -32,000 does it become zero.
/// - **Duplicate keys** are kept, in document order; ``HTJSONObject``'s lookup returns the last one.
/// - **Nesting** deeper than ``Options/maxDepth`` arrays and objects is rejected with
///   ``HTJSONParseError/Reason/depthLimitExceeded(_:)``.
///
/// ## Performance
/// The parser works on the input bytes in place, scanning strings, whitespace and digits eight bytes
/// at a time, and builds each array and object once, at its end. Member names that repeat (as in
/// every element of an array of objects) and string values longer than 15 bytes that repeat share one
/// `String` instead of being validated and allocated again. A parser holds no state between calls:
/// one instance can be used from any number of threads at once.
public struct HTJSONParser: Sendable {
    /// Settings of a parser.
    public struct Options: Sendable {
        /// The greatest number of arrays and objects that may be open at once: `[[]]` has depth 2,
        /// a scalar depth 0. Deeper input is rejected with ``HTJSONParseError/Reason/depthLimitExceeded(_:)``.
        /// The default is 512. The parser itself does not recurse, so any limit is safe for its stack;
        /// but releasing a nested value (like any nested Swift enum) and code that walks it
        /// recursively use stack in proportion to the depth, which is what the default protects.
        public var maxDepth: Int

        /// What becomes of an integer (no fraction, no exponent) outside the range of `Int64`, such as
        /// a 20-digit identifier. The default is ``LargeIntegers/exact``.
        public var largeIntegers: LargeIntegers

        /// What the parser makes of an integer too large for `Int64`. None of them wraps.
        public enum LargeIntegers: Sendable, Hashable {
            /// ``HTJSON/number(_:)`` holding the exact digits: a `UInt64` or `Decimal` property reads
            /// it exactly, a `Double` property gets the nearest `Double`, and it is written back as the
            /// same number. One too large for a finite `Double` is ``HTJSONParseError/Reason/numberOutOfRange``.
            case exact
            /// ``HTJSON/double(_:)``, the nearest `Double` (digits past the 17th are lost); one too large
            /// for a finite `Double` is ``HTJSONParseError/Reason/numberOutOfRange``.
            case nearestDouble
            /// ``HTJSON/string(_:)`` holding the number's exact text (`"-123456789012345678901234567890"`):
            /// it maps to a `String` property digit for digit (and to `Int` as a mapping diagnostic),
            /// but is written back as a JSON string.
            case exactText
            /// Rejected with ``HTJSONParseError/Reason/integerOutOfRange`` at the number's offset.
            case reject
        }

        /// Creates options.
        /// - Parameters:
        ///   - maxDepth: the greatest nesting depth of arrays and objects (default 512).
        ///   - largeIntegers: what becomes of integers outside `Int64` (default: their exact digits).
        public init(maxDepth: Int = 512, largeIntegers: LargeIntegers = .exact) {
            self.maxDepth = maxDepth
            self.largeIntegers = largeIntegers
        }
    }

    /// The parser's settings.
    public var options: Options

    /// Creates a parser.
    /// - Parameter options: the settings to parse with.
    public init(options: Options = .init()) {
        self.options = options
    }

    /// Parses the JSON text in `bytes` (UTF-8).
    /// - Throws: ``HTJSONParseError`` locating the first problem when `bytes` is not a JSON text.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(HTJSONParseError) -> HTJSON {
        let maxDepth = options.maxDepth
        let largeIntegers = options.largeIntegers
        let result = bytes.withMemoryRebound(to: UInt8.self) { buffer -> Result<HTJSON, _HTJSONRawError> in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(_HTJSONRawError(reason: .emptyInput, offset: 0))
            }
            var core = _HTJSONParserCore(bytes: base, count: buffer.count, maxDepth: maxDepth)
            core.largeIntegers = largeIntegers
            return Result { () throws(_HTJSONRawError) -> HTJSON in try core.parseDocument() }
        }
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            throw HTJSONParseError(reason: error.reason, offset: error.offset, in: bytes)
        }
    }

    /// Parses the JSON text in `data` (UTF-8).
    /// - Throws: ``HTJSONParseError`` locating the first problem when `data` is not a JSON text.
    public func parse(_ data: Data) throws(HTJSONParseError) -> HTJSON {
        let result: Result<HTJSON, HTJSONParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(HTJSONParseError) -> HTJSON in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses the JSON text in `bytes` (UTF-8).
    /// - Throws: ``HTJSONParseError`` locating the first problem when `bytes` is not a JSON text.
    public func parse(_ bytes: [UInt8]) throws(HTJSONParseError) -> HTJSON {
        let result: Result<HTJSON, HTJSONParseError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(HTJSONParseError) -> HTJSON in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses the JSON text in `string`. Offsets in errors count the string's UTF-8 bytes.
    /// - Throws: ``HTJSONParseError`` locating the first problem when `string` is not a JSON text.
    public func parse(_ string: String) throws(HTJSONParseError) -> HTJSON {
        var string = string
        let result: Result<HTJSON, HTJSONParseError> = string.withUTF8 { buffer in
            Result { () throws(HTJSONParseError) -> HTJSON in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}

extension HTJSON {
    /// Parses the JSON text in `data` (UTF-8) with ``HTJSONParser``.
    /// - Throws: ``HTJSONParseError`` locating the first problem when `data` is not a JSON text.
    public init(parsing data: Data, options: HTJSONParser.Options = .init()) throws(HTJSONParseError) {
        self = try HTJSONParser(options: options).parse(data)
    }

    /// Parses the JSON text in `string` with ``HTJSONParser``.
    /// - Throws: ``HTJSONParseError`` locating the first problem when `string` is not a JSON text.
    public init(parsing string: String, options: HTJSONParser.Options = .init()) throws(HTJSONParseError) {
        self = try HTJSONParser(options: options).parse(string)
    }
}

/// A parse error before its line and column are worked out.
struct _HTJSONRawError: Error {
    var reason: HTJSONParseError.Reason
    var offset: Int
}

/// The state of one parse: the input, the cursor and the stacks of open containers.
///
/// Values of open arrays and objects accumulate on `values` (and member names on `keys`); `frames`
/// holds one entry per open container: the index in `values` of its first element, bitwise-negated
/// for an object. When a container closes, its elements are moved off the stack into its array.
struct _HTJSONParserCore: ~Copyable {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let maxDepth: Int
    /// What becomes of integers outside `Int64` (see ``HTJSONParser/Options/largeIntegers``).
    var largeIntegers = HTJSONParser.Options.LargeIntegers.nearestDouble
    /// The index of the next byte to read.
    var pos: Int = 0
    var values = _HTJSONValueStack<HTJSON>(initialCapacity: 32)
    var keys = _HTJSONValueStack<String>(initialCapacity: 16)
    var frames = _HTJSONValueStack<Int>(initialCapacity: 16)
    var keyCache = _HTJSONKeyCache()
    /// The same for string values longer than 15 bytes, which repeat often too (URLs, dates, names).
    var valueCache = _HTJSONKeyCache()
    /// Where strings that have escapes and non-ASCII characters are decoded before validation.
    var scratch: [UInt8] = []

    init(bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
    }

    typealias B = _HTJSONBytes

    @inline(__always)
    func fail(_ reason: HTJSONParseError.Reason, at offset: Int) -> _HTJSONRawError {
        _HTJSONRawError(reason: reason, offset: offset)
    }

    /// The error for the byte at `pos` (or the end of input) when `expected` was wanted.
    @inline(never)
    func unexpected(_ expected: HTJSONParseError.Expectation) -> _HTJSONRawError {
        if pos >= count {
            return fail(.unexpectedEndOfInput(expected: expected), at: count)
        }
        return fail(.unexpectedCharacter(bytes[pos], expected: expected), at: pos)
    }

    /// Moves `pos` past any whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        // Minified JSON has no whitespace at all: leave at once.
        if pos < count && bytes[pos] > B.space { return }
        skipWhitespaceRun()
    }

    @inline(__always)
    mutating func skipWhitespaceRun() {
        let p = bytes
        let n = count
        var i = pos
        while i < n {
            let c = p[i]
            if c == B.space {
                i &+= 1
            } else if c == B.newline || c == B.carriageReturn || c == B.tab {
                i &+= 1
                // Skip the indentation of pretty-printed JSON a word at a time: the lowest non-zero
                // byte of `word ^ "        "` is the first byte that is not a space.
                while i &+ 8 <= n {
                    let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                    let different = word ^ 0x2020_2020_2020_2020
                    if different != 0 {
                        i &+= different.trailingZeroBitCount &>> 3
                        break
                    }
                    i &+= 8
                }
            } else {
                break
            }
        }
        pos = i
    }

    /// Parses the whole input as one JSON text.
    mutating func parseDocument() throws(_HTJSONRawError) -> HTJSON {
        let p = bytes
        // Encoding sniffing (RFC 4627 §3): a UTF-16 BOM, a zero first byte (UTF-16BE, UTF-32BE), or
        // zero second and fourth bytes (UTF-16LE, UTF-32LE) mean the text is not UTF-8.
        if count >= 2
            && (p[0] == 0 || (p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)
                || (count >= 4 && p[1] == 0 && p[3] == 0))
        {
            throw fail(.unsupportedEncoding, at: 0)
        }
        if count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            pos = 3
        }
        skipWhitespace()
        if pos >= count {
            throw fail(.emptyInput, at: count)
        }

        var expecting = HTJSONParseError.Expectation.value
        parseValue: while true {
            // `pos` is at the first byte of a value (whitespace skipped); `expecting` says what to
            // complain about if there is none.
            guard pos < count else { throw unexpected(expecting) }
            let c = p[pos]
            switch c {
            case UInt8(ascii: "\""):
                values.push(.string(try parseString()))
            case UInt8(ascii: "["):
                if frames.count >= maxDepth { throw fail(.depthLimitExceeded(maxDepth), at: pos) }
                pos &+= 1
                skipWhitespace()
                if pos < count && p[pos] == B.closeBracket {
                    pos &+= 1
                    values.push(.array([]))
                } else {
                    frames.push(values.count)
                    expecting = .valueOrClosingBracket
                    continue parseValue
                }
            case UInt8(ascii: "{"):
                if frames.count >= maxDepth { throw fail(.depthLimitExceeded(maxDepth), at: pos) }
                pos &+= 1
                skipWhitespace()
                if pos < count && p[pos] == B.closeBrace {
                    pos &+= 1
                    values.push(.object(HTJSONObject()))
                } else {
                    frames.push(~values.count)
                    try parseMemberName(expecting: .memberNameOrClosingBrace)
                    expecting = .value
                    continue parseValue
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.push(try parseNumber())
            case UInt8(ascii: "t"):
                guard pos &+ 4 <= count, p[pos &+ 1] == UInt8(ascii: "r"), p[pos &+ 2] == UInt8(ascii: "u"),
                    p[pos &+ 3] == UInt8(ascii: "e")
                else { throw fail(.invalidLiteral, at: pos) }
                pos &+= 4
                values.push(.bool(true))
            case UInt8(ascii: "f"):
                guard pos &+ 5 <= count, p[pos &+ 1] == UInt8(ascii: "a"), p[pos &+ 2] == UInt8(ascii: "l"),
                    p[pos &+ 3] == UInt8(ascii: "s"), p[pos &+ 4] == UInt8(ascii: "e")
                else { throw fail(.invalidLiteral, at: pos) }
                pos &+= 5
                values.push(.bool(false))
            case UInt8(ascii: "n"):
                guard pos &+ 4 <= count, p[pos &+ 1] == UInt8(ascii: "u"), p[pos &+ 2] == UInt8(ascii: "l"),
                    p[pos &+ 3] == UInt8(ascii: "l")
                else { throw fail(.invalidLiteral, at: pos) }
                pos &+= 4
                values.push(.null)
            default:
                throw unexpected(expecting)
            }

            // A value is complete: continue the innermost open container, or finish.
            while true {
                guard let frame = frames.last else {
                    skipWhitespace()
                    if pos < count { throw fail(.trailingData, at: pos) }
                    return values.pop()
                }
                skipWhitespace()
                guard pos < count else {
                    throw unexpected(frame >= 0 ? .commaOrClosingBracket : .commaOrClosingBrace)
                }
                let c = p[pos]
                if frame >= 0 {
                    if c == B.comma {
                        pos &+= 1
                        skipWhitespace()
                        expecting = .value
                        continue parseValue
                    }
                    guard c == B.closeBracket else { throw unexpected(.commaOrClosingBracket) }
                    pos &+= 1
                    _ = frames.pop()
                    let elements = values.popArray(from: frame)
                    values.push(.array(elements))
                } else {
                    if c == B.comma {
                        pos &+= 1
                        skipWhitespace()
                        try parseMemberName(expecting: .memberName)
                        expecting = .value
                        continue parseValue
                    }
                    guard c == B.closeBrace else { throw unexpected(.commaOrClosingBrace) }
                    pos &+= 1
                    _ = frames.pop()
                    let object = closeObject(valueStart: ~frame)
                    values.push(.object(object))
                }
            }
        }
    }

    /// Moves the members of the object whose first value is at `valueStart` off the stacks.
    @inline(__always)
    mutating func closeObject(valueStart: Int) -> HTJSONObject {
        let n = values.count &- valueStart
        let members = values.consumeTop(n) { (valuePointer) -> [HTJSONObject.Member] in
            keys.consumeTop(n) { keyPointer in
                typealias Member = HTJSONObject.Member
                @inline(__always) func member(_ index: Int) -> Member {
                    Member(key: (keyPointer + index).move(), value: (valuePointer + index).move())
                }
                // Literals for small objects, reserved capacity for others: see
                // `_HTJSONValueStack.popArray(from:)`.
                switch n {
                case 1: return [member(0)]
                case 2: return [member(0), member(1)]
                case 3: return [member(0), member(1), member(2)]
                case 4: return [member(0), member(1), member(2), member(3)]
                default: break
                }
                var members: [Member] = []
                members.reserveCapacity(n)
                for index in 0..<n {
                    members.append(member(index))
                }
                return members
            }
        }
        return HTJSONObject(members: members)
    }

    /// Parses `"name"` and the `:` after it (and the whitespace after that), pushing the name on `keys`.
    /// `pos` is at the byte where the name should start.
    @inline(__always)
    mutating func parseMemberName(expecting: HTJSONParseError.Expectation) throws(_HTJSONRawError) {
        let p = bytes
        guard pos < count, p[pos] == B.quote else { throw unexpected(expecting) }
        let start = pos &+ 1
        let (stop, isASCII) = try findStringStop(from: start)
        if p[stop] == B.quote {
            pos = stop &+ 1
            let length = stop &- start
            let key = try keyCache.key(p, start: start, length: length, inputCount: count) {
                () throws(_HTJSONRawError) -> String in
                try Self.makeString(p, start: start, end: stop, isASCII: isASCII)
            }
            keys.push(key)
        } else {
            keys.push(try parseEscapedString(start: start, firstEscape: stop))
        }
        skipWhitespace()
        guard pos < count, p[pos] == B.colon else { throw unexpected(.colon) }
        pos &+= 1
        skipWhitespace()
    }

    /// Parses the string whose opening quote is at `pos`, leaving `pos` after the closing quote.
    @inline(__always)
    mutating func parseString() throws(_HTJSONRawError) -> String {
        let start = pos &+ 1
        let (stop, isASCII) = try findStringStop(from: start)
        if bytes[stop] == B.quote {
            pos = stop &+ 1
            let p = bytes
            let length = stop &- start
            // Strings that fit in a small string (15 bytes) cost no allocation: not worth caching.
            if length <= 15 { return try Self.makeString(p, start: start, end: stop, isASCII: isASCII) }
            return try valueCache.key(p, start: start, length: length, inputCount: count) {
                () throws(_HTJSONRawError) -> String in
                try Self.makeString(p, start: start, end: stop, isASCII: isASCII)
            }
        }
        return try parseEscapedString(start: start, firstEscape: stop)
    }

    /// The index of the first `"` or `\` at or after `start`, and whether the bytes before it are all
    /// ASCII; throws at a control character or at the end of the input. Scans eight bytes at a time.
    @inline(__always)
    func findStringStop(from start: Int) throws(_HTJSONRawError) -> (stop: Int, isASCII: Bool) {
        let p = bytes
        let n = count
        var i = start
        var seen: UInt64 = 0
        while i &+ 8 <= n {
            let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            let mask = B.stringStopMask(word)
            if mask != 0 {
                let byteIndex = mask.trailingZeroBitCount &>> 3
                // Keep only the bytes before the stop byte.
                seen |= word & ((1 &<< UInt64(byteIndex &<< 3)) &- 1)
                i &+= byteIndex
                let c = p[i]
                if c == B.quote || c == B.backslash { return (i, seen & 0x8080_8080_8080_8080 == 0) }
                throw fail(.controlCharacterInString(c), at: i)
            }
            seen |= word
            i &+= 8
        }
        while i < n {
            let c = p[i]
            if c == B.quote || c == B.backslash { return (i, seen & 0x8080_8080_8080_8080 == 0) }
            if c < 0x20 { throw fail(.controlCharacterInString(c), at: i) }
            seen |= UInt64(c)
            i &+= 1
        }
        throw fail(.unexpectedEndOfInput(expected: .endOfString), at: n)
    }

    /// The string made of the escape-free bytes `start..<end`, rejecting ill-formed UTF-8
    /// (`isASCII` says the bytes are known to be ASCII, which needs no check).
    @inline(__always)
    static func makeString(
        _ p: UnsafePointer<UInt8>, start: Int, end: Int, isASCII: Bool
    ) throws(_HTJSONRawError) -> String {
        let length = end &- start
        let buffer = UnsafeBufferPointer(start: p + start, count: length)
        let string: String
        if length <= 15 {
            // Measurably faster than `String(decoding:as:)` for small strings (and slower for large).
            string = String(unsafeUninitializedCapacity: length) { out in
                out.baseAddress?.update(from: p + start, count: length)
                return length
            }
        } else {
            string = String(decoding: buffer, as: UTF8.self)
        }
        if !isASCII && !isExactly(string, buffer) {
            throw _HTJSONRawError(reason: .invalidUTF8, offset: B.firstInvalidUTF8(p, from: start, to: end) ?? start)
        }
        return string
    }

    /// Whether `string` consists of exactly the bytes `utf8`.
    ///
    /// `String(decoding:as:)` validates its input anyway and replaces ill-formed sequences with
    /// U+FFFD; since the replacement is well-formed and the input was not, the result differs from
    /// the input exactly when the input was ill-formed. Comparing (a `memcmp`) is much cheaper than
    /// validating a second time.
    @inline(__always)
    static func isExactly(_ string: String, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = string.utf8.withContiguousStorageIfAvailable { stored -> Bool in
            guard stored.count == utf8.count else { return false }
            guard let a = stored.baseAddress, let b = utf8.baseAddress else { return true }
            return memcmp(a, b, utf8.count) == 0
        }
        return same ?? string.utf8.elementsEqual(utf8)
    }

    /// The slow path of ``parseString()`` for a string with escapes: a first pass validates the rest
    /// of the string and finds its end, a second decodes it straight into the new string's storage.
    @inline(never)
    mutating func parseEscapedString(start: Int, firstEscape: Int) throws(_HTJSONRawError) -> String {
        let p = bytes
        let n = count
        var i = firstEscape
        var isASCII = try findStringStop(from: start).isASCII
        // Pass 1: validate the escapes and find the end.
        while true {
            if p[i] == B.quote { break }
            // p[i] is a backslash.
            guard i &+ 1 < n else { throw fail(.unexpectedEndOfInput(expected: .endOfString), at: n) }
            switch p[i &+ 1] {
            case B.quote, B.backslash, B.slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                i &+= 2
            case UInt8(ascii: "u"):
                guard let unit = B.hex4(p, at: i &+ 2, count: n) else { throw fail(.invalidUnicodeEscape, at: i) }
                if unit >= 0xD800 && unit <= 0xDBFF {
                    guard i &+ 7 < n, p[i &+ 6] == B.backslash, p[i &+ 7] == UInt8(ascii: "u") else {
                        throw fail(.loneSurrogate, at: i)
                    }
                    guard let low = B.hex4(p, at: i &+ 8, count: n) else {
                        throw fail(.invalidUnicodeEscape, at: i &+ 6)
                    }
                    guard low >= 0xDC00 && low <= 0xDFFF else { throw fail(.loneSurrogate, at: i) }
                    i &+= 12
                } else if unit >= 0xDC00 && unit <= 0xDFFF {
                    throw fail(.loneSurrogate, at: i)
                } else {
                    i &+= 6
                }
            default:
                throw fail(.invalidEscape, at: i)
            }
            let segment = try findStringStop(from: i)
            i = segment.stop
            isASCII = isASCII && segment.isASCII
        }
        let end = i
        pos = end &+ 1
        // Pass 2: decode. Every escape decodes to no more bytes than it is written with.
        if isASCII {
            // ASCII and valid escapes (surrogates checked above) always make well-formed UTF-8.
            return String(unsafeUninitializedCapacity: end &- start) { out in
                guard let o0 = out.baseAddress else { return 0 }
                return Self.decodeEscapes(p, start: start, end: end, count: n, into: o0)
            }
        }
        // Decode into the scratch buffer, then check the result is well-formed (see `isExactly`).
        // Escapes are ASCII, so it is well-formed exactly when the raw bytes are.
        if scratch.count < end &- start { scratch = [UInt8](repeating: 0, count: Swift.max(end &- start, 256) * 2) }
        let string = scratch.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let o0 = buffer.baseAddress else { return nil }
            let length = Self.decodeEscapes(p, start: start, end: end, count: n, into: o0)
            let decoded = UnsafeBufferPointer(start: o0, count: length)
            let string = String(decoding: decoded, as: UTF8.self)
            return Self.isExactly(string, decoded) ? string : nil
        }
        guard let string else {
            throw fail(.invalidUTF8, at: B.firstInvalidUTF8(p, from: start, to: end) ?? start)
        }
        return string
    }

    /// Decodes the string body `p[start..<end]` (escapes already validated) to `out`, returning the
    /// number of bytes written, which is at most `end - start`.
    @inline(__always)
    static func decodeEscapes(
        _ p: UnsafePointer<UInt8>, start: Int, end: Int, count n: Int, into o0: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var o = o0
        var k = start
        while k < end {
            // Copy the run up to the next backslash (found with `memchr`: the runs between escapes are
            // the text of the string, often tens or hundreds of bytes).
            var runEnd = end
            if let found = memchr(p + k, Int32(B.backslash), end &- k) {
                runEnd = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(found))
            }
            if runEnd > k {
                o.update(from: p + k, count: runEnd &- k)
                o += runEnd &- k
                k = runEnd
                if k == end { break }
            }
            let e = p[k &+ 1]
            var scalar: UInt32
            switch e {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = B.hex4(p, at: k &+ 2, count: n) ?? 0xFFFD
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = B.hex4(p, at: k &+ 8, count: n) ?? 0xDC00
                    scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                    k &+= 12
                } else {
                    k &+= 6
                }
                o = Self.writeUTF8(scalar, to: o)
                continue
            default: scalar = UInt32(e)  // '"', '\\', '/'
            }
            o.pointee = UInt8(truncatingIfNeeded: scalar)
            o += 1
            k &+= 2
        }
        return o - o0
    }

    @inline(__always)
    static func writeUTF8(_ scalar: UInt32, to o: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if scalar < 0x80 {
            o[0] = UInt8(truncatingIfNeeded: scalar)
            return o + 1
        }
        if scalar < 0x800 {
            o[0] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
            o[1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return o + 2
        }
        if scalar < 0x10000 {
            o[0] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
            o[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            o[2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return o + 3
        }
        o[0] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
        o[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
        o[2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
        o[3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
        return o + 4
    }
}
