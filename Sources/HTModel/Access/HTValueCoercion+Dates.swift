import Foundation

/// Date conversions of the shared coercion table beyond the mapper's own rule (``HTValueCoercion/date(_:)``):
/// timestamps only, ISO 8601 only, and formatted strings. The dynamic accessor uses them; a mapping can too.
extension HTValueCoercion {
    /// A date from an epoch number, or a string holding one, in seconds or milliseconds (see
    /// ``millisecondsThreshold``). ISO 8601 strings are not accepted.
    package static func timestamp(_ json: HTJSON) -> Date? {
        epochValue(json).flatMap(epochDate)
    }

    /// A date from `json` read as `format`. `null`, values of other kinds and dates outside the years
    /// 1...9999 (``epochSecondsRange``) give `nil`.
    package static func date(_ json: HTJSON, format: HTDateFormat) -> Date? {
        switch format {
        case .automatic:
            return date(json)
        case .timestamp:
            return timestamp(json)
        case .secondsSince1970:
            return epochValue(json).flatMap { dateInRange($0) }
        case .millisecondsSince1970:
            return epochValue(json).flatMap { dateInRange($0 / 1000) }
        case .iso8601, .iso8601WithFractionalSeconds, .dateOnly:
            guard case .string(let text) = json else { return nil }
            return iso8601Date(text)
        case .pattern(let pattern, let timeZone):
            guard case .string(let text) = json, !text.isEmpty else { return nil }
            return HTDateFormatterCache.shared.date(from: text, pattern: pattern, timeZone: timeZone)
                .flatMap { dateInRange($0) }
        }
    }

    /// A date from a string read by `formatter`; `nil` for other kinds, text it does not accept, or a
    /// date outside the years 1...9999 (see ``epochSecondsRange``).
    ///
    /// Creating a `DateFormatter` is slow; when reading many dates in one pattern, make one and pass it here.
    package static func date(_ json: HTJSON, formatter: DateFormatter) -> Date? {
        guard case .string(let text) = json, !text.isEmpty else { return nil }
        return formatter.date(from: text).flatMap { dateInRange($0) }
    }

    /// The finite number of an epoch value: a number, or a string holding one exactly.
    private static func epochValue(_ json: HTJSON) -> Double? {
        let value: Double?
        switch json {
        case .integer, .double, .number: value = double(json)
        case .string(let text): value = Double(exactString: text)
        default: value = nil
        }
        guard let value, value.isFinite else { return nil }
        return value
    }
}
