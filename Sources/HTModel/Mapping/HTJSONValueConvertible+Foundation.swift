import Foundation

// Foundation's value types as model fields: URLs, dates, UUIDs and bytes, each held in JSON as a string
// (dates also as epoch numbers; see ``HTDateFormat``).

extension URL: HTJSONValueConvertible {
    /// Any string `URL(string:)` accepts, relative URLs (`/avatars/7.png`) included, kept as written.
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> URL? {
        if let value = HTValueCoercion.url(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .string(absoluteString) }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(absoluteString) }
    public static var htTypeDescription: String { "URL" }
}

extension Date: HTJSONValueConvertible {
    /// Reads the date in the format of the field being mapped (``HTDateFormat/automatic`` unless the
    /// field declares one).
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Date? {
        if let value = HTValueCoercion.date(json, format: context.dateFormat) { return value }
        context.report("expected \(context.dateFormat.typeDescription), found \(json.kindDescription)")
        return nil
    }
    /// Dates are written as ISO 8601 strings in UTC, to the microsecond with the fewest fraction digits
    /// that say it (``HTDateFormat/automatic``).
    public var htJSON: HTJSON { HTDateFormat.automatic.json(for: self) }
    public func htJSON(dateFormat: HTDateFormat) -> HTJSON { dateFormat.json(for: self) }
    /// Writes the date in the writer's ``HTJSONWriter/dateFormat``.
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(writer.dateFormat.json(for: self)) }
    public static var htTypeDescription: String { "date" }
}

extension UUID: HTJSONValueConvertible {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> UUID? {
        if let value = HTValueCoercion.uuid(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    /// The UUID in lower case (RFC 9562's form for output): `3f2504e0-4f89-41d3-9a0c-0305e82c3301`.
    public var htJSON: HTJSON { .string(uuidString.lowercased()) }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(uuidString.lowercased()) }
    public static var htTypeDescription: String { "UUID" }
}

extension Data: HTJSONValueConvertible {
    /// Reads base64 in the standard or the URL-safe alphabet, padded or not; any other string is a
    /// diagnostic.
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Data? {
        if let value = HTValueCoercion.data(json) { return value }
        if case .string = json {
            context.report("expected base64 data, found \(json.kindDescription)")
        } else {
            context.reportMismatch(expected: htTypeDescription, found: json)
        }
        return nil
    }
    /// The bytes in standard, padded base64 (RFC 4648 §4).
    public var htJSON: HTJSON { .string(base64EncodedString()) }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(base64EncodedString()) }
    public static var htTypeDescription: String { "base64 data" }
}
