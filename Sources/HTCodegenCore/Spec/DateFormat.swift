import Foundation

/// How a `Date` field is written in JSON: a field's `"format"`, or a spec's `"dateFormat"` (the default
/// of its fields). The runtime's `HTDateFormat` has a case of the same name for each.
///
/// Written as a name, `"millisecondsSince1970"`, or as a `DateFormatter` pattern,
/// `{"pattern": "yyyy-MM-dd HH:mm", "timeZone": "Asia/Shanghai"}` (`timeZone` optional: UTC).
package enum DateFormat: Sendable, Hashable {
    /// ISO 8601, read with or without fractional seconds, `Z` or an offset; written in UTC to the
    /// microsecond, `2026-11-25T08:00:00Z`, `2026-11-25T08:00:00.123456Z`.
    case iso8601
    /// ISO 8601, read as ``iso8601``; written with milliseconds, or microseconds when the date has
    /// them: `2026-11-25T08:00:00.000Z`, `2026-11-25T08:00:00.123456Z`.
    case iso8601WithFractionalSeconds
    /// A calendar date, `2026-11-25`.
    case dateOnly
    /// Epoch seconds.
    case secondsSince1970
    /// Epoch milliseconds.
    case millisecondsSince1970
    /// A `DateFormatter` pattern, in a time zone (an identifier such as `Asia/Shanghai`; UTC when `nil`).
    case pattern(String, timeZone: String?)

    /// The formats written as a name, in the order messages list them.
    static let named: [(String, DateFormat)] = [
        ("iso8601", .iso8601), ("iso8601WithFractionalSeconds", .iso8601WithFractionalSeconds),
        ("dateOnly", .dateOnly), ("secondsSince1970", .secondsSince1970),
        ("millisecondsSince1970", .millisecondsSince1970),
    ]

    /// Reads a format written at `node` (a name or a pattern object); every problem is reported at its
    /// position. `what` names the setting in messages (`"format"`, `"dateFormat"`).
    static func read(_ node: JSONNode, what: String, into diagnostics: inout DiagnosticBag) -> DateFormatDecl? {
        switch node.value {
        case .string(let name):
            if let format = named.first(where: { $0.0 == name })?.1 {
                return DateFormatDecl(format: format, location: node.location)
            }
            let names = named.map(\.0)
            let suggestion = closestName(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.error(
                "unknown date format '\(name)'\(suggestion); use one of \(names.joined(separator: ", ")), or {\"pattern\": \"yyyy-MM-dd HH:mm\"}",
                at: node.location)
            return nil
        case .object(let members):
            var valid = true
            for member in members where member.key != "pattern" && member.key != "timeZone" {
                diagnostics.error(
                    "unknown key '\(member.key)' in the date format; expected one of: pattern, timeZone",
                    at: member.keyLocation)
                valid = false
            }
            guard let patternMember = node["pattern"] else {
                diagnostics.error(
                    "a date format object needs \"pattern\", such as {\"pattern\": \"yyyy-MM-dd HH:mm\"}",
                    at: node.location)
                return nil
            }
            guard let pattern = patternMember.value.stringValue, !pattern.trimmingSpaces.isEmpty else {
                diagnostics.error(
                    "\"pattern\" must be a DateFormatter pattern such as \"yyyy-MM-dd HH:mm\", found \(patternMember.value.stringValue == nil ? patternMember.value.kindName : "an empty string")",
                    at: patternMember.value.location)
                return nil
            }
            var timeZone: String?
            if let zoneMember = node["timeZone"] {
                if let zone = zoneMember.value.stringValue, !zone.trimmingSpaces.isEmpty {
                    timeZone = zone
                    if TimeZone(identifier: zone) == nil {
                        diagnostics.warning(
                            "'\(zone)' is not a time zone identifier this machine knows (such as \"Asia/Shanghai\" or \"UTC\"); where the app finds no such time zone, the pattern is read and written in UTC",
                            at: zoneMember.value.location)
                    }
                } else {
                    diagnostics.error(
                        "\"timeZone\" must be a time zone identifier such as \"Asia/Shanghai\" or \"UTC\"",
                        at: zoneMember.value.location)
                    valid = false
                }
            }
            return valid ? DateFormatDecl(format: .pattern(pattern, timeZone: timeZone), location: node.location) : nil
        default:
            diagnostics.error(
                "\(what) must be a date format name such as \"iso8601\" or an object such as {\"pattern\": \"yyyy-MM-dd\"}, found \(node.kindName)",
                at: node.location)
            return nil
        }
    }
}

/// A ``DateFormat`` as written in a spec or settings file, with its position.
package struct DateFormatDecl: Sendable, Hashable {
    /// The format.
    package var format: DateFormat
    /// Where it is written.
    package var location: SourceLocation

    /// Creates a format written at `location`.
    package init(format: DateFormat, location: SourceLocation) {
        self.format = format
        self.location = location
    }
}
