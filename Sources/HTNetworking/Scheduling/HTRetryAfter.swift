import Foundation

/// Reads an HTTP `Retry-After` value: a number of seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, RFC 9110 §10.2.3).
public enum HTRetryAfter {
    /// How long to wait, or `nil` when `value` is neither form. A date in the past means no wait.
    ///
    /// - Parameters:
    ///   - value: the header's value.
    ///   - now: the current time, for dates.
    public static func delay(from value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Values too large for Int64 saturate; the retry policy's cap decides what to do with them.
            return .seconds(Int64(text) ?? Int64.max)
        }
        for pattern in datePatterns {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = pattern
            if let date = formatter.date(from: text) {
                let seconds = max(0, date.timeIntervalSince(now))
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
        }
        return nil
    }

    /// The `Retry-After` field of `headers`, whatever the case of its name.
    public static func delay(in headers: [String: String], now: Date = Date()) -> Duration? {
        guard let value = headers.first(where: { $0.key.lowercased() == "retry-after" })?.value else { return nil }
        return delay(from: value, now: now)
    }

    /// The preferred IMF-fixdate, then the obsolete RFC 850 and asctime forms recipients must accept.
    /// (Formatters are made per call: dates are rare here, and `DateFormatter` is not `Sendable`.)
    private static let datePatterns = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
    ]
}
