import Foundation

/// The values of an ``HTResponseData``, in two forms:
///
/// - **Lenient** properties (`string`, `int`, `bool`, `timestamp`, …) return `nil` when there is no
///   value, when it is `null`, or when it cannot be converted; `?? default` gives a default.
/// - **Throwing** methods (`decode`, `decodeIfPresent`, `decodeDate`, …) return the value or throw an
///   ``HTResponseDataError`` that names the path and says what was found there.
///
/// Both convert through the coercion table the object mapper uses (the article "Mapping and
/// Coercion").
extension HTResponseData {
    // MARK: Lenient

    /// The value as a string: strings as they are, numbers as their decimal text, booleans as
    /// `"true"`/`"false"`.
    public var string: String? { json.flatMap(HTValueCoercion.string) }

    /// The value as an `Int`: integers, doubles without a fraction, and strings holding one (`"42"`).
    public var int: Int? { json.flatMap(HTValueCoercion.int) }

    /// The value as an `Int64` (exactly, as ``int``).
    public var int64: Int64? { json.flatMap(HTValueCoercion.int64) }

    /// The value as an `Int32`, if it fits (exactly, as ``int``).
    public var int32: Int32? { json.flatMap(HTValueCoercion.int32) }

    /// The value as a `UInt64`: whole numbers from 0 to 18446744073709551615, exactly, and strings
    /// holding one.
    public var uint64: UInt64? { json.flatMap(HTValueCoercion.uint64) }

    /// The value as a `Decimal`, from the number's digits or a string holding one, never through
    /// `Double` (`12.12` is exactly 12.12).
    public var decimal: Decimal? { json.flatMap(HTValueCoercion.decimal) }

    /// The value as a UUID, from a string in the 8-4-4-4-12 form.
    public var uuid: UUID? { json.flatMap(HTValueCoercion.uuid) }

    /// The value as bytes, from a string in base64, standard or URL-safe, padded or not.
    public var data: Data? { json.flatMap(HTValueCoercion.data) }

    /// The value as a `Double`: numbers and strings holding one (`"1234.54"`). Booleans read as 1 and 0.
    public var double: Double? { json.flatMap(HTValueCoercion.double) }

    /// The value as a `Bool`: booleans, numbers (0 is `false`, others `true`) and the strings
    /// `true`/`false`/`yes`/`no`/`1`/`0` in any case.
    public var bool: Bool? { json.flatMap(HTValueCoercion.bool) }

    /// The value as a URL, from a string `URL(string:)` accepts.
    public var url: URL? { json.flatMap(HTValueCoercion.url) }

    /// The value as a date, as the mapper reads `Date` properties (``HTDateFormat/automatic``).
    public var date: Date? { json.flatMap(HTValueCoercion.date) }

    /// The value as an epoch timestamp in seconds or milliseconds (``HTDateFormat/timestamp``; the
    /// original's `timestampValue`).
    public var timestamp: Date? { json.flatMap(HTValueCoercion.timestamp) }

    /// The value read as a date in `format`, e.g. `.pattern("yyyy-MM-dd HH:mm")`.
    public func date(_ format: HTDateFormat) -> Date? {
        json.flatMap { HTValueCoercion.date($0, format: format) }
    }

    /// The value read as a date by `formatter`.
    public func date(using formatter: DateFormatter) -> Date? {
        json.flatMap { HTValueCoercion.date($0, formatter: formatter) }
    }

    /// The value converted to any type the mapper can produce (a scalar, an enum, a model, an array
    /// of any of them), or `nil` when it is missing, `null`, or cannot be converted.
    public func value<T: HTJSONValueConvertible>(as type: T.Type) -> T? {
        try? decode(type)
    }

    // MARK: Throwing

    /// The value converted to `T` the way the mapper converts a property of that type.
    ///
    /// - Throws: ``HTResponseDataError`` when there is no value, when it is `null` (unless `T` is
    ///   ``HTJSON``), or when it cannot be converted; with `options` ``HTMappingOptions/strict-type.property``, also
    ///   when any value nested in it (a model's property, an array's element) cannot be. In lenient
    ///   mode such nested values are left out, as the mapper leaves them.
    public func decode<T: HTJSONValueConvertible>(
        _ type: T.Type = T.self, options: HTMappingOptions = .lenient
    ) throws(HTResponseDataError) -> T {
        guard let json else { throw error(expected: T.htTypeDescription) }
        if case .null = json, T.self != HTJSON.self { throw error(expected: T.htTypeDescription) }
        var context = HTMappingContext(options: options, path: path)
        let value = T.htDecode(json, context: &context)
        if let value, !options.strict || context.diagnostics.isEmpty { return value }
        if let first = context.diagnostics.first {
            throw HTResponseDataError(path: first.path, found: descendant(at: first.path).kind, message: first.message)
        }
        throw error(expected: T.htTypeDescription)
    }

    /// Like ``decode(_:options:)``, but a missing or `null` value gives `nil` when ``allowsNull`` is
    /// `true` (the default) and throws when it is `false`. A value that is present but cannot be
    /// converted always throws.
    public func decodeIfPresent<T: HTJSONValueConvertible>(
        _ type: T.Type = T.self, options: HTMappingOptions = .lenient
    ) throws(HTResponseDataError) -> T? {
        if isNull {
            if allowsNull { return nil }
            throw error(expected: T.htTypeDescription)
        }
        return try decode(type, options: options)
    }

    /// The value read as a date in `format` (``HTDateFormat/automatic`` by default, as the mapper).
    ///
    /// - Throws: ``HTResponseDataError`` when there is no value, it is `null`, or it is not a date in
    ///   that format.
    public func decodeDate(_ format: HTDateFormat = .automatic) throws(HTResponseDataError) -> Date {
        guard let date = date(format) else { throw error(expected: format.typeDescription) }
        return date
    }

    /// Like ``decodeDate(_:)``, but a missing or `null` value gives `nil` when ``allowsNull`` is `true`.
    public func decodeDateIfPresent(_ format: HTDateFormat = .automatic) throws(HTResponseDataError) -> Date? {
        if isNull {
            if allowsNull { return nil }
            throw error(expected: format.typeDescription)
        }
        return try decodeDate(format)
    }

    /// The value read as a date by `formatter`.
    ///
    /// - Throws: ``HTResponseDataError`` when there is no value or `formatter` does not accept it.
    public func decodeDate(using formatter: DateFormatter) throws(HTResponseDataError) -> Date {
        guard let date = date(using: formatter) else {
            throw error(expected: "date in the format \"\(formatter.dateFormat ?? "")\"")
        }
        return date
    }

    // MARK: Errors

    /// An error at this value: `expected` is what was asked for.
    private func error(expected: String) -> HTResponseDataError {
        HTResponseDataError(path: path, found: kind, message: "expected \(expected), found \(foundDescription)")
    }

    /// The value at an absolute `target` path that lies at or below this value's path.
    private func descendant(at target: HTJSONPath) -> HTResponseData {
        guard target.components.starts(with: path.components) else { return self }
        return self[path: HTJSONPath(Array(target.components.dropFirst(path.components.count)))]
    }
}
