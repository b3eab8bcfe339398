/// A YAML document that cannot be read: the first error stops reading, and says what was expected
/// at which line and column.
package struct YAMLSyntaxError: Error, Sendable {
    /// The diagnostic to report.
    package var diagnostic: Diagnostic
}
