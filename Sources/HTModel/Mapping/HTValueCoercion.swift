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

    /// Formats a date as ISO 8601 in UTC to the microsecond, with the fewest fraction digits that say it
    /// (none for a whole second), as ``HTDateFormat/iso8601`` writes it.
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
