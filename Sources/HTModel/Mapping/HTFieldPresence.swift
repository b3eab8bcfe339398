/// What the mapper requires of a field's JSON key, and how a missing value is written: the generated
/// form of a spec's `required` and `nullable`.
public enum HTFieldPresence: Sendable, Hashable {
    /// Nothing: a missing key or `null` leaves the field `nil`.
    case optional
    /// The spec requires the field, but the model keeps it optional (NEI-style models, or the
    /// `htcodegen.json` setting that keeps every field optional): a missing key or `null` is a
    /// diagnostic (an ``HTMappingError`` in strict mode) and the model is still built.
    case reported
    /// The model needs a value (a non-optional ``HTRequired`` field, or a read-only field a response
    /// must carry): without one (a missing key, `null`, a value that does not convert) the model is not
    /// built, and mapping fails, in lenient mode too, with the field's JSON path.
    case required
    /// The key must be there but may be `null` (required and nullable): a missing key fails as for
    /// ``required``; `nil` is written as `null`, so that the key is always sent.
    case requiredNullable
}
