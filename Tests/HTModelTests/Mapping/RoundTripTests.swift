import Foundation
import HTModel
import Testing

/// Issue #37 part 4: a value read from a server is written back as it came, byte for byte where the
/// Swift type can say so: dates with their fractional seconds (to the microsecond, no float noise, no
/// digit added), epoch seconds likewise, doubles in their shortest text, decimals and long integers
/// digit for digit, strings with their characters. The mapping rules are in MappingAndCoercion.md.
@Suite("Exact round trips: every scalar written back as it was read")
struct RoundTripTests {
    private let exact = ExactTypesTests()

    /// `value` as `width` digits, zero-padded.
    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The fraction of a second as pydantic and Go write it: `.` and the microseconds without trailing
    /// zeros, nothing for zero.
    private static func trimmedFraction(_ microseconds: Int) -> String {
        guard microseconds != 0 else { return "" }
        var text = pad(microseconds, 6)
        while text.hasSuffix("0") { text.removeLast() }
        return "." + text
    }

    /// A random instant in `years`: its text to the second, the whole second as a `Date` that Foundation's
    /// calendar (not the code under test) gives, and microseconds after it.
    private static func instant(
        in years: ClosedRange<Int>, _ random: inout SplitMix64
    ) throws -> (text: String, whole: Date, microseconds: Int) {
        let year = years.lowerBound + random.below(years.count)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        let (hour, minute, second) = (random.below(24), random.below(60), random.below(60))
        // Microseconds of every shape: whole seconds, milliseconds, and six digits.
        let microseconds: Int
        switch random.below(4) {
        case 0: microseconds = 0
        case 1: microseconds = random.below(1000) * 1000
        default: microseconds = random.below(1_000_000)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        let whole = try #require(calendar.date(from: components))
        let text =
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        return (text, whole, microseconds)
    }

    // MARK: Dates

    @Test("date-time as pydantic writes it (Z, 0-6 digits, no trailing zero) comes back byte for byte")
    func dateTimesRoundTripByteForByte() throws {
        var random = SplitMix64(seed: 37)
        for _ in 0..<3000 {
            let (text, whole, microseconds) = try Self.instant(in: 1729...2272, &random)
            let value = text + Self.trimmedFraction(microseconds) + "Z"
            // `isoDate` is `.iso8601` (OpenAPI's `date-time`), `date` the default format.
            let document = #"{"date":"\#(value)","isoDate":"\#(value)"}"#
            let (model, diagnostics) = try exact.map(document)
            #expect(diagnostics.isEmpty, "\(value): \(diagnostics)")
            #expect(model.htJSONString() == document)
            #expect(model.htJSON.serializedString() == document)
            // And the instant is the one the text names, to well under a microsecond.
            let read = try #require(model.isoDate).timeIntervalSince(whole)
            #expect(abs(read - Double(microseconds) / 1e6) < 5e-7, "\(value)")
        }
    }

    @Test("with .iso8601WithFractionalSeconds, milliseconds (.SSS) and microseconds (.SSSSSS) come back as sent")
    func millisecondFormsRoundTrip() throws {
        var random = SplitMix64(seed: 4)
        for _ in 0..<1000 {
            let (text, _, microseconds) = try Self.instant(in: 1729...2272, &random)
            let fraction =
                microseconds % 1000 == 0
                ? "." + Self.pad(microseconds / 1000, 3) : "." + Self.pad(microseconds, 6)
            let document = #"{"isoFraction":"\#(text + fraction)Z"}"#
            #expect(try exact.map(document).0.htJSONString() == document)
        }
    }

    @Test("other forms of the same instant are written in the one form: Z, the fewest digits, to the microsecond")
    func otherFormsAreNormalized() throws {
        for (read, written) in [
            ("2026-11-28T10:20:30.123456+00:00", "2026-11-28T10:20:30.123456Z"),  // Python's isoformat()
            ("2026-11-28T10:20:30.100000+00:00", "2026-11-28T10:20:30.1Z"),
            ("2026-11-28T18:20:30.5+08:00", "2026-11-28T10:20:30.5Z"),
            ("2026-11-28T05:50:30-04:30", "2026-11-28T10:20:30Z"),
            ("2026-11-28t10:20:30,25z", "2026-11-28T10:20:30.25Z"),
            ("2026-11-28 10:20:30.000", "2026-11-28T10:20:30Z"),
            ("2026-11-28T10:20Z", "2026-11-28T10:20:00Z"),
            ("2026-11-28", "2026-11-28T00:00:00Z"),
            // Beyond microseconds (.NET's seven digits, Go's and Java's nine): rounded to the microsecond.
            ("2026-11-28T10:20:30.1234567Z", "2026-11-28T10:20:30.123457Z"),
            ("2026-11-28T10:20:30.123456789Z", "2026-11-28T10:20:30.123457Z"),
            ("2026-11-28T10:20:30.0000004Z", "2026-11-28T10:20:30Z"),
            ("2026-12-31T23:59:59.9999996Z", "2027-01-01T00:00:00Z"),
            ("2026-11-28T10:20:30.12345678901234567890Z", "2026-11-28T10:20:30.123457Z"),
        ] {
            let (model, diagnostics) = try exact.map(#"{"isoDate":"\#(read)"}"#)
            #expect(diagnostics.isEmpty, "\(read)")
            #expect(model.htJSONString() == #"{"isoDate":"\#(written)"}"#, "\(read)")
        }
    }

    @Test("a date read with a fraction is exact: .123456 is never .123455999 or .1234560001")
    func fractionsHaveNoFloatNoise() throws {
        let date = try #require(exact.map(#"{"isoDate":"2026-11-28T10:20:30.123456Z"}"#).0.isoDate)
        let reference = try #require(exact.map(#"{"isoDate":"2026-11-28T10:20:30Z"}"#).0.isoDate)
        // The nearest `Date` to the text: a `Double` holds 30.123456 s after a whole second to 0.12 µs.
        let expected = Date(timeIntervalSinceReferenceDate: reference.timeIntervalSinceReferenceDate + 0.123456)
        #expect(date == expected)
        #expect(HTDateFormat.iso8601.json(for: date) == "2026-11-28T10:20:30.123456Z")
    }

    @Test("dates made in code: at most six digits that read back as the date, else to the microsecond")
    func datesMadeInCode() throws {
        var random = SplitMix64(seed: 2026)
        for index in 0..<3000 {
            // Any `Double` of seconds in the years 1...9999 as `Date()` and arithmetic make them; every
            // third one between 1901 and 2106, where epoch seconds are exact too.
            let near = index % 3 == 0
            let interval =
                near
                ? -3_125_790_848 + Double(random.next() % 6_442_450_944_000_000) / 1_000_000
                : -63_113_904_000 + Double(random.next() % 315_537_897_600_000_000) / 1_000_000
                    + Double(random.next() % 1_000_000) / 1e12
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let formats: [HTDateFormat] =
                near
                ? [.iso8601, .iso8601WithFractionalSeconds, .secondsSince1970]
                : [.iso8601, .iso8601WithFractionalSeconds]
            for format in formats {
                let written = format.json(for: date)
                let text = written.stringValue ?? written.serializedString()
                // Never more than six fraction digits, and within half a microsecond (and the date's
                // own step) of the date.
                let fraction = text.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber } }
                #expect((fraction?.count ?? 0) <= 6, "\(text)")
                let back = try #require(HTResponseData(written).date(format), "\(text)")
                #expect(abs(back.timeIntervalSince(date)) <= 5e-7 + interval.ulp, "\(text)")
                // What was written names its own date: writing that again gives a text of the same
                // date, the very same text where a `Date` has steps finer than a microsecond.
                let again = format.json(for: back)
                #expect(HTResponseData(again).date(format) == back, "\(text) → \(again)")
                if near || abs(interval) < 8_589_934_592 { #expect(again == written, "\(text) → \(again)") }
            }
        }
    }

    @Test("epoch seconds with a fraction come back digit for digit (1901-2106)")
    func epochSecondsRoundTrip() throws {
        var random = SplitMix64(seed: 1970)
        var documents = [
            "-1.5", "-0.25", "1e-06", "0.25", "1795593600.123456", "-2147483648.000001", "4294967295.999999",
        ]
        for _ in 0..<3000 {
            let seconds = Int(random.next() % 6_442_450_944) - 2_147_483_648
            let microseconds = random.below(4) == 0 ? 0 : random.below(1_000_000)
            let total = seconds * 1_000_000 + microseconds
            let whole = String(total.magnitude / 1_000_000)
            let text = (total < 0 ? "-" : "") + whole + Self.trimmedFraction(Int(total.magnitude % 1_000_000))
            documents.append(text)
        }
        for text in documents {
            let document = #"{"createdSeconds":\#(text)}"#
            let (model, diagnostics) = try exact.map(document)
            #expect(diagnostics.isEmpty, "\(text)")
            #expect(model.htJSONString() == document)
            #expect(model.htJSON.serializedString() == document)
        }
    }

    @Test("the ends of the years 1...9999, NaN and infinities are written inside them; a day stays its day")
    func edgesAndDays() throws {
        #expect(HTDateFormat.iso8601.json(for: .distantFuture) == "4001-01-01T00:00:00Z")
        #expect(HTDateFormat.iso8601.json(for: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999999Z")
        #expect(HTDateFormat.iso8601.json(for: Date(timeIntervalSince1970: -.infinity)) == "0001-01-01T00:00:00Z")
        #expect(HTDateFormat.iso8601.json(for: Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
        #expect(
            HTDateFormat.iso8601WithFractionalSeconds.json(for: Date(timeIntervalSince1970: 253_402_300_799.9999999))
                == "9999-12-31T23:59:59.999999Z")
        let lastMoment = try #require(exact.map(#"{"isoDate":"2026-11-28T23:59:59.9999999Z"}"#).0.isoDate)
        #expect(HTDateFormat.dateOnly.json(for: lastMoment) == "2026-11-28")
        #expect(HTDateFormat.iso8601.json(for: lastMoment) == "2026-11-29T00:00:00Z")
        #expect(HTDateFormat.secondsSince1970.json(for: Date(timeIntervalSince1970: .infinity)) == 0)
    }

    // MARK: Numbers and strings

    @Test("doubles, decimals, long integers and strings come back byte for byte")
    func scalarsRoundTripByteForByte() throws {
        // Doubles in their shortest text (as Python's repr and JavaScript write them).
        for text in [
            "0.1", "0.30000000000000004", "-2.5e-07", "1e+16", "1.2345678901234568e+17", "5e-324",
            "1.7976931348623157e+308", "123.456", "-0.001", "3.141592653589793",
        ] {
            let document = #"{"coordinates":[[\#(text)]]}"#
            let (model, diagnostics) = try exact.map(document)
            #expect(diagnostics.isEmpty, "\(text)")
            #expect(model.htJSONString() == document, "\(text)")
        }
        // Decimals digit for digit, integers at the ends of their types.
        let numbers = #"""
            {"int32":-2147483648,"int64":-9223372036854775808,"uint64":18446744073709551615,\#
            "price":1234567890.123456789,"prices":{"a":0.1,"b":99999999999999999999.99,"c":-0.000123,\#
            "d":12345678901234567890123456789012345678}}
            """#
        let (model, diagnostics) = try exact.map(numbers)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(model.htJSONString() == numbers)
        #expect(model.htJSON.serializedString() == numbers)
        // Strings: escapes, non-ASCII, U+2028 and U+2029 (legal raw in JSON), an emoji, DEL.
        let strings = #"{"labels":{"s":"a\"b\\c\nd\te\u0001f/g é 你好 \#u{2028}\#u{2029} 😀 \#u{7F}"}}"#
        let (labels, labelDiagnostics) = try exact.map(strings)
        #expect(labelDiagnostics.isEmpty)
        #expect(labels.htJSONString() == strings)
        #expect(labels.htJSON.serializedString() == strings)
    }

    @Test("an integer beyond UInt64 is never cut: a diagnostic, and a Decimal field keeps its digits")
    func bigIntegersAreNeverCut() throws {
        let (model, diagnostics) = try exact.map(#"{"uint64":18446744073709551616,"int64":9223372036854775808}"#)
        #expect(model.uint64 == nil)
        #expect(model.int64 == nil)
        #expect(diagnostics.map(\.path.description) == ["uint64", "int64"])
        let document = #"{"price":18446744073709551616}"#
        #expect(try exact.map(document).0.htJSONString() == document)
    }
}
