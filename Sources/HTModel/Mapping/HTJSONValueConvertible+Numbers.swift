import Foundation

// The exact number types: range-checked integers and `Decimal`. Each reads through the coercion table
// (`HTValueCoercion`) and records a diagnostic, never a wrapped or rounded value, when the JSON does
// not fit.

extension Int32: HTJSONValueConvertible {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Int32? {
        if case .integer(let value) = json, let exact = Int32(exactly: value) { return exact }
        if let value = HTValueCoercion.int32(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .integer(Int64(self)) }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(Int64(self)) }
    public static var htTypeDescription: String { "32-bit integer" }
}

extension UInt64: HTJSONValueConvertible {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> UInt64? {
        if case .integer(let value) = json, let exact = UInt64(exactly: value) { return exact }
        if let value = HTValueCoercion.uint64(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    /// ``HTJSON/integer(_:)`` up to `Int64.max`, above it ``HTJSON/number(_:)``: exact either way.
    public var htJSON: HTJSON {
        if let value = Int64(exactly: self) { return .integer(value) }
        return .number(HTJSONNumber(self))
    }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        if let value = Int64(exactly: self) { writer.write(value) } else { writer.write(HTJSONNumber(self)) }
    }
    public static var htTypeDescription: String { "unsigned 64-bit integer" }
}

extension Decimal: HTJSONValueConvertible {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Decimal? {
        if let value = HTValueCoercion.decimal(json) { return value }
        if let number = HTValueCoercion.number(json) {
            // A number Decimal cannot hold exactly: nil, never a rounded or truncated value.
            context.report(
                "expected \(htTypeDescription), found \(json.kindDescription) (\(number.decimalLimitDescription))")
        } else {
            context.reportMismatch(expected: htTypeDescription, found: json)
        }
        return nil
    }
    /// The exact value (``HTJSONNumber/json``: an integer, a double that holds it exactly, or the
    /// digits); `Decimal.nan` is `null`, as a non-finite `Double` is.
    public var htJSON: HTJSON {
        HTJSONNumber(self)?.json ?? .null
    }
    /// Writes the exact decimal text (`12.12`, `0.1`, `1234567890.123456789`), as ``htJSON`` is written.
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        writer.write(htJSON)
    }
    public static var htTypeDescription: String { "decimal number" }
}
