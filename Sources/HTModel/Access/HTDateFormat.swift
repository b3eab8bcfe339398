import Foundation

/// How a date is held in JSON: how the ``HTResponseData`` date accessors and a model field declared
/// with a format (a spec's `"format"`) read it, and how that field or request parameter writes it
/// (``json(for:)``).
public enum HTDateFormat: Sendable, Hashable {
    /// What the object mapper does for `Date` properties: reads an ISO 8601 string, or an epoch number
    /// (or a string holding one) in seconds or milliseconds (above 10¹¹ milliseconds, else seconds);
    /// writes ISO 8601 in UTC as ``iso8601`` does.
    case automatic
    /// An epoch timestamp only (the original's `timestampValue`): a number, or a string holding one, in
    /// seconds or milliseconds (above 10¹¹ milliseconds, else seconds). Written in seconds, as
    /// ``secondsSince1970``.
    case timestamp
    /// Epoch seconds only, whatever the magnitude. Written as an integer when whole, else to the
    /// microsecond with no trailing zeros (`1795593600.25`).
    case secondsSince1970
    /// Epoch milliseconds only, whatever the magnitude. Written as a whole number of milliseconds (a
    /// fraction of a millisecond is rounded off).
    case millisecondsSince1970
    /// An ISO 8601 string only (`2024-03-01`, `2024-03-01T12:30:00Z`, `…T12:30:00.250+08:00`). Written
    /// in UTC (`Z`) to the microsecond, with the fewest fraction digits that say it and none for a whole
    /// second: `2024-03-01T12:30:00Z`, `…T12:30:00.25Z`, `…T12:30:00.123456Z` (as pydantic writes).
    case iso8601
    /// An ISO 8601 string only, read as ``iso8601``; written in UTC with milliseconds always, and
    /// microseconds when the date has them: `2024-03-01T12:30:00.250Z`, `…T12:30:00.123456Z` (as
    /// JavaScript's `toISOString` and Java's `Instant` write).
    case iso8601WithFractionalSeconds
    /// A calendar date, `2024-03-01` (ISO 8601 date-times are read too); midnight UTC. Written as the
    /// date in UTC.
    case dateOnly
    /// A string in a `DateFormatter` pattern such as `yyyy-MM-dd HH:mm` (the original's
    /// `dateTimeValue:`), read and written with the `en_US_POSIX` locale in `timeZone` (UTC when `nil`).
    case pattern(String, timeZone: TimeZone? = nil)

    /// The date as JSON in this format.
    ///
    /// The ISO 8601 formats and epoch seconds write the fewest fraction digits, at most six, that read
    /// back as the same date (a date made in code, finer than that, to the microsecond): a date read as
    /// `2026-11-28T10:20:30.123456Z` or `1795593600.123456` is written as exactly that (the "Mapping
    /// and Coercion" article says in which years that holds).
    public func json(for date: Date) -> HTJSON {
        switch self {
        case .automatic, .iso8601:
            return .string(ISO8601Parser.format(date))
        case .iso8601WithFractionalSeconds:
            return .string(ISO8601Parser.format(date, fraction: .milliseconds))
        case .dateOnly:
            return .string(ISO8601Parser.formatDay(date))
        case .timestamp, .secondsSince1970:
            return Self.epochSeconds(date)
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            return Self.number(milliseconds)
        case .pattern(let pattern, let timeZone):
            return .string(HTDateFormatterCache.shared.string(from: date, pattern: pattern, timeZone: timeZone))
        }
    }

    /// Epoch seconds with the fraction digits an ISO 8601 text of the date would have (the fewest, at
    /// most six, that name the date), as their exact decimal text (`1795593600`, `1795593600.123456`):
    /// never the shortest text of the `Double` of seconds since 1970, which can carry digits the date was
    /// not read with. A date outside the years 1...9999 (made in code) is written as that `Double`.
    private static func epochSeconds(_ date: Date) -> HTJSON {
        guard let parts = ISO8601Parser.fractionParts(date) else { return number(date.timeIntervalSince1970) }
        if parts.digitCount == 0 { return .integer(Int64(parts.seconds)) }
        var scale: Int64 = 1
        for _ in 0..<parts.digitCount { scale *= 10 }
        let total = Int64(parts.seconds) * scale + Int64(parts.fraction)
        return HTJSONNumber(significand: total.magnitude, exponent: -parts.digitCount, negative: total < 0).json
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
