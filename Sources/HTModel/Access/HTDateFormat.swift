import Foundation

/// How a date is held in JSON: how the ``HTResponseData`` date accessors and a model field declared
/// with a format (a spec's `"format"`) read it, and how that field or request parameter writes it
/// (``json(for:)``).
public enum HTDateFormat: Sendable, Hashable {
    /// What the object mapper does for `Date` properties: reads an ISO 8601 string, or an epoch number
    /// (or a string holding one) in seconds or milliseconds (above 10¹¹ milliseconds, else seconds);
    /// writes ISO 8601 in UTC, with milliseconds when the date has a fraction.
    case automatic
    /// An epoch timestamp only (the original's `timestampValue`): a number, or a string holding one, in
    /// seconds or milliseconds (above 10¹¹ milliseconds, else seconds). Written in seconds.
    case timestamp
    /// Epoch seconds only, whatever the magnitude. Written as an integer when whole.
    case secondsSince1970
    /// Epoch milliseconds only, whatever the magnitude. Written as a whole number of milliseconds.
    case millisecondsSince1970
    /// An ISO 8601 string only (`2024-03-01`, `2024-03-01T12:30:00Z`, `…T12:30:00.250+08:00`). Written
    /// in UTC to the second: `2024-03-01T12:30:00Z`.
    case iso8601
    /// An ISO 8601 string only, read as ``iso8601``; written in UTC with milliseconds:
    /// `2024-03-01T12:30:00.250Z`.
    case iso8601WithFractionalSeconds
    /// A calendar date, `2024-03-01` (ISO 8601 date-times are read too); midnight UTC. Written as the
    /// date in UTC.
    case dateOnly
    /// A string in a `DateFormatter` pattern such as `yyyy-MM-dd HH:mm` (the original's
    /// `dateTimeValue:`), read and written with the `en_US_POSIX` locale in `timeZone` (UTC when `nil`).
    case pattern(String, timeZone: TimeZone? = nil)

    /// The date as JSON in this format.
    public func json(for date: Date) -> HTJSON {
        switch self {
        case .automatic:
            return .string(ISO8601Parser.format(date))
        case .iso8601:
            return .string(ISO8601Parser.format(date, fraction: .never))
        case .iso8601WithFractionalSeconds:
            return .string(ISO8601Parser.format(date, fraction: .always))
        case .dateOnly:
            return .string(String(ISO8601Parser.format(date, fraction: .never).prefix(10)))
        case .timestamp, .secondsSince1970:
            return Self.number(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            return Self.number(milliseconds)
        case .pattern(let pattern, let timeZone):
            return .string(HTDateFormatterCache.shared.string(from: date, pattern: pattern, timeZone: timeZone))
        }
    }

    /// A whole number as an integer, others as a double; a non-finite value (a date made in code) as 0.
    private static func number(_ value: Double) -> HTJSON {
        guard value.isFinite else { return .integer(0) }
        if let whole = Int64(exactly: value) { return .integer(whole) }
        return .double(value)
    }

    /// What a value in this format is, for diagnostics: `timestamp (epoch milliseconds)`.
    package var typeDescription: String {
        switch self {
        case .automatic: return "date (ISO 8601 or epoch)"
        case .timestamp: return "timestamp (epoch seconds or milliseconds)"
        case .secondsSince1970: return "timestamp (epoch seconds)"
        case .millisecondsSince1970: return "timestamp (epoch milliseconds)"
        case .iso8601, .iso8601WithFractionalSeconds: return "ISO 8601 date"
        case .dateOnly: return "date (yyyy-MM-dd)"
        case .pattern(let pattern, _): return "date in the format \"\(pattern)\""
        }
    }
}

/// The `DateFormatter`s of ``HTDateFormat/pattern(_:timeZone:)``, one per pattern and time zone, made
/// once: making one costs far more than using it.
final class HTDateFormatterCache: Sendable {
    static let shared = HTDateFormatterCache()

    private struct Key: Hashable {
        var pattern: String
        var timeZone: TimeZone?
    }

    /// The formatters. `DateFormatter` is not documented as safe to use from several threads at once on
    /// every platform, so each is used only while this lock is held; at most 64 are kept.
    private let formatters = HTLockedFormatters()

    func date(from text: String, pattern: String, timeZone: TimeZone?) -> Date? {
        formatters.with(Key(pattern: pattern, timeZone: timeZone), make: Self.make) { $0.date(from: text) }
    }

    func string(from date: Date, pattern: String, timeZone: TimeZone?) -> String {
        formatters.with(Key(pattern: pattern, timeZone: timeZone), make: Self.make) { $0.string(from: date) }
    }

    private static func make(_ key: Key) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = key.timeZone ?? TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = key.pattern
        return formatter
    }

    /// A dictionary of formatters behind a lock.
    // @unchecked Sendable, safety: `table` is read and written only inside `lock.withLock`, and a
    // formatter taken from it is used only inside the same critical section, so no two threads touch
    // the table or one formatter at once.
    private final class HTLockedFormatters: @unchecked Sendable {
        private let lock = NSLock()
        private var table: [Key: DateFormatter] = [:]

        func with<T>(_ key: Key, make: (Key) -> DateFormatter, _ body: (DateFormatter) -> T) -> T {
            lock.withLock {
                if let formatter = table[key] { return body(formatter) }
                if table.count >= 64 { table.removeAll() }
                let formatter = make(key)
                table[key] = formatter
                return body(formatter)
            }
        }
    }
}
