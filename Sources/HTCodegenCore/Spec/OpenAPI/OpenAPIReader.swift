/// Reads an OpenAPI 3.0 or 3.1 document (JSON or YAML, already parsed) into a ``SpecDocument``.
///
/// Component schemas become types under their own names, inline schemas types named from where they
/// sit (``OpenAPINaming``), operations interfaces, `servers` and `securitySchemes` their declarations,
/// the payloads of webhooks and callbacks models (no requests: the app receives them). A 3.1 document
/// may have webhooks and no `paths`.
/// `$ref`s may name other files, relative to the file they are written in; each is read once and
/// reported at its own positions.
///
/// Real documents break the rules, so the reader is liberal: what it cannot read in one schema or
/// operation is a positioned warning and a fallback (any JSON, or the operation left out), never the
/// end of the document. Errors are only for what makes the document unusable: a reference that names
/// nothing, `paths` that is not an object.
enum OpenAPIReader {
    /// Reads `root` (the document read from `path`, named `file` in diagnostics); its `$ref`s read
    /// files only inside `referenceRoot` (`nil`: the folder of `path`).
    static func read(
        _ root: JSONNode, file: String, path: String?, referenceRoot: String? = nil
    ) -> (SpecDocument?, [Diagnostic]) {
        var context = OpenAPIReadContext(root: root, path: path, file: file, referenceRoot: referenceRoot)
        var document = SpecDocument(file: file)
        if let version = root["openapi"], let text = version.value.stringValue,
            !(text.hasPrefix("3.0") || text.hasPrefix("3.1"))
        {
            context.diagnostics.warning(
                "OpenAPI \(text) is read as OpenAPI 3.1; only 3.0 and 3.1 are supported", at: version.value.location)
        }
        let info = root["info"]?.value
        document.description = info?.string("description") ?? info?.string("title")
        document.servers = context.servers(root["servers"]?.value)
        let components = root["components"]?.value
        document.securitySchemes = context.securitySchemes(components?["securitySchemes"]?.value)
        document.dateFormat = DateFormatDecl(format: .iso8601, location: root.location)

        // Component schemas keep their names; they are claimed before any inline schema is named.
        let schemas = components?["schemas"]?.value.objectMembers ?? []
        for member in schemas {
            let name = context.claimTypeName(member.key, what: "the schema '\(member.key)'", at: member.keyLocation)
            context.namedSchemas[OpenAPIRefTarget(file: 0, pointer: ["components", "schemas", member.key])] = name
        }
        for member in schemas {
            let target = OpenAPIRefTarget(file: 0, pointer: ["components", "schemas", member.key])
            let name = context.namedSchemas[target] ?? member.key
            context.declareNamedSchema(member.value, at: target, name: name, location: member.keyLocation)
        }
        document.interfaces = context.interfaces(
            root["paths"]?.value, documentSecurity: context.security(root["security"]?.value))
        // Webhooks are sent to the app: their payloads are models, no requests (OpenAPIPayloads.swift).
        if let webhooks = root["webhooks"]?.value { context.declareWebhookPayloads(webhooks) }
        // Schemas named by references (other files, deeper pointers), as they were found.
        var next = 0
        while next < context.pendingSchemas.count {
            let pending = context.pendingSchemas[next]
            next += 1
            if pending.target.file == 0, pending.target.pointer.count == 3, pending.target.pointer[0] == "components",
                pending.target.pointer[1] == "schemas"
            {
                continue
            }
            context.declareNamedSchema(
                pending.node, at: pending.target, name: pending.name, location: pending.node.location)
        }
        context.breakAliasCycles()
        document.types = context.types
        return (document, context.diagnostics.all)
    }
}
