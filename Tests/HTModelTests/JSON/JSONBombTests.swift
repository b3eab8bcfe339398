import Foundation
@_spi(Generated) import HTModel
import Testing

// Issue 13, "JSON bombs": hostile JSON gives a typed error that says where, or a correct value under a
// documented rule; never a crash, a wrong number, or unbounded memory or time. The rules tested here
// are the ones listed in HTJSONParser's documentation and the README's Security section.

/// A model that contains itself, so mapping follows the document as deep as it goes.
final class BombNode: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var id: Int?
        var name: String?
        var child: BombNode?
        var children: [BombNode]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "child": BombNode.self, "children": BombNode.self,
    ]
    static let baseTypePropertyList: [String] = ["id", "name"]
    static let htAccessors: [HTPropertyAccessor<BombNode>] = [
        HTPropertyAccessor<BombNode>("id", \BombNode.Storage.id),
        HTPropertyAccessor<BombNode>("name", \BombNode.Storage.name),
        HTPropertyAccessor<BombNode>("child", \BombNode.Storage.child),
        HTPropertyAccessor<BombNode>("children", \BombNode.Storage.children),
    ]
    static let htMapping: HTObjectMapping<BombNode> = .defaultMapping()
}

/// The error parsing `bytes` threw, or `nil` when it parsed.
private func parseError(_ bytes: [UInt8], options: HTJSONParser.Options = .init()) -> HTJSONParseError? {
    do {
        _ = try HTJSONParser(options: options).parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String, options: HTJSONParser.Options = .init()) -> HTJSONParseError? {
    parseError(Array(text.utf8), options: options)
}

/// `depth` arrays around `inner`, built without recursion.
private func nested(_ depth: Int, around inner: HTJSON = 7) -> HTJSON {
    var value = inner
    for _ in 0..<depth { value = [value] }
    return value
}

@Suite("JSON bombs", .timeLimit(.minutes(3)))
struct JSONBombTests {
    // MARK: - Depth

    @Test("100,000-deep nesting is depthLimitExceeded(512) at the 513th opener, for every entry point")
    func deepNestingIsATypedError() throws {
        let depth = 100_000
        let bombs: [String] = [
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth),
            String(repeating: "[{\"a\":", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2),
        ]
        for (index, bomb) in bombs.enumerated() {
            let error = try #require(parseError(bomb), "bomb \(index)")
            #expect(error.reason == .depthLimitExceeded(512), "bomb \(index)")
            // The offset of the opener that would have been the 513th level.
            let opener = index == 1 ? 512 * 5 : (index == 2 ? 256 * 6 : 512)
            #expect(error.offset == opener && error.line == 1 && error.column == opener + 1, "bomb \(index): \(error)")
            // The same through the other ways in: HTJSON(parsing:), HTResponseData and model mapping.
            #expect(throws: HTJSONParseError.self) { try HTJSON(parsing: Data(bomb.utf8)) }
            #expect(throws: HTJSONParseError.self) { try HTResponseData(parsing: bomb) }
            #expect(throws: (any Error).self) { try BombNode(jsonString: bomb) }
        }
        // Codable bridging: Foundation's own decoder stops at its limit (also 512) with a typed error.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HTJSON.self, from: Data(bombs[0].utf8)) }
        // The limit is the documented default and can be raised or lowered.
        #expect(HTJSONParser.Options().maxDepth == 512)
        #expect(parseError(bombs[0], options: .init(maxDepth: 64))?.reason == .depthLimitExceeded(64))
    }

    @Test("100,000-deep XML is a typed error too, never a crash")
    func deepXML() throws {
        let xml = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: xml) }
        // Within the reader's limit, the tree builder (which does not recurse) builds the value.
        let shallow = String(repeating: "<a>", count: 100) + "7" + String(repeating: "</a>", count: 100)
        var value = try HTJSON(parsingXML: shallow)
        var depth = 0
        while case .object(let object) = value, let inner = object["a"] {
            value = inner
            depth += 1
        }
        #expect(depth == 100)
    }

    @Test("a value at the depth limit survives every walk: serializer, writer, ==, hash, description, Codable")
    func walksAtTheDepthLimit() throws {
        let text = String(repeating: "[", count: 512) + "7" + String(repeating: "]", count: 512)
        let value = try HTJSON(parsing: text)
        #expect(value == nested(512))
        #expect(value.hashValue == nested(512).hashValue)
        #expect(value.serializedString() == text)
        #expect(try HTJSON(parsing: value.serializedString(options: .prettyPrinted)) == value)
        let writer = HTJSONWriter()
        writer.write(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
        #expect(String(describing: value).count > 512)
        // Codable bridging goes through Foundation, which has limits of its own: its JSONDecoder reads
        // 512 levels and no more, its JSONEncoder writes 511; past them, a typed error.
        #expect(try JSONDecoder().decode(HTJSON.self, from: Data(text.utf8)) == value)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(value) }
        guard case .array(let inner) = value, let shallower = inner.first else {
            Issue.record("not an array")
            return
        }
        let encoded = try JSONEncoder().encode(shallower)
        #expect(try HTJSON(parsing: encoded) == shallower)
        // Mapping to HTJSON and the dynamic accessors.
        #expect(try HTJSON.htMap(value) == value)
        var data = HTResponseData(value)
        for _ in 0..<512 { data = data[0] }
        #expect(data.int == 7)
    }

    @Test("the serializer and writer are not recursive: a 100,000-deep value built in code is written")
    func serializerHasNoDepthLimit() throws {
        // Built in code (no parser involved), so only the serializer's own walk is tested here. The
        // value is taken apart level by level afterwards: releasing it in one go would recurse.
        var value = nested(100_000)
        let text = value.serializedString()
        #expect(text == String(repeating: "[", count: 100_000) + "7" + String(repeating: "]", count: 100_000))
        let writer = HTJSONWriter()
        writer.write(value)
        #expect(writer.bytes.count == 200_001)
        // Reading it back is the parser's depth error, never a crash.
        #expect(parseError(text)?.reason == .depthLimitExceeded(512))
        while case .array(var elements) = value, !elements.isEmpty {
            let inner = elements.removeLast()
            value = inner
        }
        #expect(value == 7)
    }

    @Test("a self-containing model maps, writes and copies at the depth limit")
    func recursiveModelAtTheLimit() throws {
        // 512 objects {"id": n, "child": {...}}, one inside the other: exactly the parser's limit.
        var json: HTJSON = ["id": 511]
        for level in stride(from: 510, through: 0, by: -1) {
            json = ["id": .integer(Int64(level)), "child": json]
        }
        let text = json.serializedString()
        let root = try BombNode(jsonString: text)
        var node: BombNode? = root
        var count = 0
        while let current = node {
            #expect(current.id == count)
            count += 1
            node = current.child
        }
        #expect(count == 512)
        #expect(try HTJSON(parsing: root.htJSONString()) == json)
        #expect(root.with { _ in }.htJSONString() == root.htJSONString())
        #expect(root.with { _ in } == root)  // equality walks the 512 levels too
        // A level more than the parser allows is its typed error, through the model's own parse.
        let deeper = String(repeating: "{\"child\":", count: 513) + "{}" + String(repeating: "}", count: 513)
        #expect(throws: HTJSONParseError.self) { try BombNode(jsonString: deeper) }
    }

    // MARK: - Size

    @Test("a 50 MB array of numbers parses completely and exactly")
    func fiftyMegabyteArray() throws {
        // A 1 MiB run of integers, negative decimals and exponents in turn, written 50 times.
        var chunk: [UInt8] = []
        var perChunk = 0
        var chunkSum: Int64 = 0
        while chunk.count < 1 << 20 {
            if perChunk > 0 { chunk.append(UInt8(ascii: ",")) }
            switch perChunk % 3 {
            case 0:
                chunk += Array(String(perChunk).utf8)
                chunkSum += Int64(perChunk)
            case 1: chunk += Array("-\(perChunk).25".utf8)
            default: chunk += Array("\(perChunk % 1000)e-3".utf8)
            }
            perChunk += 1
        }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(50 * (chunk.count + 1) + 1)
        for copy in 0..<50 {
            if copy > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += chunk
        }
        bytes.append(UInt8(ascii: "]"))
        #expect(bytes.count > 50 << 20)

        let value = try HTJSONParser().parse(bytes)
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 50 * perChunk)
        var sum: Int64 = 0
        var kinds = (integers: 0, doubles: 0)
        for (index, element) in elements.enumerated() {
            switch element {
            case .integer(let number):
                sum += number
                kinds.integers += 1
            case .double:
                kinds.doubles += 1
            default:
                Issue.record("element \(index) is \(element)")
                return
            }
        }
        #expect(sum == 50 * chunkSum)
        #expect(kinds.integers == 50 * ((perChunk + 2) / 3))
        #expect(elements[1] == .double(-1.25))
        #expect(elements[5] == .double(0.005))
        #expect(elements[perChunk + 7] == .double(-7.25))
        // Truncated half way, it is a located error at the end, not a partial value.
        let cut = Array(bytes[0..<(bytes.count / 2)])
        let error = try #require(parseError(cut))
        #expect(error.offset == cut.count, "\(error)")
    }

    // MARK: - Numbers

    @Test("1e999 is numberOutOfRange at the number's offset; 1e-999 keeps its digits (documented)")
    func hugeExponent() throws {
        for text in ["1e999", "-1e999", "1E+999", "0.5e999"] {
            let error = try #require(parseError(text), "\(text)")
            #expect(error.reason == .numberOutOfRange && error.offset == 0, "\(text)")
        }
        let inside = try #require(parseError("{\"ok\": 1,\n \"big\": [2, 1e999]}"))
        #expect(inside.reason == .numberOutOfRange)
        #expect(inside.offset == 22 && inside.line == 2 && inside.column == 13, "\(inside)")
        // Too small is not an error: it keeps its digits (issue #35), and its Double is zero, keeping its sign.
        #expect(try HTJSON(parsing: "1e-999") == .number(try #require(HTJSONNumber("1e-999"))))
        #expect(try HTJSON(parsing: "-1e-999").doubleValue.map { $0 == 0 && $0.sign == .minus } == true)
        // The largest finite Double is still a value; one digit more in the exponent is not.
        #expect(try HTJSON(parsing: "1.7976931348623157e308").doubleValue == .greatestFiniteMagnitude)
        #expect(parseError("1.7976931348623159e308")?.reason == .numberOutOfRange)
        // A 1,000,000-digit exponent is read in bounded time (the exponent saturates).
        let longExponent = "1e" + String(repeating: "9", count: 1_000_000)
        #expect(parseError(longExponent)?.reason == .numberOutOfRange)
    }

    @Test("a 30-digit integer never wraps: exact digits by default; nearest Double, text or an error by option")
    func thirtyDigitIntegers() throws {
        let digits = "123456789012345678901234567890"
        // Default: the exact digits, never a wrapped Int64.
        #expect(try HTJSON(parsing: digits) == .number(try #require(HTJSONNumber(digits))))
        #expect(try HTJSON(parsing: "-" + digits) == .number(try #require(HTJSONNumber("-" + digits))))
        // Exactly at and past the Int64 boundary.
        #expect(try HTJSON(parsing: "9223372036854775807") == .integer(.max))
        #expect(try HTJSON(parsing: "-9223372036854775808") == .integer(.min))
        #expect(try HTJSON(parsing: "9223372036854775808") == .number(HTJSONNumber(UInt64(1) << 63)))
        #expect(try HTJSON(parsing: "-9223372036854775809").serializedString() == "-9223372036854775809")
        // The nearest Double, by option.
        let nearest = HTJSONParser.Options(largeIntegers: .nearestDouble)
        #expect(try HTJSONParser(options: nearest).parse(digits) == .double(123456789012345678901234567890.0))
        #expect(try HTJSONParser(options: nearest).parse("18446744073709551616") == .double(18446744073709551616.0))

        // Mapping to Int is a diagnostic at the member's path, not a number.
        let document = #"{"id": \#(digits), "name": "x"}"#
        let node = try BombNode(jsonString: document)
        #expect(node.id == nil)
        #expect(node.name == "x")
        var context = HTMappingContext()
        let mapped = try BombNode.htMap(try HTJSON(parsing: document), context: &context)
        #expect(mapped.id == nil)
        #expect(context.diagnostics.count == 1)
        #expect(context.diagnostics.first?.path.description == "id")
        let strict = #expect(throws: HTMappingError.self) {
            try BombNode.htMap(try HTJSON(parsing: document), options: .strict)
        }
        #expect(strict?.path.description == "id")
        #expect(throws: HTMappingError.self) { try Int.htMap(try HTJSON(parsing: digits)) }
        #expect(throws: HTMappingError.self) { try Int64.htMap(try HTJSON(parsing: "9223372036854775808")) }
        #expect(try HTJSON(parsing: digits).intValue == nil)

        // Exact text: the digits as a string, which maps to String exactly and to Int as a diagnostic.
        let exact = HTJSONParser.Options(largeIntegers: .exactText)
        #expect(
            try HTJSONParser(options: exact).parse("[\(digits), -\(digits), 9223372036854775807, 1.5]")
                == [.string(digits), .string("-" + digits), .integer(.max), .double(1.5)])
        let exactJSON = try HTJSONParser(options: exact).parse(#"{"id": \#(digits), "name": \#(digits)}"#)
        var exactContext = HTMappingContext()
        let exactNode = try BombNode.htMap(exactJSON, context: &exactContext)
        #expect(exactNode.name == digits)
        #expect(exactNode.id == nil && exactContext.diagnostics.map(\.path.description) == ["id"])
        // A 100,000-digit integer is kept as it is too (it is not converted at all).
        let long = String(repeating: "9", count: 100_000)
        #expect(try HTJSONParser(options: exact).parse(long) == .string(long))
        #expect(parseError(long)?.reason == .numberOutOfRange)

        // Reject: a typed error at the number, for each of them.
        let reject = HTJSONParser.Options(largeIntegers: .reject)
        let error = try #require(parseError(#"{"a": 1, "id": \#(digits)}"#, options: reject))
        #expect(error.reason == .integerOutOfRange)
        #expect(error.offset == 15)
        #expect(error.description.hasSuffix("integer outside the range of a 64-bit integer"))
        #expect(parseError("-9223372036854775809", options: reject)?.reason == .integerOutOfRange)
        #expect(parseError("-9223372036854775808", options: reject) == nil)
        // Numbers with a fraction or an exponent are not integers: the option does not touch them.
        #expect(
            try HTJSONParser(options: reject).parse("[1e30, \(digits).0]")
                == [.double(1e30), .number(try #require(HTJSONNumber(digits)))])
    }

    // MARK: - Duplicate keys

    @Test("duplicate keys: all are kept in order, and every lookup takes the last")
    func duplicateKeys() throws {
        let text = #"{"id": 1, "name": "first", "id": 2, "name": {"not": "a string"}, "name": "last"}"#
        let json = try HTJSON(parsing: text)
        guard case .object(let object) = json else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["id", "name", "id", "name", "name"])
        #expect(object["id"] == 2)
        #expect(object["name"] == "last")
        #expect(json["name"] == "last")
        #expect(HTResponseData(json)["id"].int == 2)
        // The mapper maps the last occurrence only: no diagnostic for the earlier object-valued "name".
        var context = HTMappingContext()
        let node = try BombNode.htMap(json, context: &context)
        #expect(node.id == 2 && node.name == "last")
        #expect(context.diagnostics.isEmpty)
        // The serializer writes what was parsed; Codable, which has one value per key, the last.
        #expect(json.serializedString() == #"{"id":1,"name":"first","id":2,"name":{"not":"a string"},"name":"last"}"#)
        let reencoded = try JSONEncoder().encode(json)
        let decoded = try HTJSON(parsing: reencoded)
        #expect(decoded.objectValue?.count == 2 && decoded["id"] == 2 && decoded["name"] == "last")
        // 100,000 members with the same key: kept, linear, last wins.
        var many = "{"
        for index in 0..<100_000 { many += (index == 0 ? "" : ",") + #""k":\#(index)"# }
        many += "}"
        let manyJSON = try HTJSON(parsing: many)
        #expect(manyJSON.objectValue?.count == 100_000)
        #expect(manyJSON["k"] == 99_999)
    }

    // MARK: - Encoding

    @Test("a UTF-8 BOM at the very start is accepted and still counted in offsets; anywhere else it is an error")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try HTJSONParser().parse(bom + Array(#"{"a": 1}"#.utf8)) == ["a": 1])
        #expect(try HTJSONParser().parse(bom + Array("  7 ".utf8)) == 7)
        #expect(try BombNode(jsonData: Data(bom + Array(#"{"id": 3}"#.utf8))).id == 3)
        // Offsets count the BOM's three bytes.
        let late = try #require(parseError(bom + Array("[1,]".utf8)))
        #expect(late.offset == 6 && late.column == 7)
        // A second BOM, a BOM after whitespace or inside a value is an unexpected byte.
        #expect(parseError(bom + bom + Array("1".utf8))?.offset == 3)
        #expect(
            parseError(Array(" ".utf8) + bom + Array("1".utf8))?.reason == .unexpectedCharacter(0xEF, expected: .value))
        #expect(parseError(bom)?.reason == .emptyInput)
        // A BOM inside a string is just U+FEFF.
        #expect(try HTJSONParser().parse(Array("\"".utf8) + bom + Array("\"".utf8)) == .string("\u{FEFF}"))
        // UTF-16 and UTF-32 byte order marks are unsupportedEncoding.
        #expect(parseError([0xFF, 0xFE, 0x31, 0x00])?.reason == .unsupportedEncoding)
        #expect(parseError([0xFE, 0xFF, 0x00, 0x31])?.reason == .unsupportedEncoding)
    }

    @Test("invalid UTF-8 inside a string is invalidUTF8 at the offending byte, in values and keys")
    func invalidUTF8InStrings() throws {
        // (bytes before the bad sequence inside the string, the bad sequence)
        let bad: [(String, [UInt8])] = [
            ("stray continuation", [0x80]),
            ("lone lead byte", [0xC3]),
            ("overlong slash", [0xC0, 0xAF]),
            ("overlong three-byte", [0xE0, 0x80, 0xAF]),
            ("encoded surrogate", [0xED, 0xA0, 0x80]),
            ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("truncated four-byte", [0xF0, 0x9F, 0x98]),
            ("0xFF", [0xFF]),
        ]
        for (name, sequence) in bad {
            for prefix in [
                "", "ab", "é", String(repeating: "x", count: 40), "a\\n", "\\u00e9long string with an escape",
            ] {
                for inKey in [false, true] {
                    let head = Array((inKey ? "{\"k\": 1,\n \"" : "[1,\n \"").utf8) + Array(prefix.utf8)
                    let tail = Array((inKey ? "z\": 2}" : "z\"]").utf8)
                    let error = try #require(
                        parseError(head + sequence + tail), "\(name) after \(prefix.debugDescription)")
                    #expect(error.reason == .invalidUTF8, "\(name) after \(prefix.debugDescription)")
                    #expect(
                        error.offset == head.count, "\(name) after \(prefix.debugDescription) (key: \(inKey)): \(error)"
                    )
                    #expect(error.line == 2, "\(name)")
                }
            }
        }
        // Well-formed multi-byte text right up to the limits is accepted as it is.
        let edges = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try HTJSON(parsing: "\"\(edges)\"") == .string(edges))
    }
}
