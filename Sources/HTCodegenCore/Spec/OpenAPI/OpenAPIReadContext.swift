/// What the OpenAPI reader keeps while reading one document: its files, the diagnostics, the types
/// declared so far, the name of every schema a `$ref` names, and the names taken.
///
/// Every schema that a `$ref` names becomes a type of its own, named once (the main document's
/// `components.schemas` keep their names; a schema of another file is named by its key, or a whole
/// file by its stem), so references stay references by name and recursive schemas need nothing special.
struct OpenAPIReadContext {
    /// The document's files.
    var files: OpenAPIFiles
    /// Everything reported so far.
    var diagnostics = DiagnosticBag()
    /// The types declared so far, in the order their names were claimed.
    var types: [TypeDecl] = []
    /// The index in ``types`` of each type, by name.
    var typeIndexByName: [String: Int] = [:]
    /// Type names taken: built-in names and every type declared.
    var takenTypeNames: Set<String> = Set(BuiltInTypes.all.keys)
    /// The type name of every schema a reference names (and every main component schema).
    var namedSchemas: [OpenAPIRefTarget: String] = [:]
    /// Schemas named by a reference and not declared yet: declared after the paths.
    var pendingSchemas: [(target: OpenAPIRefTarget, name: String, node: JSONNode)] = []
    /// The type declared for each inline schema, by where the schema is (locations name their file).
    var inlineTypeNames: [SourceLocation: String] = [:]
    /// The named schema being declared, for `$recursiveRef: "#"` and `$dynamicRef`.
    var currentSchemaName: String?
    /// Targets resolved per file and reference text.
    private var resolvedRefs: [RefCacheKey: OpenAPIRefTarget?] = [:]

    private struct RefCacheKey: Hashable {
        var file: Int
        var reference: String
    }

    /// Creates a context for the document `root`, read from `path` and named `file`, whose references
    /// stay inside `referenceRoot` (`nil`: the folder of `path`).
    init(root: JSONNode, path: String?, file: String, referenceRoot: String? = nil) {
        files = OpenAPIFiles(root: root, path: path, displayName: file, referenceRoot: referenceRoot)
    }

    // MARK: References

    /// The target of the reference `reference` (the `$ref` value node) written in file `file`, or
    /// `nil` with an error (a warning for a remote reference) at the reference.
    mutating func target(of reference: JSONNode, inFile file: Int) -> OpenAPIRefTarget? {
        guard let text = reference.stringValue else {
            diagnostics.error("\"$ref\" must be a string, found \(reference.kindName)", at: reference.location)
            return nil
        }
        let key = RefCacheKey(file: file, reference: text)
        if let cached = resolvedRefs[key] {
            if cached == nil { reportUnresolved(text, at: reference.location, file: file) }
            return cached
        }
        let resolved = resolve(text, at: reference.location, inFile: file)
        resolvedRefs[key] = resolved
        return resolved
    }

    /// The target of `reference` for a look ahead (is this union the parent's list of its children?):
    /// like ``target(of:inFile:)``, but a reference already found to name nothing is not reported again.
    mutating func lookAheadTarget(of reference: JSONNode, inFile file: Int) -> OpenAPIRefTarget? {
        guard let text = reference.stringValue else { return nil }
        if let cached = resolvedRefs[RefCacheKey(file: file, reference: text)] { return cached }
        return target(of: reference, inFile: file)
    }

    /// Reports again, at another place, a reference that was not resolved before.
    private mutating func reportUnresolved(_ text: String, at location: SourceLocation, file: Int) {
        if case .failure(.remote) = OpenAPIFiles.parse(text) {
            diagnostics.warning(
                "remote reference '\(text)' is not followed; the value is read as any JSON (Variable)", at: location)
        } else {
            diagnostics.error("'\(text)' names nothing (see the first use of it)", at: location)
        }
    }

    private mutating func resolve(_ text: String, at location: SourceLocation, inFile file: Int) -> OpenAPIRefTarget? {
        let parsed: (file: String, pointer: [String])
        switch OpenAPIFiles.parse(text) {
        case .success(let value): parsed = value
        case .failure(.remote):
            diagnostics.warning(
                "remote reference '\(text)' is not followed; the value is read as any JSON (Variable)", at: location)
            return nil
        case .failure(.notAPointer(let fragment)):
            diagnostics.error(
                "'\(text)': the fragment '#\(fragment)' is not a JSON pointer (such as #/components/schemas/Pet)",
                at: location)
            return nil
        }
        var parseDiagnostics: [Diagnostic] = []
        let index: Int
        switch files.file(parsed.file, from: file, parseDiagnostics: &parseDiagnostics) {
        case .success(let value): index = value
        case .failure(let error):
            diagnostics.append(contentsOf: parseDiagnostics)
            diagnostics.error("'\(text)': \(error.message)", at: location)
            return nil
        }
        diagnostics.append(contentsOf: parseDiagnostics)
        guard files.node(at: parsed.pointer, inFile: index) != nil else {
            let place = parsed.file.isEmpty ? "this file" : files.files[index].displayName
            diagnostics.error(
                "'\(text)' names nothing: \(place) has no '/\(parsed.pointer.joined(separator: "/"))'", at: location)
            return nil
        }
        return OpenAPIRefTarget(file: index, pointer: parsed.pointer)
    }

    /// The node at `target`.
    func node(at target: OpenAPIRefTarget) -> JSONNode? {
        files.node(at: target.pointer, inFile: target.file)
    }

    /// Follows `node` while it is a `{"$ref": ...}` object (parameters, responses, request bodies,
    /// path items may be references, to references): the node it finally names and its file; `nil`
    /// after an error.
    mutating func dereferenced(_ node: JSONNode, inFile file: Int) -> (node: JSONNode, file: Int)? {
        var current = (node: node, file: file)
        var seen: Set<OpenAPIRefTarget> = []
        while let reference = current.node["$ref"]?.value {
            guard let target = target(of: reference, inFile: current.file) else { return nil }
            guard seen.insert(target).inserted, let next = self.node(at: target) else {
                diagnostics.error("this reference leads back to itself", at: reference.location)
                return nil
            }
            current = (next, target.file)
        }
        return current
    }

    // MARK: Names

    /// Claims `base` as a type name, or the first free `base2`, `base3`, ... with a warning at
    /// `location` that says what was named (`what`).
    mutating func claimTypeName(_ base: String, what: String, at location: SourceLocation) -> String {
        let name = base.isEmpty ? "Schema" : base
        if takenTypeNames.insert(name).inserted { return name }
        var counter = 2
        while takenTypeNames.contains("\(name)\(counter)") { counter += 1 }
        let unique = "\(name)\(counter)"
        takenTypeNames.insert(unique)
        let reason =
            BuiltInTypes.all[name] != nil
            ? "'\(name)' is a built-in type name" : "the name '\(name)' is taken by another schema"
        diagnostics.warning("\(reason); \(what) is generated as '\(unique)'", at: location)
        return unique
    }

    /// The type name of the schema at `target` (its node `node`), naming it (and queueing it to be
    /// declared) the first time.
    mutating func typeName(of target: OpenAPIRefTarget, node: JSONNode) -> String {
        if let name = namedSchemas[target] { return name }
        let pointer = target.pointer
        let base: String
        if pointer.count >= 2, ["schemas", "definitions", "$defs"].contains(pointer[pointer.count - 2]) {
            base = pointer[pointer.count - 1]
        } else if let last = pointer.last {
            base = OpenAPINaming.pascalCase(last)
        } else {
            base = OpenAPINaming.pascalCase(files.stem(ofFile: target.file))
        }
        let file = files.files[target.file].displayName
        let name = claimTypeName(base, what: "the schema '\(base)' of \(file)", at: node.location)
        namedSchemas[target] = name
        pendingSchemas.append((target, name, node))
        return name
    }

    /// The name a discriminator uses for the schema at `target` when its mapping says nothing: the
    /// schema's key (or its file's stem).
    func discriminatorName(of target: OpenAPIRefTarget) -> String {
        target.pointer.last ?? files.stem(ofFile: target.file)
    }

    // MARK: Declarations

    /// Appends a type named `name` whose kind is filled in later (``setKind(_:at:)``), so that a type
    /// comes before the inline types of its fields. Returns its index.
    mutating func reserveType(_ name: String, at location: SourceLocation, description: String?) -> Int {
        types.append(TypeDecl(name: name, location: location, description: description, kind: .hash([])))
        typeIndexByName[name] = types.count - 1
        return types.count - 1
    }
}

extension JSONNode {
    /// The string under `key`, if it is one.
    func string(_ key: String) -> String? {
        self[key]?.value.stringValue
    }

    /// The boolean under `key`, if it is one.
    func bool(_ key: String) -> Bool? {
        if case .bool(let value) = self[key]?.value.value { return value }
        return nil
    }

    /// The description of an OpenAPI object: `description`, else `summary`, else `title`; `nil` when
    /// empty.
    var openAPIDescription: String? {
        for key in ["description", "summary", "title"] {
            if let text = string(key), !text.trimmingSpaces.isEmpty { return text }
        }
        return nil
    }
}
