import Foundation

/// The one coercion table shared by the object mapper and the dynamic accessor: how a JSON value
/// becomes a Swift scalar when the types don't match exactly.
///
/// Every conversion is exact or fails (`nil`): `"4900111000"` becomes the `Int64` 4900111000,
/// `"1234.54"` the `Double` 1234.54, `"aNumber"` nothing, and `3.5` is not an integer.
/// `null` converts to nothing, so the caller decides between `nil` and a default.
@usableFromInline
package enum HTValueCoercion {
    /// A string from a string, a number (its decimal text) or a boolean (`"true"`/`"false"`).
    @inlinable
    package static func string(_ json: HTJSON) -> String? {
        switch json {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .double(let value): return value.isFinite ? formatDouble(value) : nil
        case .number(let value): return value.text
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// A 64-bit integer from an integer, a double with no fraction in range, or a string holding one.
    @inlinable
    package static func int64(_ json: HTJSON) -> Int64? {
        switch json {
        case .integer(let value): return value
        case .double(let value): return Int64(exactly: value)
        case .number(let value): return value.int64Value
        case .string(let value): return Int64(value) ?? HTJSONNumber(coercing: value)?.int64Value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// An `Int` (see ``int64(_:)``), if it fits.
    @inlinable
    package static func int(_ json: HTJSON) -> Int? {
        int64(json).flatMap { Int(exactly: $0) }
    }

    /// A double from a number or a string holding a number.
    @inlinable
    package static func double(_ json: HTJSON) -> Double? {
        switch json {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        case .number(let value): return value.doubleValue
        case .string(let value): return Double(exactString: value)
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// A boolean from a boolean, the numbers 0 and 1 (any other number is non-zero → `true`),
    /// or the strings `true`/`false`/`yes`/`no`/`1`/`0` (any case).
    @inlinable
    package static func bool(_ json: HTJSON) -> Bool? {
        switch json {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .double(let value): return value.isNaN ? nil : value != 0
        case .number(let value): return !value.isZero
        case .string(let value):
            switch value.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A URL from a string that `URL(string:)` accepts.
    @inlinable
    package static func url(_ json: HTJSON) -> URL? {
        guard case .string(let value) = json, !value.isEmpty else { return nil }
        return URL(string: value)
    }

    /// Epoch numbers whose magnitude is above this are taken as milliseconds, below it as seconds.
    ///
    /// 100,000,000,000 seconds is the year 5138, while the same number of milliseconds is March 1973:
    /// no real timestamp is ambiguous on either side of it.
    package static let millisecondsThreshold: Double = 100_000_000_000

    /// A date from an epoch number (seconds or milliseconds, see ``millisecondsThreshold``), a string
    /// holding an epoch number, or an ISO 8601 string (with or without fractional seconds, `Z` or an offset).
    package static func date(_ json: HTJSON) -> Date? {
        switch json {
        case .integer, .double, .number:
            guard let value = double(json) else { return nil }
            return epochDate(value)
        case .string(let text):
            if let value = Double(exactString: text) { return epochDate(value) }
            return iso8601Date(text)
        default:
            return nil
        }
    }

    /// The epoch seconds a date read from JSON may have: from 0001-01-01T00:00:00Z up to, not including,
    /// 10000-01-01T00:00:00Z, the instants ISO 8601's four-digit years can write. Every format reads
    /// only these (see `dateInRange`), so every date read is written back as it was read.
    package static let epochSecondsRange: Range<Double> = -62_135_596_800..<253_402_300_800

    /// The date `seconds` after 1970 when it lies in the years 1...9999 (``epochSecondsRange``), else
    /// `nil`: a date outside them has no four-digit year to be written with, so it would change on the
    /// way back out. Exact or nothing, as for every other coercion.
    package static func dateInRange(_ seconds: Double) -> Date? {
        guard epochSecondsRange.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `date` when it lies in the years 1...9999, else `nil` (see `dateInRange`).
    package static func dateInRange(_ date: Date) -> Date? {
        epochSecondsRange.contains(date.timeIntervalSince1970) ? date : nil
    }

    /// The date for an epoch value in seconds or milliseconds; `nil` when it falls outside
    /// ``epochSecondsRange`` (it could not be written back as an ISO 8601 string).
    package static func epochDate(_ value: Double) -> Date? {
        guard value.isFinite else { return nil }
        return dateInRange(abs(value) > millisecondsThreshold ? value / 1000 : value)
    }

    /// Parses an ISO 8601 date-time such as `2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.250+08:00`,
    /// or a plain date `2024-03-01` (midnight UTC); `nil` for a date outside the years 1...9999 in UTC
    /// (`0000-01-01`, `9999-12-31T23:59:59-01:00`).
    package static func iso8601Date(_ text: String) -> Date? {
        ISO8601Parser.parse(text).flatMap(dateInRange)
    }

    /// Formats a date as ISO 8601 in UTC with millisecond precision when it has a fraction.
    package static func iso8601String(_ date: Date) -> String {
        ISO8601Parser.format(date)
    }

    /// The text of a double, as the serializer writes it: a whole number of magnitude at most 2^53 is
    /// written as an integer (`5`, `-3`, `0`; `-0.0` too is `0`), any other value in Swift's shortest
    /// form that reads back as the same `Double` (`2.5`, `0.1`, `1e+16`, `1e-07`). NaN and the infinities have no
    /// numeric text (`nan`, `inf`; ``string(_:)`` gives `nil` for them).
    @inlinable
    package static func formatDouble(_ value: Double) -> String {
        if let integer = value._htWholeNumber { return String(integer) }
        return value.description
    }
}

extension Double {
    /// The value as an integer when it is a whole number of magnitude at most 2^53, the range in which
    /// every integer is a `Double` (`nil` for fractions, larger magnitudes, NaN and the infinities).
    /// These are the doubles that are written as integers.
    @inlinable
    var _htWholeNumber: Int64? {
        // 2^53 as a literal: a `static let` would cost a lazy-initialisation check on every call.
        guard magnitude <= 9_007_199_254_740_992.0, rounded(.towardZero) == self else { return nil }
        return Int64(self)
    }
}

extension Double {
    /// Parses a whole string as a decimal number; rejects surrounding spaces, `inf`, `nan` and hex.
    @inlinable
    init?(exactString text: String) {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else {
            return nil
        }
        guard let last = text.utf8.last, last >= 0x30 && last <= 0x39 || last == UInt8(ascii: ".") else {
            return nil
        }
        for byte in text.utf8 where !(byte >= 0x30 && byte <= 0x39) {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: return nil
            }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

/// A small, allocation-light ISO 8601 parser (Foundation's `ISO8601DateFormatter` is slow and not
/// `Sendable`; this one is a pure function).
enum ISO8601Parser {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0

        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        var offsetSeconds = 0
        if index < bytes.count {
            guard
                bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
                    || bytes[index] == UInt8(ascii: " ")
            else { return nil }
            index += 1
            guard let h = digits(2), expect(UInt8(ascii: ":")), let m = digits(2) else { return nil }
            hour = h
            minute = m
            if expect(UInt8(ascii: ":")) {
                guard let s = digits(2) else { return nil }
                second = s
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    var scale = 0.1
                    var sawDigit = false
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        fraction += Double(bytes[index] - 0x30) * scale
                        scale /= 10
                        index += 1
                        sawDigit = true
                    }
                    guard sawDigit else { return nil }
                }
            }
            guard hour < 24, minute < 60, second <= 60 else { return nil }
            if index < bytes.count {
                let sign = bytes[index]
                if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                    index += 1
                } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                    index += 1
                    guard let oh = digits(2) else { return nil }
                    _ = expect(UInt8(ascii: ":"))
                    guard let om = digits(2), oh < 24, om < 60 else { return nil }
                    offsetSeconds = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
                } else {
                    return nil
                }
            }
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// When ``format(_:fraction:)`` writes milliseconds.
    enum Fraction {
        /// Only when the date has a fraction of a second (to the millisecond).
        case whenPresent
        /// Always, `.000` too.
        case always
        /// Never: the date is written to the second, rounded down.
        case never
    }

    static func format(_ date: Date, fraction: Fraction = .whenPresent) -> String {
        // Dates read from JSON lie in the years 1...9999. Dates made in code may not (or be infinite or
        // NaN): write the nearest date that has a four-digit year rather than trap converting to `Int`.
        let range = HTValueCoercion.epochSecondsRange
        var interval = date.timeIntervalSince1970
        if interval.isNaN { interval = 0 }
        interval = Swift.min(Swift.max(interval, range.lowerBound), range.upperBound - 0.001)
        var whole = Int(interval.rounded(.down))
        var millis = fraction == .never ? 0 : Int(((interval - Double(whole)) * 1000).rounded())
        if millis == 1000 {
            // Rounding up into the year 10000 would leave four digits: stay at its last millisecond.
            if Double(whole + 1) < range.upperBound {
                whole += 1
                millis = 0
            } else {
                millis = 999
            }
        }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondsOfDay = whole - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
        text += "\(pad(secondsOfDay % 3600 / 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if millis != 0 || fraction == .always { text += ".\(pad(millis, 3))" }
        return text + "Z"
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
