/// The conversions of one property: ``HTPropertyAccessor``'s initializers build their closures from
/// these, with the stored property itself, so the conversion is specialised for the property's type
/// and writes it in place. For generated code (`@_spi(Generated)`), whose accessors inline them.
@_spi(Generated)
public enum HTMapper {
    /// Sets `property` from `json`: `null` sets it to `nil`; a value that converts (see
    /// ``HTJSONValueConvertible/htDecode(_:context:)``) replaces it; any other value leaves it as it was
    /// and is reported in `context`.
    @inlinable
    public static func decode<Value: HTJSONValueConvertible>(
        _ json: HTJSON, into property: inout Value?, context: inout HTMappingContext
    ) {
        if case .null = json, !Value.htDecodesNull {
            property = nil
        } else if let value = Value.htDecode(json, context: &context) {
            property = value
        }
    }

    /// Writes `value` and returns `true`, or returns `false` without writing anything when it is `nil`.
    @inlinable
    public static func encode<Value: HTJSONValueConvertible>(_ value: Value?, to writer: HTJSONWriter) -> Bool {
        guard let value else { return false }
        value.htWrite(to: writer)
        return true
    }
}
