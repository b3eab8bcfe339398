/// How spec names become the names of generated properties, request inputs and enum constants
/// (`"memberNames"` in `htcodegen.json`). Type names are upper camel case either way, and the JSON key,
/// parameter name or raw value sent over the wire is always the spec's own.
package enum MemberNaming: String, Sendable, Hashable, CaseIterable {
    /// Lower camel case, as a Swift developer writes names: `refresh_token` → `refreshToken`,
    /// `DateCreated` → `dateCreated`, `MAX_VALUE` → `maxValue`, `IN_PROGRESS` → `inProgress`. The default.
    case camelCase
    /// The spec's spelling wherever Swift accepts it (`refresh_token` stays), words joined in camel case
    /// where it does not (`user-name` → `userName`): the names generated before issue #37, for a team
    /// that keeps them.
    case asWritten
}
