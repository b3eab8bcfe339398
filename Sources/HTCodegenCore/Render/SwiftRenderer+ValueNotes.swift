/// The doc-comment notes for what a spec says about values beyond their type (``ValueNotes``): a
/// type's default, a constant that is not an enumeration, and examples. Each value is compact JSON on
/// one comment line, cut to ``SwiftRenderer/defaultValueLimit`` characters, with backticks made quotes
/// and line breaks escaped (``SwiftRenderer/defaultValueText(_:)``), so no example can end the comment.
extension SwiftRenderer {
    /// The most examples a doc comment lists.
    static let exampleLimit = 3

    /// The `/// - Note:` lines for `notes`, in a fixed order: default, constant, examples.
    static func valueNoteLines(_ notes: ValueNotes) -> [String] {
        var lines: [String] = []
        if let value = notes.defaultValue {
            lines.append("/// - Note: Defaults to `\(defaultValueText(value))` (when it is not sent).")
        }
        if let value = notes.constant {
            lines.append("/// - Note: Always `\(defaultValueText(value))` (the spec's `const`).")
        }
        // An example given twice (a parameter's and its schema's) is shown once.
        var seen: Set<String> = []
        let examples = notes.examples.map { "`\(defaultValueText($0))`" }.filter { seen.insert($0).inserted }
        if !examples.isEmpty {
            let shown = examples.prefix(exampleLimit)
            let more = examples.count > exampleLimit ? ", …" : ""
            let label = examples.count == 1 ? "Example" : "Examples"
            lines.append("/// - Note: \(label): \(shown.joined(separator: ", "))\(more).")
        }
        return lines
    }

    /// A type's doc comment: its description, then its notes.
    func writeTypeDoc(_ description: String?, notes: ValueNotes, into writer: inout SwiftWriter) {
        writer.doc(description)
        let lines = Self.valueNoteLines(notes)
        guard !lines.isEmpty else { return }
        if !SwiftNaming.docLines(description).isEmpty { writer.line("///") }
        for line in lines { writer.line(line) }
    }
}
