/// Why a generated declaration is `@available(*, deprecated)`.
///
/// Swift warns wherever a deprecated declaration is used, except inside another deprecated one. So a
/// declaration that names a deprecated type (a model field of that type, a request that sends or
/// returns it, a union with it as an alternative) is deprecated too: otherwise the generated code
/// itself would warn, and the project builds generated code with no warning allowed.
package enum ResolvedDeprecation: Sendable, Hashable {
    /// The spec marks it deprecated.
    case declared
    /// It uses the deprecated type of this spec name.
    case usesType(String)
}
