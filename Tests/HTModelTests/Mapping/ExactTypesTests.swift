import Foundation
import HTModel
import Testing

/// The exact types of issue #24 as model fields: each read leniently and strictly from good and bad
/// JSON (a bad value is a diagnostic at its JSON path and leaves the field unset), written back
/// faithfully through both writers, and read alike by `Codable` and the dynamic accessor.
@Suite("Exact types: integers, Decimal, dates, URL, UUID, Data, maps")
struct ExactTypesTests {
    func map(_ text: String, options: HTMappingOptions = .lenient) throws -> (
        HTExactTypes, [HTMappingDiagnostic]
    ) {
        try HTExactTypes.htMapped(from: try HTJSON(parsing: text), options: options)
    }

    /// The diagnostics as `path: message` lines.
    private func lines(_ diagnostics: [HTMappingDiagnostic]) -> [String] {
        diagnostics.map { "\($0.path): \($0.message)" }
    }

    /// Whether strict mapping of `text` fails at `path`.
    func strictFails(_ text: String, at path: String) throws -> Bool {
        do {
            _ = try map(text, options: .strict)
            return false
        } catch let error as HTMappingError {
            return error.path.description == path
        }
    }

    private func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    // MARK: Decimal

    @Test("Decimal reads the number's digits, never a Double: 12.12, \"10.00\", 0.1, 19 digits")
    func decimalIsExact() throws {
        for (json, expected) in [
            ("12.12", "12.12"), ("\"10.00\"", "10"), ("0.1", "0.1"), ("1234567890.123456789", "1234567890.123456789"),
            ("-0.000000000000000001", "-0.000000000000000001"), ("4900111000", "4900111000"),
            ("\"99999999999999999999.99\"", "99999999999999999999.99"), ("1e3", "1000"),
        ] {
            let (model, diagnostics) = try map(#"{"price": \#(json)}"#)
            #expect(diagnostics.isEmpty, "\(json)")
            #expect(model.price == decimal(expected), "\(json) → \(String(describing: model.price))")
        }
        // Through Double, 1234567890.123456789 would be 1234567890.1234567 and 0.1 0.1000000000000000055….
        let (long, _) = try map(#"{"price": 1234567890.123456789}"#)
        #expect(long.price?.description == "1234567890.123456789")
    }

    @Test("Decimal writes its exact text through both writers")
    func decimalWritesExactly() throws {
        for text in ["12.12", "0.1", "1234567890.123456789", "-5", "99999999999999999999.99", "1e-06"] {
            let model = HTExactTypes { $0.price = self.decimal(text) }
            #expect(model.htJSONString() == #"{"price":\#(text)}"#)
            #expect(model.htJSON.serializedString() == #"{"price":\#(text)}"#)
            let back = try map(model.htJSONString()).0
            #expect(back.price == model.price)
        }
    }

    @Test("Decimal from a non-number is a diagnostic at its path; strict mapping fails there")
    func decimalBadInput() throws {
        let (model, diagnostics) = try map(#"{"price": "12,50"}"#)
        #expect(model.price == nil)
        #expect(lines(diagnostics) == [#"price: expected decimal number, found string "12,50""#])
        #expect(try strictFails(#"{"price": [1]}"#, at: "price"))
    }

    // MARK: Integers

    @Test("Int32, Int64 and UInt64 are range-checked: 4900111000 fits 64 bits, -1 and 2^64 never wrap")
    func integersAreRangeChecked() throws {
        let (good, goodDiagnostics) = try map(
            #"{"int32": -2147483648, "int64": 4900111000, "uint64": 18446744073709551615}"#)
        #expect(goodDiagnostics.isEmpty)
        #expect(good.int32 == Int32.min)
        #expect(good.int64 == 4_900_111_000)
        #expect(good.uint64 == UInt64.max)

        let (fromStrings, _) = try map(#"{"int64": "4900111000", "uint64": "18446744073709551615", "int32": "7"}"#)
        #expect(fromStrings.int64 == 4_900_111_000)
        #expect(fromStrings.uint64 == UInt64.max)
        #expect(fromStrings.int32 == 7)

        for (json, path) in [
            (#"{"uint64": -1}"#, "uint64"), (#"{"uint64": 18446744073709551616}"#, "uint64"),
            (#"{"uint64": "-1"}"#, "uint64"), (#"{"uint64": 1.5}"#, "uint64"),
            (#"{"int32": 2147483648}"#, "int32"), (#"{"int64": 9223372036854775808}"#, "int64"),
        ] {
            let (model, diagnostics) = try map(json)
            #expect(model.uint64 == nil && model.int32 == nil && model.int64 == nil, "\(json)")
            #expect(diagnostics.map(\.path.description) == [path], "\(json)")
            #expect(try strictFails(json, at: path), "\(json)")
        }
        let (_, diagnostics) = try map(#"{"uint64": 18446744073709551616}"#)
        #expect(lines(diagnostics) == ["uint64: expected unsigned 64-bit integer, found number 18446744073709551616"])
    }

    @Test("UInt64 above Int64.max writes back digit for digit")
    func uint64WritesExactly() throws {
        let model = HTExactTypes {
            $0.uint64 = UInt64.max
            $0.int32 = -7
            $0.int64 = 4_900_111_000
        }
        let text = #"{"int32":-7,"int64":4900111000,"uint64":18446744073709551615}"#
        #expect(model.htJSONString() == text)
        #expect(model.htJSON.serializedString() == text)
    }

    // MARK: Dates

    @Test("dates read and write in each declared format")
    func datesInEachFormat() throws {
        let instant = Date(timeIntervalSince1970: 1_795_593_600)  // 2026-11-25T08:00:00Z
        let (model, diagnostics) = try map(
            #"""
            {"date": "2026-11-25T08:00:00Z", "createdMs": 1795593600250, "createdSeconds": "1795593600",
             "isoDate": "2026-11-25T16:00:00+08:00", "isoFraction": "2026-11-25T08:00:00.250Z",
             "day": "2026-11-25", "stamp": "2026/11/25 16:00", "history": [1795593600000, "1795593601000"]}
            """#)
        #expect(lines(diagnostics) == [])
        #expect(model.date == instant)
        #expect(model.createdMs == instant.addingTimeInterval(0.25))
        #expect(model.createdSeconds == instant)
        #expect(model.isoDate == instant)
        #expect(model.isoFraction == instant.addingTimeInterval(0.25))
        #expect(model.day == Date(timeIntervalSince1970: 1_795_564_800))
        #expect(model.stamp == instant)
        #expect(model.history == [instant, instant.addingTimeInterval(1)])

        let written = #"""
            {"date":"2026-11-25T08:00:00Z","createdMs":1795593600250,"createdSeconds":1795593600,\#
            "isoDate":"2026-11-25T08:00:00Z","isoFraction":"2026-11-25T08:00:00.250Z","day":"2026-11-25",\#
            "stamp":"2026/11/25 16:00","history":[1795593600000,1795593601000]}
            """#
        #expect(model.htJSONString() == written)
        #expect(model.htJSON.serializedString() == written)
        let back = try map(written).0
        #expect(back == model)
    }

    @Test("a date not in the field's format is a diagnostic at its path")
    func badDates() throws {
        let (model, diagnostics) = try map(
            #"{"createdMs": "2026-11-25T08:00:00Z", "day": "soon", "stamp": "2026-11-25", "history": [1, "x", 3]}"#)
        #expect(model.createdMs == nil && model.day == nil && model.stamp == nil)
        #expect(model.history == [Date(timeIntervalSince1970: 0.001), Date(timeIntervalSince1970: 0.003)])
        #expect(
            lines(diagnostics) == [
                #"createdMs: expected timestamp (epoch milliseconds), found string "2026-11-25T08:00:00Z""#,
                #"day: expected date (yyyy-MM-dd), found string "soon""#,
                #"stamp: expected date in the format "yyyy/MM/dd HH:mm", found string "2026-11-25""#,
                #"history[1]: expected timestamp (epoch milliseconds), found string "x""#,
            ])
        #expect(try strictFails(#"{"isoDate": 1795593600}"#, at: "isoDate"))
        // The format is the field's alone: an automatic field next to it still reads epoch numbers.
        let (mixed, mixedDiagnostics) = try map(#"{"date": 1795593600, "isoDate": "2026-11-25T08:00:00Z"}"#)
        #expect(mixedDiagnostics.isEmpty)
        #expect(mixed.date == mixed.isoDate)
    }

    // MARK: URL, UUID, Data

    @Test("URL keeps relative URLs; UUID reads either case and writes lower case; Data is base64")
    func foundationValues() throws {
        let (model, diagnostics) = try map(
            #"{"link": "/avatars/7.png?size=2", "uuid": "3F2504E0-4F89-41D3-9A0C-0305E82C3301", "blob": "aGVsbG8="}"#)
        #expect(diagnostics.isEmpty)
        #expect(model.link?.absoluteString == "/avatars/7.png?size=2")
        #expect(model.uuid == UUID(uuidString: "3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
        #expect(model.blob == Data("hello".utf8))
        let text = #"{"link":"/avatars/7.png?size=2","uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","blob":"aGVsbG8="}"#
        #expect(model.htJSONString() == text)
        #expect(model.htJSON.serializedString() == text)

        let (bad, badDiagnostics) = try map(#"{"uuid": "not-a-uuid", "blob": "aGVsbG8*", "link": ""}"#)
        #expect(bad.uuid == nil && bad.blob == nil && bad.link == nil)
        #expect(
            lines(badDiagnostics) == [
                #"uuid: expected UUID, found string "not-a-uuid""#,
                #"blob: expected base64 data, found string "aGVsbG8*""#,
                #"link: expected URL, found string """#,
            ])
    }

    // MARK: Maps and nested arrays

    @Test("maps keep their keys; an entry that does not convert is dropped with a diagnostic at its key")
    func maps() throws {
        let (model, diagnostics) = try map(
            #"""
            {"labels": {"en": "Hello", "zh": "你好", "n": 5}, "prices": {"a": 10.5, "b": "x", "c": null, "d": "12.12"},
             "owners": {"ann": {"int": 1}, "bob": {"int": "x"}}}
            """#)
        #expect(model.labels == ["en": "Hello", "zh": "你好", "n": "5"])
        #expect(model.prices == ["a": decimal("10.5"), "d": decimal("12.12")].compactMapValues { $0 })
        #expect(model.owners?["ann"]?.int == 1)
        #expect(model.owners?["bob"] != nil && model.owners?["bob"]?.int == nil)
        #expect(
            lines(diagnostics) == [
                #"prices.b: expected decimal number, found string "x""#,
                "prices.c: expected decimal number, found null",
                #"owners.bob.int: expected integer, found string "x""#,
            ])
        #expect(try strictFails(#"{"prices": {"a": 1, "b": true, "c": "x"}}"#, at: "prices.c"))
        #expect(try strictFails(#"{"labels": ["en"]}"#, at: "labels"))
        #expect(model.htJSONString().contains(#""labels":{"en":"Hello","n":"5","zh":"你好"}"#))
        #expect(model.htJSONString().contains(#""prices":{"a":10.5,"d":12.12}"#))
        #expect(try map(model.htJSONString()).0 == model)
    }

    @Test("nested arrays: [[Double]] coordinates, with a bad element reported at [i][j]")
    func nestedArrays() throws {
        let (model, diagnostics) = try map(#"{"coordinates": [[120.1, 30.25], [121, "31.5"], [1, "x"]]}"#)
        #expect(model.coordinates == [[120.1, 30.25], [121, 31.5], [1]])
        #expect(lines(diagnostics) == [#"coordinates[2][1]: expected number, found string "x""#])
        #expect(model.htJSONString() == #"{"coordinates":[[120.1,30.25],[121,31.5],[1]]}"#)
    }

    // MARK: Codable and the dynamic accessor agree with the mapper

    @Test("Codable round-trips every type, and reads the same values as the mapper")
    func codableAgrees() throws {
        let text = #"""
            {"int32": 7, "int64": 4900111000, "uint64": 18446744073709551615, "price": 1234567890.123456789,
             "date": "2026-11-25T08:00:00.5Z", "createdMs": 1795593600250, "day": "2026-11-25",
             "stamp": "2026/11/25 16:00", "link": "/a", "uuid": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
             "blob": "AAEC", "labels": {"zh": "你好"}, "prices": {"a": 0.1}, "coordinates": [[1.5, 2]],
             "history": [1795593600000]}
            """#
        let mapped = try map(text).0
        let decoded = try JSONDecoder().decode(HTExactTypes.self, from: Data(text.utf8))
        #expect(decoded == mapped)
        let encoded = try JSONEncoder().encode(mapped)
        let again = try JSONDecoder().decode(HTExactTypes.self, from: encoded)
        #expect(again == mapped)
        #expect(again.price?.description == "1234567890.123456789")
        #expect(again.uint64 == UInt64.max)
    }

    @Test("HTResponseData reads each type as the mapper does")
    func dynamicAccessorAgrees() throws {
        let data = try HTResponseData(
            parsing: #"""
                {"int32": "7", "uint64": 18446744073709551615, "price": 1234567890.123456789, "small": 0.1,
                 "uuid": "3F2504E0-4F89-41D3-9A0C-0305E82C3301", "blob": "AAEC", "ms": 1795593600250,
                 "labels": {"zh": "你好"}, "bad": -1}
                """#)
        #expect(data["int32"].int32 == 7)
        #expect(data["uint64"].uint64 == UInt64.max)
        #expect(data["bad"].uint64 == nil)
        #expect(data["price"].decimal == decimal("1234567890.123456789"))
        #expect(data["small"].decimal == decimal("0.1"))
        #expect(data["uuid"].uuid == UUID(uuidString: "3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
        #expect(data["blob"].data == Data([0, 1, 2]))
        #expect(data["ms"].date(.millisecondsSince1970) == Date(timeIntervalSince1970: 1_795_593_600.25))
        #expect(data["labels"].value(as: [String: String].self) == ["zh": "你好"])
        #expect(data["price"].value(as: Decimal.self) == data["price"].decimal)
        #expect(throws: HTResponseDataError.self) { try data["bad"].decode(UInt64.self) }
    }
}
