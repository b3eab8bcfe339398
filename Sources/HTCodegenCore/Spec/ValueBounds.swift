/// The bounds a schema sets on its values (OpenAPI `minimum`, `maximum`, their exclusive forms,
/// `minLength`, `maxLength`, `minItems`, `maxItems`, `pattern`): mock answers generate values inside
/// them (``MockSynthesizer``). For an array schema, the number and string bounds are its items'.
package struct ValueBounds: Sendable, Hashable {
    /// The smallest number allowed, and whether it is excluded.
    package var minimum: (value: Double, exclusive: Bool)?
    /// The largest number allowed, and whether it is excluded.
    package var maximum: (value: Double, exclusive: Bool)?
    /// The fewest characters of a string.
    package var minLength: Int?
    /// The most characters of a string.
    package var maxLength: Int?
    /// The fewest elements of an array.
    package var minItems: Int?
    /// The most elements of an array.
    package var maxItems: Int?
    /// The regular expression strings must match (kept, not yet generated from).
    package var pattern: String?

    /// No bounds.
    package init() {}

    /// Whether there are none.
    package var isEmpty: Bool { self == ValueBounds() }

    package static func == (lhs: ValueBounds, rhs: ValueBounds) -> Bool {
        lhs.minimum?.value == rhs.minimum?.value && lhs.minimum?.exclusive == rhs.minimum?.exclusive
            && lhs.maximum?.value == rhs.maximum?.value && lhs.maximum?.exclusive == rhs.maximum?.exclusive
            && lhs.minLength == rhs.minLength && lhs.maxLength == rhs.maxLength && lhs.minItems == rhs.minItems
            && lhs.maxItems == rhs.maxItems && lhs.pattern == rhs.pattern
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(minimum?.value)
        hasher.combine(maximum?.value)
        hasher.combine(minLength)
        hasher.combine(maxLength)
        hasher.combine(minItems)
        hasher.combine(maxItems)
        hasher.combine(pattern)
    }

    /// The bounds `schema` sets: its own, and for an array schema its items' number and string bounds.
    /// OpenAPI 3.0's boolean `exclusiveMinimum` and 3.1's number are both read.
    package static func read(_ schema: JSONNode) -> ValueBounds {
        var bounds = ValueBounds()
        bounds.minItems = integer(schema["minItems"]?.value)
        bounds.maxItems = integer(schema["maxItems"]?.value)
        let scalar = schema["items"]?.value.objectMembers != nil ? schema["items"]?.value ?? schema : schema
        bounds.minimum = limit(scalar, "minimum", "exclusiveMinimum")
        bounds.maximum = limit(scalar, "maximum", "exclusiveMaximum")
        bounds.minLength = integer(scalar["minLength"]?.value)
        bounds.maxLength = integer(scalar["maxLength"]?.value)
        bounds.pattern = scalar["pattern"]?.value.stringValue
        return bounds
    }

    private static func number(_ node: JSONNode?) -> Double? {
        guard case .number(let text)? = node?.value else { return nil }
        return Double(text)
    }

    private static func integer(_ node: JSONNode?) -> Int? {
        guard let value = number(node), value >= 0, value < 1e9 else { return nil }
        return Int(value)
    }

    private static func limit(_ schema: JSONNode, _ key: String, _ exclusiveKey: String) -> (Double, Bool)? {
        let exclusive = schema[exclusiveKey]?.value
        if let value = number(exclusive) { return (value, true) }  // 3.1: the bound itself
        guard let value = number(schema[key]?.value) else { return nil }
        return (value, exclusive?.value == .bool(true))
    }
}
