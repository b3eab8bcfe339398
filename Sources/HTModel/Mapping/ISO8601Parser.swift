import Foundation

/// A small, allocation-light ISO 8601 (RFC 3339) reader and writer: Foundation's `ISO8601DateFormatter`
/// is slow, not `Sendable`, and keeps only milliseconds; these are pure functions.
///
/// ## Exact round trips
/// A `Date` is a `Double` of seconds since 2001-01-01. Reading puts the whole seconds and the fraction
/// together in one rounding (``interval(seconds:fraction:scale:)``), never by adding up a tenth, a
/// hundredth, … (which drifts: `.123456` became `.123455999…`). Writing (``fractionParts(_:)``) looks for
/// the fewest fraction digits, at most six, that read back as the very same `Date`, so what was read is
/// written with the digits it came with and never with more. Between 1729 and 2272 a `Date` has steps
/// finer than a microsecond, so every text of up to six digits names its own `Date` and comes back
/// byte for byte (as `Z`, without trailing zeros); farther out, the shortest text that names the same
/// `Date`. A `Date` no such text names (made in code, with a part below the microsecond) is written
/// rounded to the microsecond: a `Date` of 2026 has steps of 0.12 µs, so nanoseconds are not kept.
package enum ISO8601Parser {
    /// Seconds from 1970-01-01 (the Unix epoch) to 2001-01-01 (Foundation's reference date).
    static let referenceDateOffset = 978_307_200

    /// The date that `text` names: `2024-03-01T12:30:00Z`, `…T12:30:00.123456+08:00`, `…T12:30Z`, or a
    /// plain date `2024-03-01` (midnight UTC); a time without a zone is UTC. `nil` for anything else.
    /// (Years are not checked here: ``HTValueCoercion/iso8601Date(_:)`` keeps the years 1...9999.)
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// ``parse(_:)`` over the text's UTF-8 bytes.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
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
        // The fraction's first digits as an integer over a power of ten: `.123456` is 123456 / 10^6.
        var fraction: Int64 = 0
        var fractionScale: Int64 = 1
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
                    let start = index
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        // 15 digits (a femtosecond) are far below what a `Date` holds; the rest are
                        // read past. 10^15 is below 2^53, so both parts convert to `Double` exactly.
                        if fractionScale < 1_000_000_000_000_000 {
                            fraction = fraction * 10 + Int64(bytes[index] - 0x30)
                            fractionScale *= 10
                        }
                        index += 1
                    }
                    guard index > start else { return nil }
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
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(
            timeIntervalSinceReferenceDate: interval(seconds: seconds, fraction: fraction, scale: fractionScale))
    }

    /// The seconds since 2001 of `seconds` since 1970 plus `fraction / scale` (`scale` a power of ten up
    /// to 10^15): how a text's date is made, and how the writer checks that digits name a date. The
    /// whole seconds and the quotient are exact or rounded once; their sum once more.
    @inline(__always)
    static func interval(seconds: Int, fraction: Int64, scale: Int64) -> Double {
        let whole = Double(seconds - referenceDateOffset)
        return fraction == 0 ? whole : whole + Double(fraction) / Double(scale)
    }

    /// How ``format(_:fraction:)`` writes the fraction of a second.
    enum Fraction {
        /// The fewest digits, at most six (``fractionParts(_:)``), none for a whole second: `…:00Z`,
        /// `…:00.25Z`, `…:00.123456Z` (as pydantic and Go's RFC 3339 write).
        case trimmed
        /// Three digits, or six when the date needs more: `…:00.000Z`, `…:00.250Z`, `…:00.123456Z` (as
        /// JavaScript's `toISOString` and Java's `Instant` write).
        case milliseconds
    }

    /// The date as ISO 8601 in UTC, `2024-03-01T12:30:00.123456Z`, with the fraction digits of
    /// ``fractionParts(_:)`` written as `fraction` says. A date outside the years 1...9999 (made in
    /// code; none is read from JSON) is written as the nearest one inside them, and NaN as
    /// 1970-01-01T00:00:00Z.
    static func format(_ date: Date, fraction: Fraction = .trimmed) -> String {
        let parts = fractionParts(clamping: date)
        var digits = parts.fraction
        var digitCount = parts.digitCount
        if fraction == .milliseconds {
            let width = digitCount <= 3 ? 3 : 6
            for _ in digitCount..<width { digits *= 10 }
            digitCount = width
        }
        // `2024-03-01T12:30:00` (19 bytes), `.` and up to six digits, `Z`: one allocation at most.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var count = writeDateTime(parts.seconds, into: buffer)
            if digitCount > 0 {
                buffer[count] = UInt8(ascii: ".")
                writeDigits(digits, width: digitCount, into: buffer, at: count + 1)
                count += 1 + digitCount
            }
            buffer[count] = UInt8(ascii: "Z")
            return count + 1
        }
    }

    /// The calendar day, `2024-03-01`, in UTC of the instant (not rounded: 23:59:59.9999999 is still
    /// that day), clamped into the years 1...9999 as ``format(_:fraction:)`` is.
    static func formatDay(_ date: Date) -> String {
        // In seconds since 2001, as the date holds them: seconds since 1970 would round the last
        // fraction of a second of a day up into the next.
        let offset = Double(referenceDateOffset)
        let range = HTValueCoercion.epochSecondsRange
        var interval = date.timeIntervalSinceReferenceDate
        if interval.isNaN { interval = -offset }
        interval = Swift.min(Swift.max(interval, range.lowerBound - offset), range.upperBound - offset - 1)
        let seconds = Int(interval.rounded(.down)) + referenceDateOffset
        return String(unsafeUninitializedCapacity: 19) { buffer in
            writeDateTime(seconds, into: buffer)
            return 10
        }
    }

    /// How a date is written: whole seconds since 1970 and a fraction of `digitCount` digits (0...6, no
    /// trailing zero), `fraction` / 10^`digitCount` of a second.
    struct Parts: Equatable {
        var seconds: Int
        var fraction: Int
        var digitCount: Int
    }

    /// The fewest fraction digits, at most six, whose text reads back (``parse(_:)``) as exactly `date`;
    /// when no such text names it, the date rounded to the microsecond (trailing zeros dropped). `nil`
    /// outside the years 1...9999 (``HTValueCoercion/epochSecondsRange``) and for NaN.
    ///
    /// The whole seconds and the fraction are split from the seconds since 2001 that a `Date` holds,
    /// exactly; each candidate is made as the reader makes it, so the check is the reader's own.
    static func fractionParts(_ date: Date) -> Parts? {
        let range = HTValueCoercion.epochSecondsRange
        let offset = Double(referenceDateOffset)
        let interval = date.timeIntervalSinceReferenceDate
        guard interval >= range.lowerBound - offset, interval < range.upperBound - offset else { return nil }
        let whole = interval.rounded(.down)
        let seconds = Int(whole) + referenceDateOffset
        // Exact: both are multiples of the interval's last bit.
        let fraction = interval - whole
        var scale: Int64 = 1
        for digitCount in 0...6 {
            let digits = Int64((fraction * Double(scale)).rounded())
            // A fraction that rounds up to a whole second is the next second, with no fraction.
            let candidate =
                digits == scale
                ? Self.interval(seconds: seconds + 1, fraction: 0, scale: 1)
                : Self.interval(seconds: seconds, fraction: digits, scale: scale)
            if candidate == interval {
                if digits == scale { return clamped(Parts(seconds: seconds + 1, fraction: 0, digitCount: 0)) }
                return Parts(seconds: seconds, fraction: Int(digits), digitCount: digitCount)
            }
            scale *= 10
        }
        // Finer than any six digits say: to the nearest microsecond.
        var microseconds = Int((fraction * 1_000_000).rounded())
        if microseconds == 1_000_000 { return clamped(Parts(seconds: seconds + 1, fraction: 0, digitCount: 0)) }
        if microseconds == 0 { return Parts(seconds: seconds, fraction: 0, digitCount: 0) }
        var digitCount = 6
        while microseconds % 10 == 0 {
            microseconds /= 10
            digitCount -= 1
        }
        return Parts(seconds: seconds, fraction: microseconds, digitCount: digitCount)
    }

    /// `parts` when it lies before the year 10000, else its last microsecond (where rounding up from it
    /// would go).
    private static func clamped(_ parts: Parts) -> Parts {
        guard Double(parts.seconds) >= HTValueCoercion.epochSecondsRange.upperBound else { return parts }
        return Parts(seconds: parts.seconds - 1, fraction: 999_999, digitCount: 6)
    }

    /// ``fractionParts(_:)`` for any date: one outside the years 1...9999 is the nearest inside them (its
    /// first second, or its last microsecond), NaN 1970-01-01.
    static func fractionParts(clamping date: Date) -> Parts {
        if let parts = fractionParts(date) { return parts }
        let interval = date.timeIntervalSince1970
        if interval.isNaN { return Parts(seconds: 0, fraction: 0, digitCount: 0) }
        let range = HTValueCoercion.epochSecondsRange
        if interval < range.lowerBound { return Parts(seconds: Int(range.lowerBound), fraction: 0, digitCount: 0) }
        return Parts(seconds: Int(range.upperBound) - 1, fraction: 999_999, digitCount: 6)
    }

    /// Writes `yyyy-MM-ddTHH:mm:ss` for `seconds` since 1970 (in the years 1...9999) at the start of
    /// `buffer` (at least 19 bytes); returns 19.
    @discardableResult
    private static func writeDateTime(_ seconds: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = seconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        writeDigits(year, width: 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        writeDigits(month, width: 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        writeDigits(day, width: 2, into: buffer, at: 8)
        buffer[10] = UInt8(ascii: "T")
        writeDigits(secondsOfDay / 3600, width: 2, into: buffer, at: 11)
        buffer[13] = UInt8(ascii: ":")
        writeDigits(secondsOfDay % 3600 / 60, width: 2, into: buffer, at: 14)
        buffer[16] = UInt8(ascii: ":")
        writeDigits(secondsOfDay % 60, width: 2, into: buffer, at: 17)
        return 19
    }

    /// Writes `value` (not negative, below 10^width) as `width` digits, zero-padded, at `start`.
    private static func writeDigits(
        _ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) {
        var rest = value
        var index = start + width
        while index > start {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
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

    /// The proleptic Gregorian year, month and day of a number of days since 1970-01-01 (also the log
    /// records' timestamps).
    package static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
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
