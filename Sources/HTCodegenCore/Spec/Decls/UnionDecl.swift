/// A value that is one of several types (OpenAPI's `oneOf` and `anyOf`): a Swift enum with one case per
/// alternative, plus a case that keeps a value none of them matches as raw JSON (never a failed
/// response).
package struct UnionDecl: Sendable {
    /// One alternative.
    package struct Alternative: Sendable {
        /// The case name, as written in the spec or derived from the type (`Cat`, `string`).
        package var name: String
        /// The alternative's type.
        package var type: TypeRef
        /// The discriminator values that select it (from the discriminator's `mapping`, else the
        /// referenced schema's name); empty when the union has no discriminator.
        package var discriminatorValues: [String]
        /// Where the alternative is written.
        package var location: SourceLocation

        /// Creates an alternative.
        package init(name: String, type: TypeRef, discriminatorValues: [String], location: SourceLocation) {
            self.name = name
            self.type = type
            self.discriminatorValues = discriminatorValues
            self.location = location
        }
    }

    /// The alternatives, in the spec's order: without a discriminator, a value is decoded as the first
    /// alternative that accepts it.
    package var alternatives: [Alternative]
    /// The property whose value names the alternative (`discriminator.propertyName`), if any.
    package var discriminator: String?

    /// Creates a union.
    package init(alternatives: [Alternative], discriminator: String?) {
        self.alternatives = alternatives
        self.discriminator = discriminator
    }
}
