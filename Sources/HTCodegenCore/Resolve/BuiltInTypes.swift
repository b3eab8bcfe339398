/// The type names every spec can use without declaring them.
///
/// Two kinds: the **reserved** names (NEI's system types and `Integer`), which no spec may declare,
/// and the **value** types added later (`Int64`, `Decimal`, `Date`, ...), which a spec may declare a
/// type of the same name for: that type then takes the name over in that spec (an NEI datatype called
/// `Data` stays a model), and the generated type is renamed so that it can't shadow Swift's
/// (``SwiftNaming/reservedTypeNames``).
enum BuiltInTypes {
    /// The names no spec may declare.
    static let reserved: [String: ResolvedType] = [
        "String": .string, "Number": .number, "Integer": .integer, "Boolean": .boolean, "Variable": .variable,
    ]

    /// The value types, which a spec's own type of the same name takes over.
    static let values: [String: ResolvedType] = [
        "Int32": .int32, "Int64": .int64, "UInt64": .uint64, "Decimal": .decimal, "Date": .date, "URL": .url,
        "UUID": .uuid, "Data": .data,
    ]

    /// Every built-in name.
    static let all: [String: ResolvedType] = reserved.merging(values) { first, _ in first }

    /// The names as messages list them.
    static let listed =
        "String, Number, Integer, Boolean, Variable, Int32, Int64, UInt64, Decimal, Date, URL, UUID, Data"
}
