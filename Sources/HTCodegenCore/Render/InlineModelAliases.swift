/// Inline schemas with the same fields share one class.
///
/// OpenAPI documents repeat the same anonymous object under many operations (Discourse declares
/// `{id, name, sort_order}` for badge types in four responses, and `{success: string}` in eight). Each
/// would be a model class of its own, which costs the app's build the most of anything generated (issue
/// #41). So an inline model whose declaration is that of an inline model before it (the same fields,
/// names, JSON keys, types, requirements, formats and field docs; apart from its own name, its doc
/// comment and where it was declared) is generated as a type alias of that model: every name the
/// document gives still exists, and both name one class. Named schemas (components, referenced files)
/// always get their own class, even with the same fields: the document gives them different names on
/// purpose.
///
/// Models that refer to aliased models compare as if they referred to the models the aliases name, so
/// repeated nested objects (an item whose `user` is a repeated inline object) merge too.
extension SwiftRenderer {
    /// The inline models that are generated as type aliases: spec name → spec name of the model whose
    /// class they name. Deterministic: the class is the first such model in `api.models`.
    func inlineModelAliases() -> [String: String] {
        // Only models whose fields have the names of another's can be the same: the others are not
        // rendered twice (most of a document's inline models).
        let candidates = api.models.filter(\.isInline).map { (model: $0, fieldNames: $0.storedFields.map(\.name)) }
        var byFieldNames: [[String]: Int] = [:]
        for candidate in candidates { byFieldNames[candidate.fieldNames, default: 0] += 1 }
        let inline = candidates.filter { byFieldNames[$0.fieldNames, default: 0] > 1 }.map(\.model)
        guard inline.count > 1 else { return [:] }
        // Rendered once, in a scratch renderer (its diagnostics are dropped: the real rendering reports).
        var scratch = self
        scratch.modelAliases = [:]
        var declarations: [(name: String, swiftName: String, tokens: [Substring])] = []
        declarations.reserveCapacity(inline.count)
        for model in inline {
            var writer = SwiftWriter()
            scratch.renderModel(model, into: &writer)
            let swiftName = typeNames[model.name] ?? model.name
            declarations.append((model.name, swiftName, Self.declarationTokens(writer.text, ownName: swiftName)))
        }
        // Swift name → the Swift name of the class it stands for; grows until nothing merges any more.
        var canonical: [Substring: Substring] = [:]
        var aliases: [String: String] = [:]
        for _ in 0..<declarations.count {
            var firstByKey: [String: Int] = [:]
            var changed = false
            for (index, declaration) in declarations.enumerated() {
                let key = declaration.tokens.map { canonical[$0] ?? $0 }.joined()
                if let first = firstByKey[key] {
                    let target = declarations[first]
                    if aliases[declaration.name] != target.name {
                        aliases[declaration.name] = target.name
                        canonical[Substring(declaration.swiftName)] = Substring(target.swiftName)
                        changed = true
                    }
                } else {
                    firstByKey[key] = index
                }
            }
            if !changed { break }
        }
        return aliases
    }

    /// The text of a rendered model from its first line of code on (its mark, doc comment and
    /// provenance left out), cut into identifiers and what lies between them, its own name replaced.
    private static func declarationTokens(_ text: String, ownName: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { !$0.isEmpty && !$0.hasPrefix("//") } ?? lines.endIndex
        let code = lines[start...].joined(separator: "\n").unicodeScalars
        var tokens: [Substring] = []
        var index = code.startIndex
        while index < code.endIndex {
            // What a generated identifier may hold (``SwiftNaming/isIdentifierScalar(_:)``): runs of it are
            // names, the runs between them everything else.
            let isIdentifier = SwiftNaming.isIdentifierScalar(code[index])
            var end = code.index(after: index)
            while end < code.endIndex, SwiftNaming.isIdentifierScalar(code[end]) == isIdentifier {
                end = code.index(after: end)
            }
            let token = Substring(code[index..<end])
            tokens.append(isIdentifier && token == ownName ? "Self·" : token)
            index = end
        }
        return tokens
    }

    /// The declaration of an inline model that names the class of another (see
    /// ``inlineModelAliases()``): its doc comment, where it was declared, and the alias.
    mutating func renderModelAlias(_ model: ResolvedModel, of target: String, into writer: inout SwiftWriter) {
        let typeName = typeNames[model.name] ?? model.name
        let targetName = typeNames[target] ?? target
        writeModelHeading(
            model, typeName: typeName,
            note: [
                "The same fields as ``\(targetName)``: the document declares this object again here, and",
                "both names are one class.",
            ], into: &writer)
        writer.line("\(access)typealias \(typeName) = \(targetName)")
    }
}
