/// Why a mock scenario file could not be used (``MockScenario/load(from:for:seed:)``): every error found
/// in it, each at its file, line and column (an unknown operation, an unknown example, a status the
/// operation does not document, a body that does not match the response, an unknown key, a syntax error).
package struct MockScenarioError: Error, Sendable, CustomStringConvertible {
    /// The errors (and the warnings found with them), sorted by position.
    package var diagnostics: [Diagnostic]

    /// Creates the error.
    package init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic a line: `file:line:column: error: message`.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
