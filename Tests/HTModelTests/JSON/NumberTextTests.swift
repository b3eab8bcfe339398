import Foundation
import HTModel
import Testing

/// How a `Double` becomes JSON and text: whole numbers of magnitude at most 2^53 as integers (`5`, not
/// `5.0`), every other finite value in Swift's shortest round-trip form, NaN and the infinities as
/// `null` in JSON and as no text at all (issue 11, "Numbers").
@Suite("Number text")
struct NumberTextTests {
    /// (value, JSON text, plain text): the serializer, `HTJSONWriter` and `formatDouble` agree.
    static let cases: [(Double, String)] = [
        (5.0, "5"),
        (0.0, "0"),
        // Integers have no negative zero: -0.0 is sent as 0 (as JSON.stringify does), which also makes
        // serialize → parse → serialize give the same text.
        (-0.0, "0"),
        (10.0, "10"),
        (-3.0, "-3"),
        (2.5, "2.5"),
        (1.5, "1.5"),
        (0.1, "0.1"),
        (-0.25, "-0.25"),
        (1e15, "1000000000000000"),
        (123456789012.0, "123456789012"),
        // 2^53 is the last whole number written as an integer; above it every double is even and the
        // integer text would claim a precision the value does not have.
        (9_007_199_254_740_992.0, "9007199254740992"),
        (-9_007_199_254_740_992.0, "-9007199254740992"),
        (9_007_199_254_740_994.0, "9.007199254740994e+15"),
        (1e16, "1e+16"),
        (1e20, "1e+20"),
        (1e300, "1e+300"),
        (1e-7, "1e-07"),
        (1.5e-300, "1.5e-300"),
        (.leastNonzeroMagnitude, "5e-324"),
        (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ]

    @Test("the serializer, the writer and formatDouble write the same text")
    func text() {
        for (value, text) in Self.cases {
            #expect(HTJSON.double(value).serializedString() == text, "\(value)")
            let writer = HTJSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == text, "\(value)")
            #expect(HTValueCoercion.formatDouble(value) == text, "\(value)")
            #expect(HTValueCoercion.string(.double(value)) == text, "\(value)")
            #expect(value.htJSON.serializedString() == text, "\(value)")
        }
    }

    @Test("every text reads back as the same number")
    func readsBack() throws {
        for (value, text) in Self.cases {
            let parsed = try HTJSON(parsing: text)
            let back = try #require(parsed.doubleValue)
            // -0.0 reads back as the integer 0: only the sign of zero is not kept.
            #expect(back == value, "\(text)")
            if value.magnitude <= 9_007_199_254_740_992, value.rounded() == value {
                #expect(parsed == .integer(Int64(value)), "\(text)")
            } else {
                #expect(back.bitPattern == value.bitPattern, "\(text)")
            }
        }
    }

    @Test("NaN and the infinities: null in JSON, no text")
    func nonFinite() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(HTJSON.double(value).serializedString() == "null")
            let writer = HTJSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "null")
            #expect(HTValueCoercion.string(.double(value)) == nil)
        }
    }

    @Test("inside containers, pretty-printed and with sorted keys")
    func containers() {
        let value: HTJSON = [
            "offset": .double(0), "limit": .double(10), "ratio": .double(2.5), "ids": [.double(5), .double(-1)],
        ]
        #expect(value.serializedString() == #"{"offset":0,"limit":10,"ratio":2.5,"ids":[5,-1]}"#)
        #expect(value.serializedString(options: .sortedKeys) == #"{"ids":[5,-1],"limit":10,"offset":0,"ratio":2.5}"#)
        #expect(value.serializedString(options: .prettyPrinted).contains(#""limit": 10,"#))
    }

    @Test("a model's Double mapped from 3 writes back 3, by both write paths")
    func modelWritesBackIntegers() throws {
        let (model, diagnostics) = try HTScalars.htMapped(from: try HTJSON(parsing: #"{"double": 3, "int": 4}"#))
        #expect(diagnostics.isEmpty)
        #expect(model.double == 3)
        #expect(model.htJSONString().contains(#""double":3,"#) || model.htJSONString().contains(#""double":3}"#))
        #expect(!model.htJSONString().contains("3.0"))
        #expect(model.htJSON.serializedString() == model.htJSONString())
        #expect(model.with { $0.double = 3.25 }.htJSONString().contains(#""double":3.25"#))
        let text = model.with { $0.double = -0.0 }.htJSONString()
        #expect(text.contains(#""double":0,"#) || text.contains(#""double":0}"#), "\(text)")
    }

    @Test("a response's 5.0 is written back as 5")
    func parsedWholeDoubles() throws {
        let parsed = try HTJSON(parsing: #"{"a":5.0,"b":1e2,"c":2.50,"d":-0.0}"#)
        #expect(parsed.serializedString() == #"{"a":5,"b":100,"c":2.5,"d":0}"#)
    }
}
