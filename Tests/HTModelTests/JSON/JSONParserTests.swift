import Foundation
import HTModel
import Testing

/// The error `text` is rejected with, or `nil` when it parses.
private func parseError(_ text: String, options: HTJSONParser.Options = .init()) -> HTJSONParseError? {
    parseError(Array(text.utf8), options: options)
}

private func parseError(_ bytes: [UInt8], options: HTJSONParser.Options = .init()) -> HTJSONParseError? {
    do {
        _ = try HTJSONParser(options: options).parse(bytes)
        return nil
    } catch {
        return error
    }
}

/// The `Double` that `text` parses to, or `nil` when it parses to something else or fails.
/// The `Double` a parsed number maps to: the `.double` itself, or the nearest `Double` of an exact
/// `.number` or `.integer` (a number of more than 15 significant digits: `9007199254740993.0`).
private func parsedDouble(_ text: String) -> Double? {
    switch try? HTJSON(parsing: text) {
    case .double(let value)?: return value
    case .number(let value)?: return value.doubleValue
    case .integer(let value)?: return Double(value)
    default: return nil
    }
}

@Suite("JSON parser: values")
struct JSONParserValueTests {
    @Test("scalars at the top level")
    func scalars() throws {
        #expect(try HTJSON(parsing: "null") == .null)
        #expect(try HTJSON(parsing: "true") == .bool(true))
        #expect(try HTJSON(parsing: "false") == .bool(false))
        #expect(try HTJSON(parsing: "0") == .integer(0))
        #expect(try HTJSON(parsing: "-12") == .integer(-12))
        #expect(try HTJSON(parsing: "1.5") == .double(1.5))
        #expect(try HTJSON(parsing: "\"\"") == .string(""))
        #expect(try HTJSON(parsing: "\"abc\"") == .string("abc"))
        #expect(try HTJSON(parsing: " \t\r\n 42 \n\t\r ") == .integer(42))
    }

    @Test("arrays and objects, nested, keys in document order")
    func containers() throws {
        #expect(try HTJSON(parsing: "[]") == .array([]))
        #expect(try HTJSON(parsing: "{}") == .object(HTJSONObject()))
        #expect(try HTJSON(parsing: "[ ]") == .array([]))
        #expect(try HTJSON(parsing: "{ \n }") == .object(HTJSONObject()))
        let value = try HTJSON(parsing: #"{"z": [1, 2.5, "x", null, true, false, [], {}], "a": {"b": {"c": [[[]]]}}}"#)
        let expected: HTJSON = [
            "z": [1, 2.5, "x", nil, true, false, [], [:]],
            "a": ["b": ["c": [[[]]]]],
        ]
        #expect(value == expected)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a"])
        // Arrays of every small size (the parser builds 1 to 4 elements specially) and beyond.
        for count in 0...9 {
            let text = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
            #expect(try HTJSON(parsing: text) == .array((0..<count).map { .integer(Int64($0)) }))
            let objectText = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
            let members = (0..<count).map { HTJSONObject.Member(key: "k\($0)", value: .integer(Int64($0))) }
            #expect(try HTJSON(parsing: objectText) == .object(HTJSONObject(members: members)))
        }
    }

    @Test("duplicate keys are kept in order; lookup returns the last")
    func duplicateKeys() throws {
        let value = try HTJSON(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["a", "b", "a"])
        #expect(object["a"] == .integer(3))
    }

    @Test("repeated keys and long repeated values come out right (key and value caches)")
    func repeatedKeysAndValues() throws {
        let longValue = "a value longer than fifteen bytes, repeated"
        var text = "["
        for index in 0..<300 {
            if index > 0 { text += "," }
            // Keys of many lengths, some colliding in the caches, and a key near the end.
            text +=
                #"{"id": \#(index), "key_\#(index % 37)": "\#(longValue)", "k\#(index)": "v\#(index)\#(longValue)"}"#
        }
        text += #", {"a_final_key_longer_than_eight": "and a final value longer than 15"}]"#
        let value = try HTJSON(parsing: text)
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 301)
        for (index, element) in elements.prefix(300).enumerated() {
            guard case .object(let object) = element else {
                Issue.record("not an object")
                return
            }
            #expect(object.keys == ["id", "key_\(index % 37)", "k\(index)"])
            #expect(object["id"] == .integer(Int64(index)))
            #expect(object["key_\(index % 37)"] == .string(longValue))
            #expect(object["k\(index)"] == .string("v\(index)\(longValue)"))
        }
        #expect(elements[300] == ["a_final_key_longer_than_eight": "and a final value longer than 15"])
    }

    @Test("the caches never confuse keys or values that share their first and last bytes")
    func cacheCollisions() throws {
        // Same length, same first and last eight bytes, different middles; short keys that differ
        // only in length or in one byte; keys at the very end of the input.
        var names: [String] = []
        for middle in ["X", "Y", "XY", "YX", "", "XX", "é", "e\u{301}"] {
            names.append("abcdefgh" + middle + "stuvwxyz")
        }
        names += ["", "a", "b", "ab", "ba", "abc", "abcd", "abcde", "abcdefg", "abcdefgh", "abcdefgi", "bbcdefgh"]
        names += ["abcdefghabcdefgh", "abcdefghabcdefgi", "abcdefghabcdefghi", "\u{0}", "\u{0}\u{0}", "日本", "日本語"]
        var text = "["
        var expected: [HTJSON] = []
        for round in 0..<6 {
            for (index, name) in names.enumerated() {
                let key = name.replacingOccurrences(of: "\u{0}", with: "\\u0000")
                let value = "value of \(name) that is long enough to be cached"
                let valueText = "value of \(key) that is long enough to be cached"
                text += (text.count > 1 ? "," : "") + "{\"\(key)\":\"\(valueText)\",\"n\":\(round * 100 + index)}"
                expected.append(
                    .object(
                        HTJSONObject(members: [
                            .init(key: name, value: .string(value)),
                            .init(key: "n", value: .integer(Int64(round * 100 + index))),
                        ])))
            }
        }
        #expect(try HTJSON(parsing: text + "]") == .array(expected))
        // Short keys right at the end of the input (no room for an eight-byte load past them).
        for name in ["a", "ab", "abc", "abcdefg"] {
            let many = String(repeating: "{\"\(name)\":1,\"\(name)x\":2},", count: 60)
            let value = try HTJSON(parsing: "[" + many + "{\"" + name + "\":3}]")
            guard case .array(let elements) = value, case .object(let last)? = elements.last else {
                Issue.record("not an array of objects")
                continue
            }
            #expect(last.keys == [name])
            #expect(elements.count == 61)
            #expect(
                elements.first
                    == .object(HTJSONObject(members: [.init(key: name, value: 1), .init(key: name + "x", value: 2)])))
        }
    }

    @Test(
        "the caches stay right while they grow: keys and values met before, during and after each growth",
        arguments: [20, 33, 64, 65, 100, 129, 257, 300, 513, 700])
    func cacheGrowth(distinct: Int) throws {
        // Objects of three members, cycling through `distinct` names and long values, three times over,
        // so that names are looked up again after the tables have grown (and, past 512, been replaced).
        var text = "["
        var expected: [HTJSON] = []
        for index in 0..<(distinct * 3) {
            let name = "member_\(index % distinct)"
            let long = "a long value number \(index % distinct), cached"
            let short = "k\(index % 7)"
            text += (index > 0 ? "," : "") + #"{"\#(name)":"\#(long)","\#(short)":\#(index),"same":"\#(long)"}"#
            expected.append(
                .object(
                    HTJSONObject(members: [
                        .init(key: name, value: .string(long)),
                        .init(key: short, value: .integer(Int64(index))),
                        .init(key: "same", value: .string(long)),
                    ])))
        }
        #expect(try HTJSON(parsing: text + "]") == .array(expected))
    }

    @Test("every entry point gives the same value")
    func entryPoints() throws {
        let text = #"{"a": [1, "é"]}"#
        let expected: HTJSON = ["a": [1, "é"]]
        let parser = HTJSONParser()
        #expect(try parser.parse(text) == expected)
        #expect(try parser.parse(Data(text.utf8)) == expected)
        #expect(try parser.parse(Array(text.utf8)) == expected)
        let bytes = Array(text.utf8)
        let fromBuffer = try bytes.withUnsafeBytes { buffer in try parser.parse(buffer) }
        #expect(fromBuffer == expected)
        #expect(try HTJSON(parsing: Data(text.utf8)) == expected)
        #expect(try HTJSON(parsing: text) == expected)
        // A Data slice that does not start at index 0.
        let padded = Data("xx".utf8) + Data(text.utf8)
        #expect(try parser.parse(padded.dropFirst(2)) == expected)
    }

    @Test("a UTF-8 byte order mark at the start is skipped")
    func byteOrderMark() throws {
        #expect(try HTJSON(parsing: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
        #expect(try HTJSON(parsing: "\u{FEFF}{}") == .object(HTJSONObject()))
        #expect(parseError([0xEF, 0xBB, 0xBF])?.reason == .emptyInput)
        // Only at the start.
        #expect(
            parseError([0x5B, 0xEF, 0xBB, 0xBF, 0x5D])?.reason
                == .unexpectedCharacter(0xEF, expected: .valueOrClosingBracket))
    }

    @Test("UTF-16 and UTF-32 input is rejected")
    func otherEncodings() {
        #expect(parseError([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])?.reason == .unsupportedEncoding)
        #expect(parseError([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D])?.reason == .unsupportedEncoding)
        #expect(parseError([0x5B, 0x00, 0x5D, 0x00])?.reason == .unsupportedEncoding)
        #expect(parseError([0x00, 0x5B, 0x00, 0x5D])?.reason == .unsupportedEncoding)
        #expect(parseError([0x00, 0x00, 0x00, 0x5B])?.reason == .unsupportedEncoding)
        #expect(parseError([0x5B, 0x00, 0x00, 0x00])?.reason == .unsupportedEncoding)
        // A zero byte that does not look like UTF-16 is just a zero byte.
        #expect(parseError([0x22, 0x00, 0x22])?.reason == .controlCharacterInString(0))
        #expect(parseError([0x31, 0x00])?.reason == .trailingData)
    }
}

@Suite("JSON parser: strings")
struct JSONParserStringTests {
    @Test("simple escapes")
    func simpleEscapes() throws {
        #expect(try HTJSON(parsing: #""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try HTJSON(parsing: #""a\nb""#) == .string("a\nb"))
        #expect(try HTJSON(parsing: #""\\""#) == .string("\\"))
        #expect(try HTJSON(parsing: #""x\"""#) == .string("x\""))
    }

    @Test("\\u escapes, surrogate pairs and U+0000")
    func unicodeEscapes() throws {
        #expect(try HTJSON(parsing: #""\u0041\u00e9\u20AC\uFFFF""#) == .string("Aé€\u{FFFF}"))
        #expect(try HTJSON(parsing: #""\uD83D\uDE00""#) == .string("😀"))
        #expect(try HTJSON(parsing: #""\ud83d\ude00 and \uDBFF\uDFFF""#) == .string("😀 and \u{10FFFF}"))
        #expect(try HTJSON(parsing: #""\u0000""#) == .string("\u{0}"))
        #expect(try HTJSON(parsing: #""\u007f\u0080\u07FF\u0800""#) == .string("\u{7F}\u{80}\u{7FF}\u{800}"))
    }

    @Test("raw UTF-8, with and without escapes, in short and long strings")
    func rawUTF8() throws {
        #expect(try HTJSON(parsing: "\"héllo 日本 😀\"") == .string("héllo 日本 😀"))
        #expect(try HTJSON(parsing: "\"é\"") == .string("é"))
        let long = String(repeating: "日本語のテキスト、", count: 20)
        #expect(try HTJSON(parsing: "\"\(long)\"") == .string(long))
        #expect(try HTJSON(parsing: "\"\(long)\\n\(long)\"") == .string(long + "\n" + long))
        #expect(
            try HTJSON(parsing: "\"ascii text that is rather long \\t with an escape\"")
                == .string("ascii text that is rather long \t with an escape"))
        #expect(try HTJSON(parsing: "\"\\u00e9t\u{E9} 😀\\ud83d\\ude00\"") == .string("été 😀😀"))
        // DEL and other non-control ASCII need no escape.
        #expect(try HTJSON(parsing: "\"\u{7F}~ \"") == .string("\u{7F}~ "))
    }

    @Test("strings of every length up to 40 (word-at-a-time scanning), at the end of the input and inside")
    func lengths() throws {
        for length in 0...40 {
            let body = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            #expect(try HTJSON(parsing: "\"\(body)\"") == .string(body))
            #expect(try HTJSON(parsing: "[\"\(body)\",1]") == [.string(body), 1])
            #expect(
                try HTJSON(parsing: "{\"\(body)\":\"\(body)é\"}")
                    == .object(HTJSONObject(members: [.init(key: body, value: .string(body + "é"))])))
            #expect(parseError("\"\(body)")?.reason == .unexpectedEndOfInput(expected: .endOfString))
            #expect(parseError("\"\(body)\u{1}\"")?.offset == length + 1)
        }
    }

    @Test("control characters, bad escapes and lone surrogates are rejected")
    func rejected() {
        #expect(parseError("\"a\tb\"")?.reason == .controlCharacterInString(0x09))
        #expect(parseError("\"a\nb\"")?.reason == .controlCharacterInString(0x0A))
        #expect(parseError("\"\u{0}\"")?.reason == .controlCharacterInString(0x00))
        #expect(parseError("\"\u{1F}\"")?.reason == .controlCharacterInString(0x1F))
        #expect(parseError(#""\x""#)?.reason == .invalidEscape)
        #expect(parseError(#""\'""#)?.reason == .invalidEscape)
        #expect(parseError(#""\U0041""#)?.reason == .invalidEscape)
        #expect(parseError(#""\u12""#)?.reason == .invalidUnicodeEscape)
        #expect(parseError(#""\u12G4""#)?.reason == .invalidUnicodeEscape)
        #expect(parseError(#""\u""#)?.reason == .invalidUnicodeEscape)
        #expect(parseError(#""\"#)?.reason == .unexpectedEndOfInput(expected: .endOfString))
        #expect(parseError(#""\ud800""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\ud800x""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\ud800\n""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\ud800\u0041""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\ud800\ud800""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\udc00""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\uDFFF\uD800""#)?.reason == .loneSurrogate)
        #expect(parseError(#""\ud800\u12""#)?.reason == .invalidUnicodeEscape)
    }

    @Test("ill-formed UTF-8 is rejected at the first bad byte")
    func invalidUTF8() throws {
        func check(_ bytes: [UInt8], offset: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            for prefix in [[], Array("x".utf8), Array("0123456789abcdef".utf8), Array("é".utf8)] as [[UInt8]] {
                let error = parseError([0x22] + prefix + bytes + [0x22])
                #expect(error?.reason == .invalidUTF8, sourceLocation: sourceLocation)
                #expect(error?.offset == 1 + prefix.count + offset, sourceLocation: sourceLocation)
                // The same with an escape before it (the slow path).
                let escaped = parseError([0x22, 0x5C, 0x6E] + prefix + bytes + [0x22])
                #expect(escaped?.reason == .invalidUTF8, sourceLocation: sourceLocation)
                #expect(escaped?.offset == 3 + prefix.count + offset, sourceLocation: sourceLocation)
            }
        }
        check([0x80], offset: 0)  // stray continuation byte
        check([0xBF], offset: 0)
        check([0xC0, 0x80], offset: 0)  // overlong NUL
        check([0xC1, 0xBF], offset: 0)  // overlong
        check([0xE0, 0x80, 0x80], offset: 0)  // overlong 3-byte
        check([0xE0, 0x9F, 0xBF], offset: 0)
        check([0xF0, 0x80, 0x80, 0x80], offset: 0)  // overlong 4-byte
        check([0xF0, 0x8F, 0xBF, 0xBF], offset: 0)
        check([0xED, 0xA0, 0x80], offset: 0)  // encoded surrogate U+D800
        check([0xED, 0xBF, 0xBF], offset: 0)  // encoded surrogate U+DFFF
        check([0xF4, 0x90, 0x80, 0x80], offset: 0)  // U+110000
        check([0xF5, 0x80, 0x80, 0x80], offset: 0)
        check([0xFF], offset: 0)
        check([0xFE], offset: 0)
        check([0xC3], offset: 0)  // truncated 2-byte
        check([0xE6, 0x97], offset: 0)  // truncated 3-byte
        check([0xF0, 0x9F, 0x98], offset: 0)  // truncated 4-byte
        check([0x61, 0xC3, 0x28], offset: 1)  // bad continuation
        check(Array("日本".utf8) + [0xE6, 0x97, 0x41], offset: 6)
        // The boundaries themselves are fine.
        #expect(
            try HTJSON(parsing: Data([0x22, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]))
                == .string("\u{D7FF}\u{E000}\u{10FFFF}"))
        #expect(
            try HTJSON(parsing: Data([0x22, 0xC2, 0x80, 0xE0, 0xA0, 0x80, 0xF0, 0x90, 0x80, 0x80, 0x22]))
                == .string("\u{80}\u{800}\u{10000}"))
        // Not inside strings either.
        #expect(
            parseError([0x5B, 0xC3, 0xA9, 0x5D])?.reason == .unexpectedCharacter(0xC3, expected: .valueOrClosingBracket)
        )
    }
}

@Suite("JSON parser: numbers")
struct JSONParserNumberTests {
    @Test("integers that fit Int64 are integers, including both extremes")
    func integers() throws {
        #expect(try HTJSON(parsing: "9223372036854775807") == .integer(.max))
        #expect(try HTJSON(parsing: "-9223372036854775808") == .integer(.min))
        #expect(try HTJSON(parsing: "999999999999999999") == .integer(999_999_999_999_999_999))
        #expect(try HTJSON(parsing: "1000000000000000000") == .integer(1_000_000_000_000_000_000))
        #expect(try HTJSON(parsing: "-1000000000000000000") == .integer(-1_000_000_000_000_000_000))
        #expect(try HTJSON(parsing: "505874924095815681") == .integer(505_874_924_095_815_681))
        #expect(try HTJSON(parsing: "9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try HTJSON(parsing: "[0,-0,1,-1]") == [0, 0, 1, -1])
    }

    @Test("integers outside Int64 keep every digit; their Double is the nearest")
    func bigIntegers() throws {
        for (text, nearest) in [
            ("9223372036854775808", 9_223_372_036_854_775_808.0),
            ("-9223372036854775809", -9_223_372_036_854_775_809.0),
            ("12345678901234567890", 12_345_678_901_234_567_890.0),
            ("18446744073709551615", 18_446_744_073_709_551_615.0),
            ("18446744073709551616", 18_446_744_073_709_551_616.0), ("99999999999999999999", 1e20),
            ("123456789012345678901234567890", 1.2345678901234568e29),
            ("-237462374673276894279832749832423479823246327846", -2.3746237467327689e47),
        ] {
            let parsed = try HTJSON(parsing: text)
            guard case .number(let number) = parsed else {
                Issue.record("\(text) parsed to \(parsed)")
                continue
            }
            #expect(number.text == text)
            #expect(number.doubleValue == nearest, "\(text)")
            #expect(parsed.serializedString() == text)
        }
        #expect(try HTJSON(parsing: "18446744073709551615") == .number(HTJSONNumber(UInt64.max)))
        // Few significant digits: a Double holds the value exactly (and writes it in its own form).
        #expect(try HTJSON(parsing: "100000000000000000000") == .double(1e20))
        #expect(try HTJSON(parsing: "1" + String(repeating: "0", count: 30)).serializedString() == "1e+30")
    }

    @Test("numbers of more than 15 significant digits keep them; 15 or fewer are doubles")
    func exactNumbers() throws {
        #expect(try HTJSON(parsing: "12.12") == .double(12.12))
        #expect(try HTJSON(parsing: "123456789012.345") == .double(123_456_789_012.345))
        #expect(try HTJSON(parsing: "0.00000000000000000000001") == .double(1e-23))
        #expect(try HTJSON(parsing: "1.50000000000000000000") == .double(1.5))
        for text in [
            "1234567890.123456789", "-65.613616999999977", "0.1000000000000000055511151231257827",
            "3.14159265358979323846264338327950288", "1.7976931348623157e308", "2.2250738585072014e-308",
        ] {
            let parsed = try HTJSON(parsing: text)
            guard case .number(let number) = parsed else {
                Issue.record("\(text) parsed to \(parsed)")
                continue
            }
            #expect(number == HTJSONNumber(text))
            #expect(number.doubleValue == Double(text), "\(text)")
            // Written back with the same digits (in the shortest of plain or scientific notation).
            #expect(try HTJSON(parsing: parsed.serializedString()) == parsed, "\(text)")
        }
        #expect(try HTJSON(parsing: "1234567890.123456789").serializedString() == "1234567890.123456789")
        #expect(try HTJSON(parsing: "-65.613616999999977").serializedString() == "-65.613616999999977")
        // Out of Double's range stays an error, with many digits too.
        #expect(throws: HTJSONParseError.self) { try HTJSON(parsing: "[1.2345678901234567890123e400]") }
        #expect(throws: HTJSONParseError.self) { try HTJSON(parsing: "-12345678901234567e300") }
    }

    @Test("zero and negative zero")
    func zeros() throws {
        #expect(try HTJSON(parsing: "-0") == .integer(0))
        let negativeZero = try #require(parsedDouble("-0.0"))
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(parsedDouble("0.0")?.sign == .plus)
        #expect(parsedDouble("0e0") == 0)
        #expect(parsedDouble("-0e-0")?.sign == .minus)
        #expect(parsedDouble("0e999999999999") == 0)
        #expect(parsedDouble("0.00000000000000000000000000000000000000000") == 0)
    }

    @Test("fractions and exponents")
    func doubles() throws {
        #expect(parsedDouble("1.5") == 1.5)
        #expect(parsedDouble("-0.1") == -0.1)
        #expect(parsedDouble("1e2") == 100)
        #expect(parsedDouble("1E2") == 100)
        #expect(parsedDouble("1e+2") == 100)
        #expect(parsedDouble("1E-2") == 0.01)
        #expect(parsedDouble("123.456e-789") == 0)
        #expect(parsedDouble("1.0") == 1)
        #expect(parsedDouble("2.2250738585072014e-308") == 2.2250738585072014e-308)
        #expect(parsedDouble("2.2250738585072011e-308") == Double("2.2250738585072011e-308"))
        #expect(parsedDouble("4.9e-324") == Double.leastNonzeroMagnitude)
        #expect(parsedDouble("1.7976931348623157e308") == Double.greatestFiniteMagnitude)
        #expect(parsedDouble("1.7976931348623158e308") == Double.greatestFiniteMagnitude)
        #expect(parsedDouble("9007199254740993.0") == 9_007_199_254_740_992)
        #expect(parsedDouble("-65.613616999999977") == -65.613616999999977)
        #expect(parsedDouble("3.14159265358979323846264338327950288") == Double.pi)
    }

    @Test("1e400 is out of range; 1e-400 underflows to zero")
    func range() {
        #expect(parseError("1E400")?.reason == .numberOutOfRange)
        #expect(parseError("[-1e400]")?.reason == .numberOutOfRange)
        #expect(parseError("[-1e400]")?.offset == 1)
        #expect(parseError("1.7976931348623159e308")?.reason == .numberOutOfRange)
        #expect(parseError("[1e99999999999999999999]")?.reason == .numberOutOfRange)
        #expect(parseError(String(repeating: "9", count: 400))?.reason == .numberOutOfRange)
        #expect(parsedDouble("1e-400") == 0)
        #expect(parsedDouble("-1e-400")?.sign == .minus)
        #expect(parsedDouble("1e-99999999999999999999") == 0)
    }

    @Test("malformed numbers are rejected at the offending byte")
    func malformed() {
        #expect(parseError("01")?.reason == .invalidNumber)
        #expect(parseError("01")?.offset == 1)
        #expect(parseError("-01")?.offset == 2)
        #expect(parseError("-")?.reason == .invalidNumber)
        #expect(parseError("-")?.offset == 1)
        #expect(parseError("-a")?.offset == 1)
        #expect(parseError("1.")?.reason == .invalidNumber)
        #expect(parseError("1.")?.offset == 2)
        #expect(parseError("1.e5")?.offset == 2)
        #expect(parseError("1e")?.offset == 2)
        #expect(parseError("1e+")?.offset == 3)
        #expect(parseError("[1e-]")?.offset == 4)
        #expect(parseError(".5")?.reason == .unexpectedCharacter(UInt8(ascii: "."), expected: .value))
        #expect(parseError("+1")?.reason == .unexpectedCharacter(UInt8(ascii: "+"), expected: .value))
        #expect(
            parseError("[1.5.3]")?.reason == .unexpectedCharacter(UInt8(ascii: "."), expected: .commaOrClosingBracket))
        #expect(parseError("NaN")?.reason == .unexpectedCharacter(UInt8(ascii: "N"), expected: .value))
        #expect(parseError("0x10")?.reason == .trailingData)
    }

    @Test("every parsed double equals the standard library's correctly rounded conversion")
    func correctlyRounded() throws {
        var random = SplitMix64(seed: 0x5EED)
        var texts: [String] = []
        for _ in 0..<4000 {
            // Random bit patterns (all magnitudes), printed shortest and with 17 digits.
            let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 0x7FF) << 52)
            guard value.isFinite else { continue }
            texts.append(value.description.replacingOccurrences(of: "e+", with: "e"))
            texts.append(String(format: "%.17g", value))
            // Random digit strings with random exponents.
            let digits = Int(random.next() % 25) + 1
            var mantissa = String((0..<digits).map { _ in Character(Unicode.Scalar(UInt8(48 + random.next() % 10))) })
            while mantissa.count > 1 && mantissa.hasPrefix("0") { mantissa.removeFirst() }
            let point = Int(random.next() % UInt64(mantissa.count + 1))
            var text = mantissa
            if point >= 1 && point < mantissa.count {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            let exponent = Int(random.next() % 700) - 350
            texts.append("\(text)e\(exponent)")
            texts.append("-\(text)")
        }
        // Halfway cases and other classics.
        texts += [
            "9007199254740993e0", "9007199254740995", "2.2250738585072012e-308", "7.2057594037927933e16",
            "1.00000000000000011102230246251565404236316680908203125", "0.1", "0.2", "0.3",
            "123456789012345678", "1448997445238699e0", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "8.988465674311579e307", "4.940656458412465441765687928682213723651e-324",
        ]
        var checked = 0
        for text in texts {
            guard let expected = Double(text), expected.isFinite else { continue }
            let parsed = try HTJSON(parsing: text)
            switch parsed {
            case .double(let value):
                #expect(value.bitPattern == expected.bitPattern, "\(text)")
            case .integer(let value):
                // Written as an integer, or with more than 15 digits that make a whole number.
                #expect(HTJSONNumber(text)?.int64Value == value, "\(text)")
                #expect(Double(value) == expected, "\(text)")  // `-0` is the integer 0
            case .number(let value):
                // More than 15 significant digits, or too small for a Double to hold exactly (issue #35):
                // kept exactly, and converted correctly rounded.
                #expect(value.doubleValue.bitPattern == expected.bitPattern, "\(text)")
                #expect(value == HTJSONNumber(text), "\(text)")
                #expect(
                    value.significantDigitCount > HTJSONNumber.digitsExactInDouble
                        || !value.isHeld(exactlyBy: expected),
                    "\(text)")
            default:
                Issue.record("\(text) parsed to \(parsed)")
            }
            checked += 1
        }
        #expect(checked > 10_000)
    }
}

@Suite("JSON parser: errors")
struct JSONParserErrorTests {
    @Test("offset, line and column of a missing colon on line 2")
    func missingColon() throws {
        let error = try #require(parseError("{\"a\": 1,\n \"b\" 2}"))
        #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "2"), expected: .colon))
        #expect(error.offset == 14)
        #expect(error.line == 2)
        #expect(error.column == 6)
        #expect(error.description == "line 2, column 6 (byte 14): expected ':' after a member name, found '2'")
    }

    @Test("offset, line and column on line 3, counting bytes of multi-byte characters")
    func laterLine() throws {
        let error = try #require(parseError("[\n  \"é\",\n  1 x\n]"))
        #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "x"), expected: .commaOrClosingBracket))
        #expect(error.offset == 14)
        #expect(error.line == 3)
        #expect(error.column == 5)
        #expect(
            error.description == "line 3, column 5 (byte 14): expected ',' or ']' after an array element, found 'x'")
    }

    @Test("end of input")
    func endOfInput() throws {
        let error = try #require(parseError("[1, 2"))
        #expect(error.reason == .unexpectedEndOfInput(expected: .commaOrClosingBracket))
        #expect(error.offset == 5)
        #expect(error.line == 1)
        #expect(error.column == 6)
        #expect(parseError("{\"a\":1")?.reason == .unexpectedEndOfInput(expected: .commaOrClosingBrace))
        #expect(parseError("{\"a\"")?.reason == .unexpectedEndOfInput(expected: .colon))
        #expect(parseError("{\"a\":")?.reason == .unexpectedEndOfInput(expected: .value))
        #expect(parseError("{")?.reason == .unexpectedEndOfInput(expected: .memberNameOrClosingBrace))
        #expect(parseError("{\"a\":1,")?.reason == .unexpectedEndOfInput(expected: .memberName))
        #expect(parseError("[")?.reason == .unexpectedEndOfInput(expected: .valueOrClosingBracket))
        #expect(parseError("[1,")?.reason == .unexpectedEndOfInput(expected: .value))
    }

    @Test("structural errors and their offsets")
    func structural() {
        func check(
            _ text: String, _ reason: HTJSONParseError.Reason, at offset: Int,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let error = parseError(text)
            #expect(error?.reason == reason, "\(text)", sourceLocation: sourceLocation)
            #expect(error?.offset == offset, "\(text)", sourceLocation: sourceLocation)
        }
        check("", .emptyInput, at: 0)
        check(" \n\t ", .emptyInput, at: 4)
        check("[1,]", .unexpectedCharacter(UInt8(ascii: "]"), expected: .value), at: 3)
        check("[,1]", .unexpectedCharacter(UInt8(ascii: ","), expected: .valueOrClosingBracket), at: 1)
        check("{,}", .unexpectedCharacter(UInt8(ascii: ","), expected: .memberNameOrClosingBrace), at: 1)
        check("{\"a\":1,}", .unexpectedCharacter(UInt8(ascii: "}"), expected: .memberName), at: 7)
        check("{'a':1}", .unexpectedCharacter(UInt8(ascii: "'"), expected: .memberNameOrClosingBrace), at: 1)
        check("{a:1}", .unexpectedCharacter(UInt8(ascii: "a"), expected: .memberNameOrClosingBrace), at: 1)
        check("{\"a\" 1}", .unexpectedCharacter(UInt8(ascii: "1"), expected: .colon), at: 5)
        check("{\"a\":1 \"b\":2}", .unexpectedCharacter(UInt8(ascii: "\""), expected: .commaOrClosingBrace), at: 7)
        check("[1 2]", .unexpectedCharacter(UInt8(ascii: "2"), expected: .commaOrClosingBracket), at: 3)
        check("[1}", .unexpectedCharacter(UInt8(ascii: "}"), expected: .commaOrClosingBracket), at: 2)
        check("{\"a\":1]", .unexpectedCharacter(UInt8(ascii: "]"), expected: .commaOrClosingBrace), at: 6)
        check("1 2", .trailingData, at: 2)
        check("{\"a\":1}}", .trailingData, at: 7)
        check("[] x", .trailingData, at: 3)
        check("tru", .invalidLiteral, at: 0)
        check("[nul]", .invalidLiteral, at: 1)
        check("[fals]", .invalidLiteral, at: 1)
        check("True", .unexpectedCharacter(UInt8(ascii: "T"), expected: .value), at: 0)
        check("truex", .trailingData, at: 4)
        check("\"abc", .unexpectedEndOfInput(expected: .endOfString), at: 4)
        check("[\"a\\x\"]", .invalidEscape, at: 3)
        check("[\"\\ud800\"]", .loneSurrogate, at: 2)
        check("[\"a\tb\"]", .controlCharacterInString(9), at: 3)
        check("[1e400]", .numberOutOfRange, at: 1)
        check("\u{0B}1", .unexpectedCharacter(0x0B, expected: .value), at: 0)
        check("[\u{A0}1]", .unexpectedCharacter(0xC2, expected: .valueOrClosingBracket), at: 1)
    }

    @Test("descriptions read well")
    func descriptions() {
        #expect(parseError("")?.description == "line 1, column 1 (byte 0): the input holds no JSON value")
        #expect(
            parseError("[1,\n\u{1}]")?.description
                == "line 2, column 1 (byte 4): expected a value, found byte 0x01")
        #expect(
            parseError("\"a")?.description
                == "line 1, column 3 (byte 2): unexpected end of input, expected '\"' to end the string")
        #expect(
            parseError("[[1]]", options: .init(maxDepth: 1))?.description
                == "line 1, column 2 (byte 1): arrays and objects nested more deeply than the limit of 1")
    }
}

@Suite("JSON parser: depth")
struct JSONParserDepthTests {
    @Test("100,000 nested arrays throw with the default limit instead of crashing")
    func deepArrays() throws {
        let text = String(repeating: "[", count: 100_000)
        let error = try #require(parseError(text))
        #expect(error.reason == .depthLimitExceeded(512))
        #expect(error.offset == 512)
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(parseError(objects)?.reason == .depthLimitExceeded(512))
        let mixed = String(repeating: "[{\"a\":", count: 50_000)
        #expect(parseError(mixed)?.reason == .depthLimitExceeded(512))
    }

    @Test("the default limit allows exactly 512 levels")
    func defaultLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(ok) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(parseError(tooDeep)?.reason == .depthLimitExceeded(512))
    }

    @Test("maxDepth is configurable")
    func configurable() throws {
        let three = HTJSONParser.Options(maxDepth: 3)
        #expect(parseError("[[[1]]]", options: three) == nil)
        #expect(parseError("[[{}]]", options: three) == nil)
        #expect(parseError("[[[[1]]]]", options: three)?.reason == .depthLimitExceeded(3))
        #expect(parseError("[[[[1]]]]", options: three)?.offset == 3)
        #expect(parseError("[[[{}]]]", options: three)?.reason == .depthLimitExceeded(3))
        let zero = HTJSONParser.Options(maxDepth: 0)
        #expect(parseError("1", options: zero) == nil)
        #expect(parseError("[]", options: zero)?.reason == .depthLimitExceeded(0))
        #expect(parseError("{}", options: zero)?.reason == .depthLimitExceeded(0))
        let deep = HTJSONParser.Options(maxDepth: 3000)
        let text = String(repeating: "[", count: 3000) + "7" + String(repeating: "]", count: 3000)
        var value = try HTJSONParser(options: deep).parse(text)
        var depth = 0
        while case .array(let elements) = value, elements.count == 1 {
            value = elements[0]
            depth += 1
        }
        #expect(depth == 3000)
        #expect(value == .integer(7))
    }

    @Test("parsing at the default limit works on a thread with a 512 KB stack")
    func smallStack() async throws {
        let results: [Bool] = await withCheckedContinuation { continuation in
            let thread = Thread {
                let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
                let accepted = (try? HTJSON(parsing: deepest)) != nil
                let rejected = (try? HTJSON(parsing: String(repeating: "[{\"a\":", count: 100_000))) == nil
                continuation.resume(returning: [accepted, rejected])
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(results == [true, true])
    }
}

@Suite("JSON parser: round trips")
struct JSONParserRoundTripTests {
    static let documents = [
        "null", "true", "[]", "{}", "0", "-9223372036854775808", "1.5e300", "\"\"",
        #"{"a":[1,2,{"b":null}],"c":"d\n\u0001é😀","e":-0.0,"f":1e-7,"g":123456789012345678901234}"#,
        #"[{"id":1,"tags":["x","y"],"score":99.5},{"id":2,"tags":[],"score":-1e-300}]"#,
        #"{"dup":1,"dup":2,"nested":{"deeper":{"deepest":[[[["\\\/\""]]]]}}}"#,
        "[0.1,0.2,0.30000000000000004,5e-324,1.7976931348623157e308,9007199254740993]",
    ]

    @Test("parse, serialize, parse gives the same value (whole doubles as integers)", arguments: documents)
    func roundTrip(text: String) throws {
        let value = try HTJSON(parsing: text)
        let expected = value.wholeDoublesAsIntegers
        for options: HTJSONSerializer.Options in [
            [], .prettyPrinted, .escapingSlashes, [.prettyPrinted, .escapingSlashes],
        ] {
            #expect(try HTJSON(parsing: value.serializedData(options: options)) == expected)
            #expect(try HTJSON(parsing: value.serializedString(options: options)) == expected)
        }
        let compact = value.serializedString()
        #expect(try HTJSON(parsing: compact).serializedString() == compact)
    }
}

@Suite("JSON parser: exact numbers stay small")
struct JSONExactNumberLayoutTests {
    @Test("an exact number is held inline: an HTJSON value takes 24 bytes, as before exact numbers")
    func layout() {
        #expect(MemoryLayout<HTJSONNumber>.size <= 20)
        #expect(MemoryLayout<HTJSON>.stride == 24)
    }

    @Test("exponents far beyond Double's range: zero, an error, or nil for HTJSONNumber")
    func hugeExponents() throws {
        #expect(try HTJSON(parsing: "1.2345678901234567e-999999") == .double(0))
        #expect(try HTJSON(parsing: "-1.2345678901234567890123e-999999").doubleValue?.sign == .minus)
        #expect(throws: HTJSONParseError.self) { try HTJSON(parsing: "1.2345678901234567890123e999999") }
        #expect(HTJSONNumber("1e40000") == nil)
        #expect(HTJSONNumber("1e-32000")?.exponent == -32000)
    }
}
