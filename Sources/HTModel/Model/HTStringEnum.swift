/// An open, string-backed enumeration: the Swift form of the NEI enum constants.
///
/// Generated enums are structs with a static constant per known member. A value the spec does not know
/// is kept as it is instead of failing the mapping, so a server can add members without breaking apps.
/// Numbers in the JSON are accepted as their decimal text (`1` maps to the member whose value is `"1"`).
///
/// Strict mapping can reject unknown values instead, when asked: for every enum with
/// ``HTMappingOptions/rejectsUnknownEnumValues``, or for one enum that declares
/// ``htRejectsUnknownValues`` as `true` (the spec's `"closed": true`). Lenient mapping always keeps them.
public protocol HTStringEnum: RawRepresentable, HTJSONValueConvertible, Hashable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
    /// Creates a value, known or not.
    init(rawValue: String)

    /// The members the spec declares, in declaration order.
    static var knownValues: [Self] { get }

    /// Whether strict mapping fails on a value that is not in ``knownValues`` (default `false`: the
    /// enum is open even in strict mode unless ``HTMappingOptions/rejectsUnknownEnumValues`` is set).
    static var htRejectsUnknownValues: Bool { get }
}

extension HTStringEnum {
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Whether the spec declares this value.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public var description: String { rawValue }

    public static var htRejectsUnknownValues: Bool { false }

    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        switch json {
        case .string, .integer, .double, .bool:
            if let text = HTValueCoercion.string(json) {
                let value = Self(rawValue: text)
                if context.options.strict, context.options.rejectsUnknownEnumValues || htRejectsUnknownValues,
                    !value.isKnown
                {
                    let known = knownValues.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    context.report("unknown value \"\(text)\" of \(Self.self); known values: \(known)")
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

    public var htJSON: HTJSON { .string(rawValue) }

    public static var htTypeDescription: String { "\(Self.self) (string)" }
}
