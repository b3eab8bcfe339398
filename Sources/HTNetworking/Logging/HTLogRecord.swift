import Foundation

/// One log message with where and when it was made: what sinks receive.
public struct HTLogRecord: Sendable {
    /// When the message was made.
    public var date: Date
    /// How severe it is.
    public var level: HTLogLevel
    /// Which part of the runtime made it.
    public var component: HTLogComponent
    /// The text.
    public var message: String
    /// The source file (`#fileID`) that logged it.
    public var file: String
    /// The line in that file.
    public var line: Int

    /// Creates a record.
    public init(
        date: Date = Date(), level: HTLogLevel, component: HTLogComponent, message: String, file: String = #fileID,
        line: Int = #line
    ) {
        self.date = date
        self.level = level
        self.component = component
        self.message = message
        self.file = file
        self.line = line
    }

    /// The record as one line of text (without a newline):
    /// `2024-05-06T07:08:09.123Z WARNING [mapping] message`.
    public var formatted: String {
        "\(HTLogRecord.timestamp(date)) \(level) [\(component.rawValue)] \(message)"
    }

    /// `date` in UTC as ISO 8601 with milliseconds, computed without a formatter (log lines are made
    /// on hot paths, and formatters are neither cheap nor thread-safe everywhere).
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var days = milliseconds / 86_400_000
        var rest = milliseconds % 86_400_000
        if rest < 0 {
            rest += 86_400_000
            days -= 1
        }
        let (year, month, day) = ISO8601Parser.civilFromDays(Int(days))
        func pad<Value: BinaryInteger>(_ value: Value, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600_000, 2)):"
            + "\(pad(rest / 60_000 % 60, 2)):\(pad(rest / 1000 % 60, 2)).\(pad(rest % 1000, 3))Z"
    }
}
