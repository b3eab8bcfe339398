/// An open, integer-backed enumeration: the Swift form of an OpenAPI `type: integer` schema with an
/// `enum` list (the integer twin of ``HTStringEnum``).
///
/// Generated enums are structs with a static constant per known member. A value the spec does not know
/// is kept as it is instead of failing the mapping, so a server can add members without breaking apps:
///
/// ```swift
/// struct HTPriority: HTIntegerEnum {
///     let rawValue: Int
///     init(rawValue: Int) { self.rawValue = rawValue }
///     static let low: HTPriority = 1
///     static let high: HTPriority = 2
///     static var knownValues: [HTPriority] { [.low, .high] }
/// }
/// ```
///
/// The JSON value is read with the coercion table (the article "Mapping and Coercion"): an integer, a
/// double with no fraction (`2.0`) or a string holding an integer (`"2"`) are accepted; booleans,
/// fractions, other strings, arrays and objects are mismatches.
///
/// Strict mapping can reject unknown values instead, when asked: for every enum with
/// ``HTMappingOptions/rejectsUnknownEnumValues``, or for one enum that declares
/// ``htRejectsUnknownValues`` as `true`. Lenient mapping always keeps them.
public protocol HTIntegerEnum: RawRepresentable, HTJSONValueConvertible, Hashable, Sendable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
where RawValue == Int, IntegerLiteralType == Int {
    /// Creates a value, known or not.
    init(rawValue: Int)

    /// The members the spec declares, in declaration order.
    static var knownValues: [Self] { get }

    /// Whether strict mapping fails on a value that is not in ``knownValues`` (default `false`: the
    /// enum is open even in strict mode unless ``HTMappingOptions/rejectsUnknownEnumValues`` is set).
    static var htRejectsUnknownValues: Bool { get }
}

extension HTIntegerEnum {
    public init(integerLiteral value: Int) { self.init(rawValue: value) }

    /// Whether the spec declares this value.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public var description: String { String(rawValue) }

    public static var htRejectsUnknownValues: Bool { false }

    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        switch json {
        case .integer, .double, .number, .string:
            if let number = HTValueCoercion.int(json) {
                let value = Self(rawValue: number)
                if context.options.strict, context.options.rejectsUnknownEnumValues || htRejectsUnknownValues,
                    !value.isKnown
                {
                    let known = knownValues.map { String($0.rawValue) }.joined(separator: ", ")
                    context.report("unknown value \(number) of \(Self.self); known values: \(known)")
                    return nil
                }
                return value
            }
        default:
            break
        }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }

    public var htJSON: HTJSON { .integer(Int64(rawValue)) }

    /// Writes the raw value as an integer.
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) { writer.write(Int64(rawValue)) }

    public static var htTypeDescription: String { "\(Self.self) (integer)" }
}
