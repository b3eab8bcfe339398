/// A union (OpenAPI `oneOf`/`anyOf`): rendered as a Swift enum with one case per alternative and an
/// `unknown` case that keeps a value no alternative accepts as raw JSON.
package struct ResolvedUnion: Sendable {
    /// One alternative.
    package struct Alternative: Sendable {
        /// The case name as the spec gives it (`Cat`, `string`); the renderer makes it a Swift case name.
        package var name: String
        /// The payload's type.
        package var type: ResolvedType
        /// The discriminator values that select it; empty when the union has no discriminator, or when
        /// no value names this alternative (it is then tried in order, after the values).
        package var discriminatorValues: [String]
        /// Where it is written.
        package var location: SourceLocation
    }

    /// The spec name.
    package var name: String
    /// What it is.
    package var description: String?
    /// The alternatives, in the spec's order (the order they are tried in without a discriminator).
    package var alternatives: [Alternative]
    /// The property whose string value names the alternative, if any.
    package var discriminator: String?
    /// Where it is declared.
    package var location: SourceLocation
    /// Why it is deprecated, if it is.
    package var deprecation: ResolvedDeprecation?
    /// The union contains itself through unions only (`A = B | ...`, `B = A | ...`, with no array, map
    /// or model in between): the Swift enum must be `indirect`.
    package var isIndirect = false
    /// Default and examples (OpenAPI), for the doc comment.
    package var notes = ValueNotes()
}
