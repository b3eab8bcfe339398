import Foundation

/// A type the mapper can read from JSON and write back: the property types of generated models
/// (strings, numbers of every width, `Decimal`, booleans, dates, URLs, UUIDs, `Data`, enums, nested
/// models, arrays and string-keyed maps of any of them, and ``HTJSON`` itself), and what a request's
/// response maps to.
///
/// Conformers are `Sendable` values (models are immutable), so a mapped value can be shared, for
/// instance by the response cache, without copying it. A type of an app's own conforms by implementing
/// ``htDecode(_:context:)``, ``htJSON`` and ``htTypeDescription``.
///
/// The conversions of the standard types are `@inlinable`: code that maps a property of a known type
/// (a key-path accessor of a generated model, see ``HTPropertyAccessor``) gets the exact-type case
/// inlined and calls out only to coerce.
public protocol HTJSONValueConvertible: Sendable, SendableMetatype {
    /// Converts `json` (never `null`; the mapper handles `null` itself) into a value, coercing where
    /// the coercion table allows (the article "Mapping and Coercion"). Returns `nil` after recording a
    /// diagnostic in `context` when the value cannot be converted.
    static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self?

    /// The value as JSON.
    var htJSON: HTJSON { get }

    /// The value as JSON with its dates (`Date` values, also inside arrays and maps) in
    /// `dateFormat`: what a field or a request parameter declared with a date format sends. The
    /// default is ``htJSON``; `Date`, arrays and maps pass the format on.
    func htJSON(dateFormat: HTDateFormat) -> HTJSON

    /// Writes the value as JSON text. The standard types, enumerations, models and generated unions
    /// write themselves without building an ``HTJSON`` first; any other type writes its ``htJSON`` (the
    /// default). For the runtime and generated code (`@_spi(Generated)`).
    @_spi(Generated) func htWrite(to writer: HTJSONWriter)

    /// A word for diagnostics, e.g. `string`, `integer`, `HTUser`.
    static var htTypeDescription: String { get }

    /// Whether ``htDecode(_:context:)`` reads JSON `null` itself (``HTNullable``); otherwise the mapper
    /// treats `null` as no value. `false` unless a type says otherwise.
    static var htDecodesNull: Bool { get }
}

extension HTJSONValueConvertible {
    /// `false`: the mapper treats JSON `null` as no value.
    public static var htDecodesNull: Bool { false }

    /// Writes ``htJSON``: how a type that does not write itself is written.
    public func htWrite(to writer: HTJSONWriter) {
        writer.write(htJSON)
    }

    public func htJSON(dateFormat: HTDateFormat) -> HTJSON {
        htJSON
    }

    /// Maps a whole JSON value, throwing when it is `null` (unless the type is ``HTJSON`` or
    /// ``HTNoContent``), cannot be converted, or (in strict mode) when any nested value could not be
    /// converted.
    public static func htMap(_ json: HTJSON, options: HTMappingOptions = .lenient, path: HTJSONPath = HTJSONPath())
        throws(HTMappingError) -> Self
    {
        var context = HTMappingContext(options: options, path: path)
        return try htMap(json, context: &context)
    }

    /// Maps a whole JSON value within an existing context (see ``htMap(_:options:path:)``).
    public static func htMap(_ json: HTJSON, context: inout HTMappingContext) throws(HTMappingError) -> Self {
        if case .null = json, Self.self != HTJSON.self, Self.self != HTNoContent.self {
            throw HTMappingError(path: HTJSONPath(context.path), message: "expected \(htTypeDescription), found null")
        }
        let before = context.diagnostics.count
        guard let value = htDecode(json, context: &context) else {
            if let failure = context.failure { throw HTMappingError(path: failure.path, message: failure.message) }
            let message =
                context.diagnostics.count > before
                ? context.diagnostics[before].message : "expected \(htTypeDescription), found \(json.kindDescription)"
            throw HTMappingError(path: HTJSONPath(context.path), message: message)
        }
        try context.checkStrict()
        return value
    }
}

extension String: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> String? {
        if case .string(let value) = json { return value }
        if let value = HTValueCoercion.string(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .string(self) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(self) }
    public static var htTypeDescription: String { "string" }
}

extension Int: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Int? {
        if case .integer(let value) = json, let exact = Int(exactly: value) { return exact }
        if let value = HTValueCoercion.int(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .integer(Int64(self)) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(Int64(self)) }
    public static var htTypeDescription: String { "integer" }
}

extension Int64: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Int64? {
        if case .integer(let value) = json { return value }
        if let value = HTValueCoercion.int64(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .integer(self) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(self) }
    public static var htTypeDescription: String { "64-bit integer" }
}

extension Double: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Double? {
        if case .double(let value) = json { return value }
        if case .integer(let value) = json { return Double(value) }
        if let value = HTValueCoercion.double(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .double(self) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(self) }
    public static var htTypeDescription: String { "number" }
}

extension Bool: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Bool? {
        if case .bool(let value) = json { return value }
        if let value = HTValueCoercion.bool(json) { return value }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }
    public var htJSON: HTJSON { .bool(self) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(self) }
    public static var htTypeDescription: String { "boolean" }
}

extension HTJSON: HTJSONValueConvertible {
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> HTJSON? { json }
    public var htJSON: HTJSON { self }
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(self) }
    public static var htTypeDescription: String { "any JSON value" }
}

extension Array: HTJSONValueConvertible where Element: HTJSONValueConvertible {
    /// Maps an array element by element. An element that cannot be converted (or is `null`) is left
    /// out and reported; the rest are kept.
    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> [Element]? {
        guard case .array(let values) = json else {
            context.reportMismatch(expected: htTypeDescription, found: json)
            return nil
        }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for index in values.indices {
            let before = context.diagnosticCount
            let value = values[index]
            if case .null = value {
                context.report("expected \(Element.htTypeDescription), found null")
            } else if let element = Element.htDecode(value, context: &context) {
                result.append(element)
            }
            if context.diagnosticCount != before {
                context.prefixDiagnostics(since: before, with: .index(index))
            }
        }
        return result
    }
    public var htJSON: HTJSON { .array(map(\.htJSON)) }
    public func htJSON(dateFormat: HTDateFormat) -> HTJSON { .array(map { $0.htJSON(dateFormat: dateFormat) }) }
    @inlinable
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        writer.beginArray()
        var first = true
        for element in self {
            if !first { writer.writeComma() }
            first = false
            element.htWrite(to: writer)
        }
        writer.endArray()
    }
    public static var htTypeDescription: String { "array of \(Element.htTypeDescription)" }
}

extension HTStringEnum {
    /// Writes the raw value as a string.
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(rawValue) }
}
