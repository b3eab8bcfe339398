import Foundation
import HTModel
import Testing

@Suite("Value coercion")
struct ValueCoercionTests {
    /// Maps `{"<key>": <value>}` into an `HTScalars` and returns it with the diagnostics.
    private func scalars(_ text: String, options: HTMappingOptions = .lenient) throws -> (
        HTScalars, [HTMappingDiagnostic]
    ) {
        let (model, diagnostics) = try HTScalars.htMapped(from: try Fixture.json(text), options: options)
        return (model, diagnostics)
    }

    private func date(_ text: String) throws -> Date? {
        try scalars(#"{"date": \#(text)}"#).0.date
    }

    @Test("numeric strings become numbers: \"4900111000\" → Int64, \"1234.54\" → Double")
    func numericStrings() throws {
        let (model, diagnostics) = try scalars(#"{"int64": "4900111000", "double": "1234.54", "int": "42"}"#)
        #expect(diagnostics.isEmpty)
        #expect(model.int64 == 4_900_111_000)
        #expect(model.double == 1234.54)
        #expect(model.int == 42)

        #expect(HTValueCoercion.int64("-9223372036854775808") == Int64.min)
        #expect(HTValueCoercion.int64("12.0") == 12)
        #expect(HTValueCoercion.int64("12.5") == nil)
        #expect(HTValueCoercion.int64(.double(3.5)) == nil)
        #expect(HTValueCoercion.int64(.double(4)) == 4)
        #expect(HTValueCoercion.double("1e3") == 1000)
        #expect(HTValueCoercion.double(" 12") == nil)
        #expect(HTValueCoercion.double("12 ") == nil)
        #expect(HTValueCoercion.double("inf") == nil)
        #expect(HTValueCoercion.double("nan") == nil)
        #expect(HTValueCoercion.double("0x10") == nil)
        #expect(HTValueCoercion.double(.integer(7)) == 7)
        #expect(HTValueCoercion.int(.null) == nil)
    }

    @Test("large integers keep every digit")
    func largeIntegers() throws {
        let (model, _) = try scalars(#"{"int64": 9007199254740993}"#)
        #expect(model.int64 == 9_007_199_254_740_993)
        #expect(model.htJSONObject()["int64"] == .integer(9_007_199_254_740_993))
    }

    @Test("a non-numeric string leaves the property unset with a diagnostic")
    func nonNumericString() throws {
        let (model, diagnostics) = try HTScalars.htMapped(
            from: try Fixture.json(#"{"double": "aNumber", "int": 3.5}"#), over: HTScalars { $0.double = 1 })
        #expect(model.double == 1)
        #expect(model.int == nil)
        #expect(diagnostics.count == 2)
        let first = try #require(diagnostics.first)
        #expect(first.path.description == "double")
        #expect(first.message.contains("aNumber"))
        #expect(first.message.contains("number"))
        #expect(diagnostics[1].path.description == "int")
        #expect(first.description == "double: \(first.message)")
    }

    @Test("a diagnostic's path is exact deep in the document: articles[3].author.email")
    func deepDiagnosticPath() throws {
        // email is a String: a number converts, but an object does not.
        let json = try Fixture.json(
            #"""
            {"articles": [
                {"id": 0}, {"id": 1}, {"id": 2, "author": {"email": 12}},
                {"id": 3, "author": {"name": "Ada", "email": {"address": "ada@example.com"}}},
                {"id": "four", "comments": [{"id": 1}, {"id": "two"}]}
            ]}
            """#)
        let (feed, diagnostics) = try HTFeed.htMapped(from: json)
        #expect(
            diagnostics.map(\.path.description) == [
                "articles[3].author.email", "articles[4].id", "articles[4].comments[1].id",
            ])
        let articles = try #require(feed.articles)
        #expect(articles.count == 5)
        #expect(articles[2].author?.email == "12")
        #expect(articles[3].author?.name == "Ada")
        #expect(articles[3].author?.email == nil)
        #expect(articles[4].id == nil)
        #expect(articles[4].comments?.map(\.id) == [1, nil])
        let components: [HTJSONPathComponent] = [.key("articles"), .index(3), .key("author"), .key("email")]
        #expect(diagnostics.first?.path == HTJSONPath(components))
    }

    @Test("strict mode throws the first diagnostic as an HTMappingError with its path")
    func strictMode() throws {
        let json = try Fixture.json(#"{"articles": [{"id": 0}, {"author": {"id": "x"}}, {"id": "y"}]}"#)
        let error = #expect(throws: HTMappingError.self) {
            _ = try HTFeed(json: json, options: .strict)
        }
        #expect(error?.path.description == "articles[1].author.id")
        #expect(error?.description.hasPrefix("mapping failed at articles[1].author.id:") == true)

        // htMap in strict mode as well, with the starting path prefixed.
        let mapError = #expect(throws: HTMappingError.self) {
            _ = try HTFeed.htMap(json, options: .strict, path: HTJSONPath(keyPath: "data"))
        }
        #expect(mapError?.path.description == "data.articles[1].author.id")

        // The same document maps leniently.
        let lenient = try HTFeed(json: json)
        #expect(lenient.articles?.count == 3)
    }

    @Test("booleans from numbers and from true/false/yes/no/1/0 strings")
    func booleans() throws {
        let cases: [(String, Bool?)] = [
            ("true", true), ("false", false), ("1", true), ("0", false), ("2", true), ("0.0", false),
            (#""true""#, true), (#""false""#, false), (#""yes""#, true), (#""no""#, false),
            (#""1""#, true), (#""0""#, false), (#""YES""#, true), (#""False""#, false),
            (#""maybe""#, nil), (#""""#, nil), ("[]", nil), ("{}", nil),
        ]
        for (text, expected) in cases {
            let (model, diagnostics) = try scalars(#"{"bool": \#(text)}"#)
            #expect(model.bool == expected, "bool from \(text)")
            #expect(diagnostics.isEmpty == (expected != nil), "diagnostics for \(text): \(diagnostics)")
        }
    }

    @Test("strings from numbers and booleans: 1 → \"1\", not \"true\"")
    func stringsFromScalars() throws {
        let (model, diagnostics) = try scalars(#"{"string": 1}"#)
        #expect(diagnostics.isEmpty)
        #expect(model.string == "1")
        #expect(try scalars(#"{"string": 0}"#).0.string == "0")
        #expect(try scalars(#"{"string": 12.5}"#).0.string == "12.5")
        #expect(try scalars(#"{"string": 3.0}"#).0.string == "3")
        #expect(try scalars(#"{"string": 4900111000}"#).0.string == "4900111000")
        #expect(try scalars(#"{"string": true}"#).0.string == "true")
        let (array, arrayDiagnostics) = try scalars(#"{"string": [1]}"#)
        #expect(array.string == nil)
        #expect(arrayDiagnostics.first?.path.description == "string")
    }

    @Test("strings become URLs; empty strings and non-strings do not")
    func urls() throws {
        let (model, diagnostics) = try scalars(#"{"url": "https://example.com/a/b?c=d#e"}"#)
        #expect(diagnostics.isEmpty)
        #expect(model.url == URL(string: "https://example.com/a/b?c=d#e"))
        #expect(model.url?.host == "example.com")
        #expect(try scalars(#"{"url": "/relative/path"}"#).0.url?.path == "/relative/path")
        let (empty, emptyDiagnostics) = try scalars(#"{"url": ""}"#)
        #expect(empty.url == nil)
        #expect(emptyDiagnostics.count == 1)
        let (number, numberDiagnostics) = try scalars(#"{"url": 5}"#)
        #expect(number.url == nil)
        #expect(numberDiagnostics.first?.message.contains("URL") == true)
        // And back: URLs are written as their absolute string.
        #expect(model.htJSONObject()["url"] == "https://example.com/a/b?c=d#e")
    }

    @Test("ISO 8601 dates: Z, offsets, fractional seconds and plain dates")
    func iso8601Dates() throws {
        let reference = Date(timeIntervalSince1970: 1_709_296_200)  // 2024-03-01T12:30:00Z
        #expect(try date(#""2024-03-01T12:30:00Z""#) == reference)
        #expect(try date(#""2024-03-01T12:30:00z""#) == reference)
        #expect(try date(#""2024-03-01T20:30:00+08:00""#) == reference)
        #expect(try date(#""2024-03-01T20:30:00+0800""#) == reference)
        #expect(try date(#""2024-03-01T07:00:00-05:30""#) == reference)
        #expect(try date(#""2024-03-01T12:30:00""#) == reference)  // no zone: UTC
        #expect(try date(#""2024-03-01 12:30:00Z""#) == reference)
        #expect(try date(#""2024-03-01T12:30Z""#) == reference)
        let fractional = try #require(try date(#""2024-03-01T12:30:00.250Z""#))
        #expect(abs(fractional.timeIntervalSince(reference) - 0.25) < 1e-6)
        let fractionalOffset = try #require(try date(#""2024-03-01T14:30:00.5+02:00""#))
        #expect(abs(fractionalOffset.timeIntervalSince(reference) - 0.5) < 1e-6)
        #expect(try date(#""2024-03-01""#) == Date(timeIntervalSince1970: 1_709_251_200))
        #expect(try date(#""1969-12-31T23:59:59Z""#) == Date(timeIntervalSince1970: -1))
        #expect(try date(#""2000-02-29""#) == Date(timeIntervalSince1970: 951_782_400))

        #expect(try date(#""2024-02-29""#) == Date(timeIntervalSince1970: 1_709_164_800))
        for bad in [
            #""2024-13-01""#, #""2023-02-29""#, #""2024-02-30""#, #""2024-04-31""#, #""1900-02-29""#,
            #""2024-03-01T25:00:00Z""#, #""2024-03-01T12:30:00Q""#, #""yesterday""#,
            #""2024-03-01T12:30:00.Z""#, #""2024-3-1""#, "true", "[1]",
        ] {
            let (model, diagnostics) = try scalars(#"{"date": \#(bad)}"#)
            #expect(model.date == nil, "date from \(bad)")
            #expect(diagnostics.first?.path.description == "date", "diagnostic for \(bad)")
        }
    }

    @Test("epoch dates: seconds vs milliseconds, numbers and numeric strings")
    func epochDates() throws {
        let reference = Date(timeIntervalSince1970: 1_709_296_200)
        #expect(try date("1709296200") == reference)
        #expect(try date("1709296200000") == reference)
        #expect(try date(#""1709296200""#) == reference)
        #expect(try date(#""1709296200000""#) == reference)
        #expect(try date("1709296200.5") == Date(timeIntervalSince1970: 1_709_296_200.5))
        #expect(try date("0") == Date(timeIntervalSince1970: 0))
        #expect(try date("-86400") == Date(timeIntervalSince1970: -86_400))
        // Either side of the threshold.
        #expect(try date("99999999999") == Date(timeIntervalSince1970: 99_999_999_999))
        #expect(try date("100000000001") == Date(timeIntervalSince1970: 100_000_000.001))
        #expect(HTValueCoercion.epochDate(.infinity) == nil)
    }

    @Test("dates are written back as ISO 8601 UTC and survive a round trip")
    func dateRoundTrip() throws {
        let whole = Date(timeIntervalSince1970: 1_709_296_200)
        #expect(HTValueCoercion.iso8601String(whole) == "2024-03-01T12:30:00Z")
        #expect(
            HTValueCoercion.iso8601String(Date(timeIntervalSince1970: 1_709_296_200.25)) == "2024-03-01T12:30:00.25Z")
        #expect(HTValueCoercion.iso8601String(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        let model = HTScalars {
            $0.date = whole
        }
        let copy = try HTScalars(json: model.htJSON)
        #expect(copy.date == whole)
    }

    @Test("open enums keep unknown values; numbers map to their text")
    func openEnums() throws {
        let (model, diagnostics) = try scalars(
            #"{"state": "banned", "states": ["active", "archived", 1, "suspended"]}"#)
        #expect(diagnostics.isEmpty)
        let state = try #require(model.state)
        #expect(state.rawValue == "banned")
        #expect(state.isKnown == false)
        #expect(state != .active)
        #expect(model.states == [.active, HTAccountState(rawValue: "archived"), .level1, .suspended])
        #expect(model.states?.map(\.isKnown) == [true, false, true, true])
        #expect(HTAccountState.active.isKnown)
        #expect(HTAccountState("active") == .active)
        #expect("\(HTAccountState.suspended)" == "suspended")
        // Unknown values are written back unchanged.
        #expect(model.htJSONObject()["state"] == "banned")

        let (bad, badDiagnostics) = try scalars(#"{"state": {"x": 1}}"#)
        #expect(bad.state == nil)
        #expect(badDiagnostics.first?.path.description == "state")
    }

    @Test("strict mapping rejects unknown enum values when asked: globally or per enum")
    func closedEnums() throws {
        let json = try HTJSONParser().parse(Data(#"{"state": "active", "states": ["suspended", "archived"]}"#.utf8))
        // Open by default, even in strict mode.
        #expect(try HTScalars(json: json, options: .strict).states?.last == HTAccountState(rawValue: "archived"))
        // Globally: the unknown value fails the mapping with its JSON path.
        let closed = HTMappingOptions(strict: true, rejectsUnknownEnumValues: true)
        do {
            _ = try HTScalars(json: json, options: closed)
            Issue.record("an unknown enum value was accepted")
        } catch {
            #expect(error.path.description == "states[1]")
            #expect(error.message.contains(#"unknown value "archived" of HTAccountState"#))
        }
        // Lenient mapping ignores the option: the value is kept.
        let lenient = HTMappingOptions(strict: false, rejectsUnknownEnumValues: true)
        #expect(try HTScalars(json: json, options: lenient).states?.count == 2)
        // Per enum: only the closed enum rejects, in strict mode.
        var context = HTMappingContext(options: .strict)
        #expect(HTClosedLevel.htDecode("high", context: &context) == nil)
        #expect(context.diagnostics.first?.message.contains(#"known values: "low", "mid""#) == true)
        #expect(HTClosedLevel.htDecode("low", context: &context) == .low)
        var lenientContext = HTMappingContext(options: .lenient)
        #expect(HTClosedLevel.htDecode("high", context: &lenientContext)?.rawValue == "high")
        #expect(HTAccountState.htDecode("banned", context: &context)?.rawValue == "banned")
    }

    @Test("an HTJSON property takes any value as it is")
    func anyJSON() throws {
        let (model, diagnostics) = try scalars(#"{"json": {"a": [1, "two", false, null, 2.5]}}"#)
        #expect(diagnostics.isEmpty)
        #expect(model.json == ["a": [1, "two", false, nil, 2.5]])
        let (null, _) = try scalars(#"{"json": null}"#)
        #expect(null.json == nil)
    }

    @Test("arrays of scalars coerce element by element")
    func scalarArrays() throws {
        let (model, diagnostics) = try scalars(#"{"numbers": [1, "2", 3.0, "x", null, 4]}"#)
        #expect(model.numbers == [1, 2, 3, 4])
        #expect(diagnostics.map(\.path.description) == ["numbers[3]", "numbers[4]"])
    }

    @Test("integers from other values: exact only")
    func integers() throws {
        #expect(try scalars(#"{"int": true}"#).0.int == 1)
        #expect(try scalars(#"{"int": 7.0}"#).0.int == 7)
        #expect(try scalars(#"{"int": 1e3}"#).0.int == 1000)
        #expect(try scalars(#"{"int": 1e30}"#).0.int == nil)
        #expect(try scalars(#"{"int64": 1e30}"#).0.int64 == nil)
        #expect(try scalars(#"{"int64": "99999999999999999999"}"#).0.int64 == nil)
    }

    @Test("formatDouble writes whole doubles up to 2^53 as integers and others in shortest form")
    func formatDouble() {
        #expect(HTValueCoercion.formatDouble(3) == "3")
        #expect(HTValueCoercion.formatDouble(-2) == "-2")
        #expect(HTValueCoercion.formatDouble(0.1) == "0.1")
        #expect(HTValueCoercion.formatDouble(1e20) == "1e+20")
        #expect(HTValueCoercion.string(.double(.nan)) == nil)
    }
}
