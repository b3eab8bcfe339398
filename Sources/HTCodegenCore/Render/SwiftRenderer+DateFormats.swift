/// The Swift spelling of a field's date format: the runtime's `HTDateFormat` case of the same name,
/// `.millisecondsSince1970`, or `.pattern("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Asia/Shanghai"))`
/// (`.pattern("yyyy-MM-dd")` without a time zone: UTC). Strings go through
/// ``SwiftNaming/stringLiteral(_:)``, so no pattern or time zone can break out of its literal.
extension SwiftRenderer {
    func swiftExpression(for format: DateFormat) -> String {
        switch format {
        case .iso8601: return ".iso8601"
        case .iso8601WithFractionalSeconds: return ".iso8601WithFractionalSeconds"
        case .dateOnly: return ".dateOnly"
        case .secondsSince1970: return ".secondsSince1970"
        case .millisecondsSince1970: return ".millisecondsSince1970"
        case .pattern(let pattern, let timeZone?):
            let zone = "TimeZone(identifier: \(SwiftNaming.stringLiteral(timeZone)))"
            return ".pattern(\(SwiftNaming.stringLiteral(pattern)), timeZone: \(zone))"
        case .pattern(let pattern, nil):
            return ".pattern(\(SwiftNaming.stringLiteral(pattern)))"
        }
    }
}
