import Foundation
import HTModel
import Testing

/// Issue #35: values a Swift type cannot hold exactly are `nil` with a diagnostic at their JSON path (an
/// error in strict mode), never a changed value: `Decimal`s of more than 38 digits or an exponent outside
/// -128...127, dates outside the years 1...9999, and map keys that differ only in Unicode normalization.
@Suite("Exactness limits: long decimals, far dates, normalization twins in map keys")
struct ExactnessLimitsTests {
    /// The exact types' helpers: `exact.map(_:options:)` and `exact.strictFails(_:at:)`.
    private let exact = ExactTypesTests()

    // MARK: Decimal

    /// Numbers `Decimal` cannot hold: more than 38 significant digits, or an exponent beyond its range.
    static let inexactDecimals = [
        "123456789012345678901234567890123456789012",  // 42 digits
        "115792089237316195423570985008687907853269984665640564039457584007913129639935",  // uint256 max
        "0.1234567890123456789012345678901234567891",  // 40-digit fraction
        "-1234567890123456789.012345678901234567891",  // 40 digits
        "340282366920938463463374607431768211456",  // 2^128: one past the largest significand
        "1e-400", "-1e-400", "1e-129", "1e128", "1.5e200", "12345678901234567890123e-130",
    ]

    /// Numbers `Decimal` holds exactly, at its limits: 38 digits, trailing zeros moved into the exponent,
    /// the extreme exponents.
    static let exactDecimals = [
        "12345678901234567890123456789012345678", "-0.12345678901234567890123456789012345678",
        "340282366920938463463374607431768211455", "1" + String(repeating: "0", count: 60), "1e127", "1e-128",
        "9.9e-127", "12345678901234567890123456789012345678e89", "1.2345678901234567890123456789012345678e-91",
        "0.1", "12.12", "-5",
    ]

    @Test("a Decimal past 38 digits or Decimal's exponent range is nil with a diagnostic, as number or string")
    func inexactDecimalsAreDiagnostics() throws {
        for text in Self.inexactDecimals {
            for json in [text, "\"\(text)\""] {
                let document = #"{"price": \#(json)}"#
                let (model, diagnostics) = try exact.map(document)
                #expect(model.price == nil, "\(json) → \(String(describing: model.price))")
                #expect(diagnostics.map(\.path.description) == ["price"], "\(json)")
                #expect(
                    diagnostics.first?.message.hasPrefix("expected decimal number, found ") == true,
                    "\(String(describing: diagnostics.first))")
                #expect(try exact.strictFails(document, at: "price"), "\(json)")
                let data = HTResponseData(try HTJSON(parsing: document))
                #expect(data["price"].decimal == nil, "\(json)")
                #expect(data["price"].value(as: Decimal.self) == nil, "\(json)")
                #expect(throws: HTResponseDataError.self) { try data["price"].decode(Decimal.self) }
            }
        }
    }

    @Test("the diagnostic says why: digits or exponent beyond Decimal")
    func inexactDecimalMessage() throws {
        let (_, long) = try exact.map(#"{"prices": {"x": 123456789012345678901234567890123456789012}}"#)
        #expect(
            long.map(\.description) == [
                "prices.x: expected decimal number, found number 123456789012345678901234567890123456789012 "
                    + "(more significant digits than Decimal's 38)"
            ])
        let (_, small) = try exact.map(#"{"price": "1e-400"}"#)
        #expect(
            small.map(\.description) == [
                #"price: expected decimal number, found string "1e-400" (outside Decimal's range)"#
            ])
    }

    @Test("a Decimal at the limits reads exactly and writes back the same number")
    func exactDecimalsRoundTrip() throws {
        for text in Self.exactDecimals {
            let canonical = try #require(HTJSONNumber(text)).text
            for json in [text, "\"\(text)\""] {
                let (model, diagnostics) = try exact.map(#"{"price": \#(json)}"#)
                #expect(diagnostics.isEmpty, "\(json): \(diagnostics)")
                let price = try #require(model.price, "\(json)")
                #expect(HTJSONNumber(price)?.text == canonical, "\(json) → \(price)")
                #expect(model.htJSONString() == #"{"price":\#(canonical)}"#, "\(json)")
                #expect(model.htJSON.serializedString() == #"{"price":\#(canonical)}"#, "\(json)")
                #expect(HTResponseData(try HTJSON(parsing: json)).decimal == price, "\(json)")
            }
        }
    }

    @Test("1e-400 is not zero: the parser keeps the digits of a number too small for a normal Double")
    func underflowKeepsItsDigits() throws {
        let json = try HTJSON(parsing: "[1e-400, -2.5e-330, 1.234567e-320, 5e-324]")
        #expect(json.serializedString() == "[1e-400,-2.5e-330,1.234567e-320,5e-324]")
        #expect(json[0]?.doubleValue == 0)
        #expect(json[1]?.doubleValue.map { $0 == 0 && $0.sign == .minus } == true)
        #expect(json[2]?.doubleValue == Double("1.234567e-320"))
        // A subnormal Double whose shortest text is the number is still a double.
        #expect(json[3] == .double(.leastNonzeroMagnitude))
        // A Double property gets the nearest Double, as for any number.
        #expect(HTValueCoercionProbe.double(json[0]) == 0)
    }

    // MARK: Dates

    /// Dates outside 0001-01-01T00:00:00Z...9999-12-31T23:59:59Z, each in a field whose format reads it.
    static let farDates: [(field: String, json: String)] = [
        ("date", #""0000-01-01T00:00:00Z""#), ("date", #""0000-12-31""#),
        ("date", #""9999-12-31T23:59:59-01:00""#), ("date", #""0001-01-01T00:00:00+00:01""#),
        ("date", #""9999-12-31T23:59:60Z""#), ("date", "-62135596801"), ("date", "1e20"),
        ("isoDate", #""0000-06-15T12:00:00Z""#), ("isoFraction", #""0000-01-01T00:00:00.500Z""#),
        ("day", #""0000-02-29""#), ("createdSeconds", "253402300800"), ("createdSeconds", "-62135596801"),
        ("createdSeconds", "1e300"), ("createdSeconds", #""-1e20""#), ("createdMs", "253402300800000"),
        ("createdMs", "-62135596800001"), ("createdMs", "1e300"), ("stamp", #""10000/01/01 08:00""#),
        ("stamp", #""0000/01/01 08:00""#),
    ]

    @Test("a date outside the years 1...9999 is nil with a diagnostic, in every format")
    func farDatesAreDiagnostics() throws {
        for (field, json) in Self.farDates {
            let document = #"{"\#(field)": \#(json)}"#
            let (model, diagnostics) = try exact.map(document)
            #expect(model == HTExactTypes(), "\(document) → \(model.htJSONString())")
            #expect(diagnostics.map(\.path.description) == [field], "\(document)")
            #expect(try exact.strictFails(document, at: field), "\(document)")
        }
        let history = try exact.map(#"{"history": [1, 253402300800000, 3]}"#)
        #expect(history.1.map(\.path.description) == ["history[1]"])
    }

    @Test("the dynamic accessor rejects far dates in every format")
    func farDatesInTheAccessor() throws {
        let data = HTResponseData(
            try HTJSON(parsing: #"{"iso": "0000-01-01T00:00:00Z", "seconds": 253402300800, "ms": 1e300}"#))
        #expect(data["iso"].date == nil)
        #expect(data["iso"].date(.iso8601) == nil)
        #expect(data["iso"].date(.dateOnly) == nil)
        // `.automatic` and `.timestamp` read 253402300800 as milliseconds (1978); 1e300 is neither.
        #expect(data["ms"].date == nil)
        #expect(data["ms"].timestamp == nil)
        #expect(data["seconds"].date(.secondsSince1970) == nil)
        #expect(data["ms"].date(.millisecondsSince1970) == nil)
        #expect(throws: HTResponseDataError.self) { try data["seconds"].decodeDate(.secondsSince1970) }
    }

    @Test("the first and last second of the years 1...9999 round-trip exactly in every format")
    func edgeDatesRoundTrip() throws {
        let document = #"""
            {"date":"0001-01-01T00:00:00Z","createdMs":253402300799999,"createdSeconds":-62135596800,\#
            "isoDate":"9999-12-31T23:59:59Z","isoFraction":"0001-01-01T00:00:00.000Z","day":"9999-12-31"}
            """#
        let (model, diagnostics) = try exact.map(document)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(model.htJSONString() == document)
        #expect(model.htJSON.serializedString() == document)
    }

    // MARK: Map keys

    @Test("map keys that differ only in Unicode normalization: the first is kept, the second reported")
    func normalizationTwinsInMaps() throws {
        let document = #"{"labels": {"\u00e9": "precomposed", "e\u0301": "decomposed", "n": "x"}}"#
        let (model, diagnostics) = try exact.map(document)
        let labels = try #require(model.labels)
        #expect(labels.count == 2)
        let kept = try #require(labels.first { $0.key != "n" })
        #expect(Array(kept.key.utf8) == [0xC3, 0xA9])
        #expect(kept.value == "precomposed")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == HTJSONPath([.key("labels"), .key("e\u{0301}")]))
        #expect(
            diagnostics.first?.message
                == "the key differs from the earlier key \"\u{00e9}\" only in Unicode normalization; "
                + "a map with String keys cannot hold both, so this member is left out")
        #expect(throws: HTMappingError.self) { try exact.map(document, options: .strict) }
        // A null or bad value under the twin does not remove the first key's entry either.
        let (withNull, nullDiagnostics) = try exact.map(#"{"labels": {"\u00e9": "a", "e\u0301": null}}"#)
        #expect(withNull.labels?.count == 1)
        #expect(nullDiagnostics.count == 1)
        // Exact duplicates keep the documented rule: the last value wins, silently.
        let (duplicate, duplicateDiagnostics) = try exact.map(#"{"labels": {"a": "1", "a": "2"}}"#)
        #expect(duplicate.labels == ["a": "2"])
        #expect(duplicateDiagnostics.isEmpty)
    }

    @Test("object lookups match keys byte for byte, not by canonical equivalence")
    func objectLookupsAreExact() throws {
        let json = try HTJSON(parsing: #"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(json["\u{00e9}"] == 1)
        #expect(json["e\u{0301}"] == 2)
        let data = HTResponseData(json)
        #expect(data["\u{00e9}"].int == 1)
        #expect(data["e\u{0301}"].int == 2)
        #expect(data.allKeys.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(data.count == 2)
        var object = HTJSONObject()
        object["\u{00e9}"] = 1
        object["e\u{0301}"] = 2
        #expect(object.count == 2)
        object["e\u{0301}"] = nil
        #expect(object.keys.map { Array($0.utf8) } == [[0xC3, 0xA9]])
        #expect(try HTJSON(parsing: #"{"\u00e9": 1, "e\u0301": 2}"#).serializedString() == #"{"é":1,"é":2}"#)
    }
}

/// The coercion table as a `Double` field sees it.
private enum HTValueCoercionProbe {
    static func double(_ json: HTJSON?) -> Double? {
        guard let json else { return nil }
        return HTResponseData(json).double
    }
}
