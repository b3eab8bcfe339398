import Foundation
import HTModel
import Testing

@Suite("JSON serializer")
struct JSONSerializerTests {
    private func compact(_ value: HTJSON, _ options: HTJSONSerializer.Options = []) -> String {
        value.serializedString(options: options)
    }

    @Test("compact output keeps document order")
    func compactOutput() {
        let value: HTJSON = ["b": 1, "a": [true, false, nil], "c": "x", "d": [:], "e": []]
        #expect(compact(value) == #"{"b":1,"a":[true,false,null],"c":"x","d":{},"e":[]}"#)
        #expect(compact(.null) == "null")
        #expect(compact("s") == #""s""#)
        #expect(HTJSONSerializer().serialize([1, 2]) == Array("[1,2]".utf8))
        #expect(value.serializedData() == Data(compact(value).utf8))
    }

    @Test("duplicate keys are written as they are")
    func duplicates() {
        let object = HTJSONObject(members: [.init(key: "a", value: 1), .init(key: "a", value: 2)])
        #expect(compact(.object(object)) == #"{"a":1,"a":2}"#)
    }

    @Test("sortedKeys orders by UTF-8 bytes, at every level, stable for equal keys")
    func sortedKeys() {
        let value: HTJSON = [
            "b": 1, "a": ["z": 1, "y": 2], "B": 0, "é": 3, "z": 4, "": 5, "aa": 6,
        ]
        #expect(compact(value, .sortedKeys) == #"{"":5,"B":0,"a":{"y":2,"z":1},"aa":6,"b":1,"z":4,"é":3}"#)
        let duplicates = HTJSON.object(
            HTJSONObject(members: [
                .init(key: "b", value: 1), .init(key: "a", value: 2), .init(key: "b", value: 3),
                .init(key: "a", value: 4),
            ]))
        #expect(compact(duplicates, .sortedKeys) == #"{"a":2,"a":4,"b":1,"b":3}"#)
        // Arrays are not reordered.
        #expect(compact([3, 1, 2], .sortedKeys) == "[3,1,2]")
        // U+FFFF (EF BF BF) sorts before U+10000 (F0 90 80 80) by bytes, unlike UTF-16 order.
        let astral: HTJSON = ["\u{10000}": 1, "\u{FFFF}": 2]
        #expect(compact(astral, .sortedKeys) == "{\"\u{FFFF}\":2,\"\u{10000}\":1}")
    }

    @Test("prettyPrinted uses two spaces and \": \"")
    func pretty() {
        let value: HTJSON = ["name": "Ada", "tags": ["a", 1], "empty": [], "none": [:], "nested": ["x": [["y": nil]]]]
        let expected = """
            {
              "name": "Ada",
              "tags": [
                "a",
                1
              ],
              "empty": [],
              "none": {},
              "nested": {
                "x": [
                  {
                    "y": null
                  }
                ]
              }
            }
            """
        #expect(compact(value, .prettyPrinted) == expected)
        #expect(compact(1, .prettyPrinted) == "1")
        #expect(compact([], .prettyPrinted) == "[]")
        let sorted = """
            {
              "a": 2,
              "b": 1
            }
            """
        #expect(compact(["b": 1, "a": 2], [.prettyPrinted, .sortedKeys]) == sorted)
    }

    @Test("string escapes")
    func escapes() {
        #expect(compact("\"\\/\u{8}\u{C}\n\r\t") == #""\"\\/\b\f\n\r\t""#)
        #expect(compact("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(compact("a/b", .escapingSlashes) == #""a\/b""#)
        #expect(compact("é日本😀") == "\"é日本😀\"")
        #expect(HTJSONSerializer().serialize("é") == [0x22, 0xC3, 0xA9, 0x22])
        #expect(compact(["k\n": "v"]) == #"{"k\n":"v"}"#)
        let long = String(repeating: "abc\"def", count: 10)
        #expect(compact(.string(long)) == "\"" + String(repeating: "abc\\\"def", count: 10) + "\"")
        // A bridged/non-contiguous string is handled too.
        let substring = String("xx\ny".dropFirst())
        #expect(compact(.string(substring)) == #""x\ny""#)
    }

    @Test("integers")
    func integers() {
        #expect(
            compact([0, 1, -1, 42, .integer(.max), .integer(.min)])
                == "[0,1,-1,42,9223372036854775807,-9223372036854775808]")
    }

    @Test("doubles: whole numbers up to 2^53 as integers, others round-trip in shortest form")
    func doubles() throws {
        #expect(compact(3.0) == "3")
        #expect(compact(0.1) == "0.1")
        #expect(compact(-2.5) == "-2.5")
        #expect(compact(1e-5) == "1e-05")
        #expect(compact(1e20) == "1e+20")
        #expect(compact(1e16) == "1e+16")
        #expect(compact(-0.0) == "0")
        #expect(compact(.double(.leastNonzeroMagnitude)) == "5e-324")
        #expect(compact(.double(.greatestFiniteMagnitude)) == "1.7976931348623157e+308")
        // Non-integral values read back as the same double, bit for bit.
        for value in [0.1, 1e-5, 1e20, 1e16, .leastNonzeroMagnitude, 1.7976931348623157e308, 0.30000000000000004] {
            let parsed = try HTJSON(parsing: compact(.double(value)))
            switch parsed {
            case .double(let back):
                #expect(back.bitPattern == value.bitPattern)
            case .number(let back):
                // 16 or 17 digits: kept exactly, and the nearest Double is the value.
                #expect(back.doubleValue.bitPattern == value.bitPattern)
            default:
                Issue.record("\(value) read back as \(parsed)")
            }
        }
        // Whole values read back as the integer with the same value.
        for value in [3.0, 123456789012.0, 9_007_199_254_740_992.0] {
            #expect(try HTJSON(parsing: compact(.double(value))) == .integer(Int64(value)))
        }
    }

    @Test("NaN and infinities are written as null")
    func nonFinite() {
        #expect(compact([.double(.nan), .double(.infinity), .double(-.infinity)]) == "[null,null,null]")
    }

    @Test("deeply nested values are written without recursion")
    func deep() throws {
        var value: HTJSON = 1
        for _ in 0..<2000 { value = [value] }
        let text = compact(value)
        #expect(text == String(repeating: "[", count: 2000) + "1" + String(repeating: "]", count: 2000))
        #expect(try HTJSONParser(options: .init(maxDepth: 2000)).parse(text) == value)
    }
}
