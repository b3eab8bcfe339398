/// The `operations` and `schemas` settings of `htcodegen.json`: generate only some operations of a
/// big document, and only the schemas they reach.
///
/// ```json
/// "operations": {
///   "include": { "tags": ["Files"], "operationIds": ["get_users_me"], "pathPrefixes": ["/folders"] },
///   "exclude": { "operationIds": ["delete_files_id"] }
/// },
/// "schemas": { "include": ["Webhook"] }
/// ```
///
/// - An operation is kept when `include` is absent or it matches `include`, and it does not match
///   `exclude`. It matches a list when its `operationId` (a native or NEI interface: its name) is one of
///   `operationIds`, one of its `tags` is one of `tags`, or its path starts with one of `pathPrefixes`
///   segment by segment (`/files` matches `/files` and `/files/{id}`, not `/files_x`).
/// - With either setting, only the schemas the kept operations reach are generated (through `$ref`s,
///   `allOf`, `oneOf`, `anyOf`, properties, items, `additionalProperties` and discriminator mappings,
///   as the reader made them types), plus those `schemas.include` names and what they reach.
/// - A name in the filter that no operation, tag, path or schema of the spec has is a warning at the
///   name (a target's specs share the config: a warning when none of them has it).
package struct OperationFilter: Sendable, Hashable {
    /// Which list of the filter an entry is in.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `operationIds`.
        case operationIds
        /// `tags`.
        case tags
        /// `pathPrefixes`.
        case pathPrefixes
        /// `schemas.include`.
        case schemas
    }

    /// One name of the filter, where it is written.
    package struct Entry: Sendable, Hashable {
        /// The list it is in.
        package var kind: Kind
        /// The name as written.
        package var value: String
        /// Where it is written.
        package var location: SourceLocation

        /// The key of ``Applied/matchedKeys``: the same name in `include` and `exclude` is one key.
        package var key: String { kind.rawValue + "\u{0}" + value }
    }

    /// The operations one of `include` or `exclude` names.
    package struct Selector: Sendable, Hashable {
        /// Operations by `operationId`.
        package var operationIds: [Entry] = []
        /// Operations by tag.
        package var tags: [Entry] = []
        /// Operations by the start of their path.
        package var pathPrefixes: [Entry] = []

        /// Whether the selector names nothing.
        var isEmpty: Bool { operationIds.isEmpty && tags.isEmpty && pathPrefixes.isEmpty }

        /// Whether `interface` is among the operations named.
        func matches(_ interface: InterfaceDecl) -> Bool {
            let id = interface.operationID ?? interface.name
            return operationIds.contains { $0.value == id }
                || tags.contains { tag in interface.tags.contains(tag.value) }
                || pathPrefixes.contains { OperationFilter.path(interface.path, startsWith: $0.value) }
        }
    }

    /// The operations to keep; `nil`: every one (less those `exclude` names).
    package var include: Selector?
    /// The operations to leave out.
    package var exclude = Selector()
    /// Schemas generated (with what they reach) whether an operation reaches them or not.
    package var schemas: [Entry] = []

    /// No filter: every operation and every schema.
    package init() {}

    /// Whether the filter changes anything: then only reached schemas are generated.
    package var isActive: Bool { include != nil || !exclude.isEmpty || !schemas.isEmpty }

    /// Every entry, in file order per list.
    var entries: [Entry] {
        [include ?? Selector(), exclude].flatMap { $0.operationIds + $0.tags + $0.pathPrefixes } + schemas
    }

    /// Whether `path` starts with `prefix` segment by segment: `/files/{id}` starts with `/files` and
    /// `/files/`, not `/file`; every path starts with `/`.
    static func path(_ path: String, startsWith prefix: String) -> Bool {
        guard path.hasPrefix(prefix) else { return false }
        if prefix.hasSuffix("/") || path.count == prefix.count { return true }
        let next = path[path.index(path.startIndex, offsetBy: prefix.count)]
        return next == "/" || next == "?" || next == "#"
    }

    // MARK: Reading

    /// Reads the value of `operations`. Every problem is reported at its position.
    mutating func readOperations(_ node: JSONNode, into diagnostics: inout DiagnosticBag) {
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\"operations\" must be an object such as {\"include\": {\"tags\": [\"Files\"]}}, found \(node.kindName)",
                at: node.location)
            return
        }
        for member in members {
            switch member.key {
            case "include":
                include = Self.readSelector(member.value, what: "\"operations.include\"", into: &diagnostics)
            case "exclude":
                exclude = Self.readSelector(member.value, what: "\"operations.exclude\"", into: &diagnostics)
            default:
                diagnostics.error(
                    "unknown key '\(member.key)' in \"operations\"; expected one of: include, exclude",
                    at: member.keyLocation)
            }
        }
    }

    /// Reads the value of `schemas`.
    mutating func readSchemas(_ node: JSONNode, into diagnostics: inout DiagnosticBag) {
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\"schemas\" must be an object such as {\"include\": [\"Webhook\"]}, found \(node.kindName)",
                at: node.location)
            return
        }
        for member in members {
            guard member.key == "include" else {
                diagnostics.error(
                    "unknown key '\(member.key)' in \"schemas\"; expected one of: include", at: member.keyLocation)
                continue
            }
            schemas = Self.readNames(member.value, kind: .schemas, what: "\"schemas.include\"", into: &diagnostics)
        }
    }

    private static func readSelector(
        _ node: JSONNode, what: String, into diagnostics: inout DiagnosticBag
    ) -> Selector {
        var selector = Selector()
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\(what) must be an object with \"operationIds\", \"tags\" or \"pathPrefixes\", found \(node.kindName)",
                at: node.location)
            return selector
        }
        for member in members {
            guard let kind = Kind(rawValue: member.key), kind != .schemas else {
                diagnostics.error(
                    "unknown key '\(member.key)' in \(what); expected one of: operationIds, tags, pathPrefixes",
                    at: member.keyLocation)
                continue
            }
            let names = readNames(member.value, kind: kind, what: "\"\(member.key)\"", into: &diagnostics)
            switch kind {
            case .operationIds: selector.operationIds = names
            case .tags: selector.tags = names
            case .pathPrefixes, .schemas: selector.pathPrefixes = names
            }
        }
        return selector
    }

    private static func readNames(
        _ node: JSONNode, kind: Kind, what: String, into diagnostics: inout DiagnosticBag
    ) -> [Entry] {
        guard let elements = node.arrayElements else {
            diagnostics.error("\(what) must be an array of strings, found \(node.kindName)", at: node.location)
            return []
        }
        var entries: [Entry] = []
        for element in elements {
            guard let text = element.stringValue, !text.isEmpty else {
                diagnostics.error(
                    "\(what) must hold non-empty strings, found \(element.kindName)", at: element.location)
                continue
            }
            if kind == .pathPrefixes && !text.hasPrefix("/") {
                diagnostics.error("the path prefix '\(text)' must start with '/'", at: element.location)
                continue
            }
            entries.append(Entry(kind: kind, value: text, location: element.location))
        }
        return entries
    }

    // MARK: Applying

    /// What applying the filter to a spec gives.
    package struct Applied: Sendable {
        /// The spec with only the kept interfaces and the types they reach.
        package var document: SpecDocument
        /// The keys (``Entry/key``) of the entries that name something of the spec, kept or not.
        package var matchedKeys: Set<String>
    }

    /// Keeps the operations the filter selects and the types they (and `schemas`) reach.
    package func apply(to document: SpecDocument) -> Applied {
        var applied = Applied(document: document, matchedKeys: [])
        guard isActive else { return applied }
        // What the spec has, for the warnings about names that match nothing.
        let ids = Set(document.interfaces.map { $0.operationID ?? $0.name })
        let tags = Set(document.interfaces.flatMap(\.tags))
        let typeNames = Set(document.types.map(\.name))
        for entry in entries {
            let known: Bool
            switch entry.kind {
            case .operationIds: known = ids.contains(entry.value)
            case .tags: known = tags.contains(entry.value)
            case .pathPrefixes: known = document.interfaces.contains { Self.path($0.path, startsWith: entry.value) }
            case .schemas: known = typeNames.contains(entry.value)
            }
            if known { applied.matchedKeys.insert(entry.key) }
        }
        let kept = document.interfaces.filter { interface in
            (include?.matches(interface) ?? true) && !exclude.matches(interface)
        }
        applied.document.interfaces = kept
        applied.document.types = Self.reached(
            from: kept, schemas: schemas.map(\.value), in: document.types)
        return applied
    }

    /// The types of `types` that `interfaces` and the types named `schemas` reach, in their order.
    static func reached(from interfaces: [InterfaceDecl], schemas: [String], in types: [TypeDecl]) -> [TypeDecl] {
        var indices: [String: [Int]] = [:]
        for (index, type) in types.enumerated() { indices[type.name, default: []].append(index) }
        var reached: Set<String> = []
        var queue: [String] = []
        func visit(_ name: String) {
            guard indices[name] != nil, reached.insert(name).inserted else { return }
            queue.append(name)
        }
        func visit(_ type: TypeRef?) {
            if let type { visit(type.name) }
        }
        func visit(_ fields: [FieldDecl]) {
            for field in fields { visit(field.type) }
        }
        func visit(_ parameters: ParametersDecl) {
            switch parameters {
            case .fields(let fields): visit(fields)
            case .imported(let type, let bindings):
                visit(type)
                for binding in bindings.values { visit(binding.type) }
            }
        }
        for interface in interfaces {
            visit(interface.inputs)
            visit(interface.outputs)
            visit(interface.body?.type)
            for choice in interface.body?.choices ?? [] { visit(choice.type) }
            if case .body(let type) = interface.response { visit(type) }
            for response in interface.errorResponses { visit(response.type) }
            for status in interface.statusResponses {
                if case .body(let type) = status.response { visit(type) }
            }
            for header in interface.responseHeaders { visit(header.type) }
        }
        for name in schemas { visit(name) }
        // Breadth of the graph, not depth of any one chain: a queue, no recursion.
        while let name = queue.popLast() {
            for index in indices[name] ?? [] {
                let type = types[index]
                visit(type.additionalProperties?.type)
                switch type.kind {
                case .hash(let fields): visit(fields)
                case .enumeration: break
                case .array(let element), .alias(let element): visit(element)
                case .union(let union): for alternative in union.alternatives { visit(alternative.type) }
                }
            }
        }
        return types.filter { reached.contains($0.name) }
    }

    /// A warning at each entry whose key is not in `matchedKeys` (gathered from every spec the filter
    /// applies to).
    package func unmatchedWarnings(matchedKeys: Set<String>) -> [Diagnostic] {
        var warned: Set<SourceLocation> = []
        return entries.filter { !matchedKeys.contains($0.key) && warned.insert($0.location).inserted }.map { entry in
            let what: String
            switch entry.kind {
            case .operationIds: what = "no operation has the operationId '\(entry.value)'"
            case .tags: what = "no operation has the tag '\(entry.value)'"
            case .pathPrefixes: what = "no operation's path starts with '\(entry.value)'"
            case .schemas: what = "no schema is named '\(entry.value)'"
            }
            return Diagnostic(.warning, "the filter matches nothing: \(what)", at: entry.location)
        }
    }
}
