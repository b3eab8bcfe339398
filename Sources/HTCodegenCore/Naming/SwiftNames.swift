/// The Swift names of the types of one target's specs, decided in one place once every spec of the
/// target is read and resolved, and before any is rendered.
///
/// The readers and the resolver keep spec names (`user_info`, `GetUserRequest`); this stage makes each
/// a Swift type name with the one word splitter (``SwiftNaming/typeName(_:)``: `user_info` →
/// `UserInfo`), the config's prefix in front, then makes them unique:
///
/// - Within a spec, requests claim their names first and never yield to a type (code that calls them
///   must get the request it names). Two requests of one name (two interfaces with one `className`,
///   two operations whose names are the same identifier) are ordered, a given name before one derived
///   from the method and path (``ResolvedRequest/namingOrder(_:_:)``): the first keeps it, each other one
///   gets `_2`, `_3`, ... with a warning. A model, enumeration, union or servers constant whose name is taken (by a
///   request, another type, a Swift, Foundation or runtime type, or the configured request protocol or
///   model base class) yields with a warning and gets `_2`, `_3`, ...
/// - Across specs, the final Swift names are compared: two specs that would both declare a Swift type
///   (the same spec name, or two spec names that map to one Swift name, `user_info` and `UserInfo`) is
///   an error at the declaration in each, naming the other's place. Each spec's generated files would
///   declare the type, and the compiler would answer with hundreds of "ambiguous for type lookup"
///   errors in generated code.
struct SwiftNames: Sendable {
    /// One spec's names.
    struct Spec: Sendable {
        /// Spec name → Swift name; requests under ``requestKey(_:)``, the servers constant under
        /// ``serversKey``.
        var typeNames: [String: String] = [:]
        /// Every type the spec declares: its Swift name, the spec's name for it, what it is and where.
        var declared: [(swift: String, spec: String, kind: String, location: SourceLocation)] = []
        /// The renames within the spec (warnings).
        var warnings: [Diagnostic] = []
        /// The Swift names this spec declares that another spec of the target declares too (errors at
        /// this spec's declarations).
        var clashes: [Diagnostic] = []
    }

    /// The key of a request's name in ``Spec/typeNames``: requests and types have separate spec
    /// namespaces, and two requests of a spec may share a class name (the place tells them apart).
    static func requestKey(_ request: ResolvedRequest) -> String {
        "request:\(request.className)@\(request.location.line):\(request.location.column)"
    }

    /// The key of the servers constant's name in ``Spec/typeNames``.
    static let serversKey = "servers:"

    /// The key of the mock answers list's name in ``Spec/typeNames`` (with `"mocks": true`).
    static let mocksKey = "mocks:"

    /// Each spec's names, in the order of `apis`.
    var specs: [Spec]

    /// Names the types of `apis`, every spec of one target (the ones generated and the ones only read to
    /// find clashes), with `config`'s prefix and reserved names.
    init(_ apis: [ResolvedAPI], config: GeneratorConfig) {
        specs = apis.map { Self.name($0, config: config) }
        var owners: [String: [Int]] = [:]
        for (index, spec) in specs.enumerated() {
            for swift in Set(spec.declared.map(\.swift)) { owners[swift, default: []].append(index) }
        }
        for (index, spec) in specs.enumerated() {
            for item in spec.declared.sorted(by: { $0.location < $1.location }) {
                guard let other = owners[item.swift]?.first(where: { $0 != index }),
                    let there = specs[other].declared.first(where: { $0.swift == item.swift })
                else { continue }
                let theirs = there.spec == item.spec ? "" : " as the \(there.kind) '\(there.spec)'"
                specs[index].clashes.append(
                    Diagnostic(
                        .error,
                        "the \(item.kind) '\(item.spec)' is generated as '\(item.swift)', which is declared again in "
                            + "\(there.location)\(theirs) (another spec of the same target); both would generate it: "
                            + "rename one, or keep the type in one spec",
                        at: item.location))
            }
        }
    }

    /// The names of one spec, unique within it.
    private static func name(_ api: ResolvedAPI, config: GeneratorConfig) -> Spec {
        var spec = Spec()
        var taken: [String: (SourceLocation?, String)] = [:]
        taken[config.modelBaseClassName] = (nil, "the model base class")
        taken[config.requestProtocolName] = (nil, "the request protocol")
        func claim(_ specName: String, _ location: SourceLocation, kind: String) -> String {
            var name = config.namePrefix + (api.chosenTypeNames[specName] ?? SwiftNaming.typeName(specName))
            if SwiftNaming.reservedTypeNames.contains(name) || SwiftNaming.keywords.contains(name) {
                spec.warnings.append(
                    Diagnostic(
                        .warning,
                        "the \(kind) '\(specName)' would be named '\(name)', which is a Swift, Foundation or runtime type; it is generated as '\(name)_'",
                        at: location))
                name += "_"
            } else if name == "_" {
                // Only with an empty prefix; `_` is no type name, even in backticks where it is used.
                spec.warnings.append(
                    Diagnostic(
                        .warning,
                        "the \(kind) '\(specName)' would be named '_', which Swift does not accept as a type name; it is generated as '__'",
                        at: location))
                name = "__"
            }
            if let (firstLocation, firstKind) = taken[name] {
                var counter = 2
                while taken["\(name)_\(counter)"] != nil { counter += 1 }
                let other =
                    firstLocation.map { "the \(firstKind) at line \($0.line), column \($0.column)" } ?? firstKind
                spec.warnings.append(
                    Diagnostic(
                        .warning,
                        "the \(kind) '\(specName)' would be named '\(name)' like \(other); it is generated as '\(name)_\(counter)'",
                        at: location))
                name = "\(name)_\(counter)"
            }
            taken[name] = (location, kind)
            spec.declared.append((name, specName, kind, location))
            return name
        }
        // Requests of one class name keep their order (``ResolvedRequest/namingOrder(_:_:)``): the first
        // gets the name, each other one the first free `_2`, `_3`, ...
        var firstOfClass: [String: ResolvedRequest] = [:]
        for request in api.requests.sorted(by: ResolvedRequest.namingOrder) {
            guard let first = firstOfClass[request.className] else {
                firstOfClass[request.className] = request
                spec.typeNames[requestKey(request)] = claim(request.className, request.location, kind: "request")
                continue
            }
            let base = config.namePrefix + SwiftNaming.typeName(request.className)
            var counter = 2
            while taken["\(base)_\(counter)"] != nil { counter += 1 }
            let name = "\(base)_\(counter)"
            spec.warnings.append(
                Diagnostic(
                    .warning,
                    "the request '\(request.className)' (\(request.method) \(request.path)) is also generated by the interface at line \(first.location.line), column \(first.location.column); this one is generated as '\(name)' (set \"className\", or \"operationId\" in OpenAPI, to choose its name)",
                    at: request.location))
            taken[name] = (request.location, "request")
            spec.declared.append((name, request.className, "request", request.location))
            spec.typeNames[requestKey(request)] = name
        }
        if api.requests.contains(where: { !$0.errorResponses.isEmpty }) {
            // Each such request declares a nested `ErrorResponse`, which would hide a type of that name.
            taken["ErrorResponse"] = (nil, "the nested error type of requests")
        }
        if api.requests.contains(where: { $0.body?.choices.isEmpty == false }) {
            // Each such request declares a nested `RequestBody` (its media types), which would hide a type
            // of that name.
            taken["RequestBody"] = (nil, "the nested body type of requests whose body has several media types")
        }
        for model in api.models { spec.typeNames[model.name] = claim(model.name, model.location, kind: "type") }
        for item in api.enums { spec.typeNames[item.name] = claim(item.name, item.location, kind: "enumeration") }
        for union in api.unions { spec.typeNames[union.name] = claim(union.name, union.location, kind: "union") }
        if let first = api.servers.first {
            spec.typeNames[serversKey] = claim(serversSpecName(api.file), first.location, kind: "servers constant")
        }
        if config.mocks {
            let name = String(serversSpecName(api.file).dropLast("Servers".count)) + "Mocks"
            spec.typeNames[mocksKey] = claim(
                name, SourceLocation(file: api.file, line: 1, column: 1), kind: "mock answers")
        }
        return spec
    }

    /// The spec name the servers constant's Swift name is derived from: the file name without its
    /// directory and its endings (`.yaml`, `.yml`, `.json`, then `.openapi`, `.htspec`, `.nei`), and
    /// `Servers`.
    static func serversSpecName(_ file: String) -> String {
        var stem = String(file.split(separator: "/").last ?? Substring(file))
        for suffix in [".yaml", ".yml", ".json"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem.removeLast(suffix.count)
            break
        }
        for suffix in [".openapi", ".htspec", ".nei"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem.removeLast(suffix.count)
            break
        }
        return SwiftNaming.typeName(stem) + "Servers"
    }
}
