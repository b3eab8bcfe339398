/// Deprecation attributes and the doc-comment notes that OpenAPI adds to a field (default value,
/// read-only, write-only).
///
/// Swift warns wherever a deprecated declaration is used, except inside another deprecated one, and
/// generated code must build without warnings. So:
/// - a declaration that names a deprecated type is deprecated too (the resolver decides:
///   ``ResolvedDeprecation/usesType(_:)``);
/// - a model whose table of fields (`htAccessors`) lists a deprecated field has that table deprecated:
///   the runtime reads it only through `HTModelMappable`, and a protocol requirement fulfilled by a
///   deprecated member raises no warning where the protocol is used;
/// - likewise a request's `parameters`, `headers` and `body` when they read a deprecated input;
/// - a public initializer never assigns a deprecated optional input (it is left out: set it on the
///   value, which warns the caller as it should), and one that must assign a required deprecated
///   input is deprecated itself.
/// The app still gets the warning wherever its own code reads, writes or names the deprecated thing.
extension SwiftRenderer {
    /// The attribute for `deprecation`: plain for a declaration the spec marks deprecated, with a
    /// message naming the type for one that uses a deprecated type.
    func deprecationAttribute(_ deprecation: ResolvedDeprecation) -> String {
        switch deprecation {
        case .declared:
            return "@available(*, deprecated)"
        case .usesType(let name):
            let message = "uses the deprecated type \(typeNames[name] ?? name)"
            return "@available(*, deprecated, message: \(SwiftNaming.stringLiteral(message)))"
        }
    }

    /// The attribute on a member that reads deprecated fields only to fulfil a protocol requirement.
    static let deprecatedWitnessAttribute =
        "@available(*, deprecated, message: \"reads deprecated fields; the runtime uses it through its protocol\")"

    /// A field's doc comment: its description, then a note for its default value and for read-only or
    /// write-only. A field with neither gets just its description (every native and NEI field).
    func writeFieldDoc(_ field: ResolvedField, into writer: inout SwiftWriter) {
        writer.doc(field.description)
        var notes: [String] = []
        if let value = field.defaultValue {
            notes.append("/// - Note: Defaults to `\(Self.defaultValueText(value))` (when it is not sent).")
        }
        notes += Self.valueNoteLines(field.notes)
        switch field.access {
        case .readOnly?: notes.append("/// - Note: Read-only: the server sends it; the app does not.")
        case .writeOnly?: notes.append("/// - Note: Write-only: the app sends it; the server does not.")
        case nil: break
        }
        guard !notes.isEmpty else { return }
        if !SwiftNaming.docLines(field.description).isEmpty { writer.line("///") }
        for note in notes { writer.line(note) }
    }

    /// The most characters of a default value a doc comment shows.
    static let defaultValueLimit = 80

    /// A default value as compact JSON on one comment line, cut to ``defaultValueLimit`` characters.
    static func defaultValueText(_ node: JSONNode) -> String {
        var text = ""
        appendJSON(node, to: &text)
        if text.count > defaultValueLimit { text = String(text.prefix(defaultValueLimit)) + "…" }
        return SwiftNaming.commentLine(text.replacingBackticks)
    }

    private static func appendJSON(_ node: JSONNode, to text: inout String) {
        guard text.count <= defaultValueLimit else { return }
        switch node.value {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let digits): text += digits
        case .string(let value): text += SwiftNaming.stringLiteral(value)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                appendJSON(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ", " }
                text += SwiftNaming.stringLiteral(member.key) + ": "
                appendJSON(member.value, to: &text)
            }
            text += "}"
        }
    }
}

extension String {
    /// Backticks as quotes, so that text can sit in a doc comment's code span.
    var replacingBackticks: String { String(map { $0 == "`" ? "'" : $0 }) }
}
