/// An open, string-backed enumeration: the Swift form of the NEI enum constants.
///
/// Generated enums are structs with a static constant per known member. A value the spec does not know
/// is kept as it is instead of failing the mapping, so a server can add members without breaking apps.
/// Numbers in the JSON are accepted as their decimal text (`1` maps to the member whose value is `"1"`).
public protocol HTStringEnum: RawRepresentable, HTJSONValueConvertible, Hashable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible where RawValue == String
{
    /// Creates a value, known or not.
    init(rawValue: String)

    /// The members the spec declares, in declaration order.
    static var knownValues: [Self] { get }
}

extension HTStringEnum {
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Whether the spec declares this value.
    public var isKnown: Bool { Self.knownValues.contains(self) }

    public var description: String { rawValue }

    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        switch json {
        case .string, .integer, .double, .bool:
            if let text = HTValueCoercion.string(json) { return Self(rawValue: text) }
        default:
            break
        }
        context.reportMismatch(expected: htTypeDescription, found: json)
        return nil
    }

    public var htJSON: HTJSON { .string(rawValue) }

    public static var htTypeDescription: String { "\(Self.self) (string)" }
}
