import Foundation

/// Dates in mock answers: written in a field's date format, and read back to check a spec's example.
/// Formatting uses a fixed locale (`en_US_POSIX`), the Gregorian calendar and the format's time zone
/// (UTC unless it names one), so the text depends on nothing but the instant and the format.
package enum MockDates {
    /// `seconds` since 1970 as a field of `format` (`nil`: the runtime's default, ISO 8601) writes it.
    package static func value(seconds: Int, format: DateFormat?) -> MockJSON {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        switch format {
        case nil, .iso8601?: return .string(formatter("yyyy-MM-dd'T'HH:mm:ss'Z'", zone: nil).string(from: date))
        case .iso8601WithFractionalSeconds?:
            return .string(formatter("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", zone: nil).string(from: date))
        case .dateOnly?: return .string(formatter("yyyy-MM-dd", zone: nil).string(from: date))
        case .secondsSince1970?: return .number(String(seconds))
        case .millisecondsSince1970?: return .number(String(seconds) + "000")
        case .pattern(let pattern, let zone)?: return .string(formatter(pattern, zone: zone).string(from: date))
        }
    }

    /// Whether a field of `format` reads `value` as a date.
    package static func reads(_ value: MockJSON, format: DateFormat?) -> Bool {
        switch (format, value) {
        case (nil, .number(let text)), (.secondsSince1970?, .number(let text)),
            (.millisecondsSince1970?, .number(let text)):
            return Double(text) != nil
        case (nil, .string(let text)), (.iso8601?, .string(let text)),
            (.iso8601WithFractionalSeconds?, .string(let text)):
            return readsISO8601(text)
        case (.dateOnly?, .string(let text)):
            return formatter("yyyy-MM-dd", zone: nil).date(from: text) != nil
        case (.pattern(let pattern, let zone)?, .string(let text)):
            return formatter(pattern, zone: zone).date(from: text) != nil
        default:
            return false
        }
    }

    private static func readsISO8601(_ text: String) -> Bool {
        let plain = ISO8601DateFormatter()
        if plain.date(from: text) != nil { return true }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if fractional.date(from: text) != nil { return true }
        return formatter("yyyy-MM-dd", zone: nil).date(from: text) != nil
    }

    private static func formatter(_ pattern: String, zone: String?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}
