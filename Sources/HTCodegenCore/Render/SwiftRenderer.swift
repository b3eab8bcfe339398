/// Renders a ``ResolvedAPI`` as Swift: models files (models, then unions), requests files, and one file
/// of enumerations (and of the servers constant, for a spec that names servers).
///
/// The models, unions and requests are split over as many files (shards) as asked, each declaration in
/// the shard ``OutputShards`` gives it; one shard gives one file of each.
///
/// Output is deterministic: declarations are sorted by name, fields keep their spec order, and nothing
/// depends on the time, the machine or absolute paths.
package struct SwiftRenderer: Sendable {
    /// The rendered text of the files of one spec.
    package struct Output: Sendable, Hashable {
        /// `<stem>+Models.swift`, `<stem>+Models-2.swift`, ...: one per shard.
        package var models: [String]
        /// `<stem>+Requests.swift`, `<stem>+Requests-2.swift`, ...: one per shard.
        package var requests: [String]
        /// `<stem>+Enums.swift`.
        package var enums: String
        /// `<stem>+Mocks.swift`, with `"mocks": true`.
        package var mocks: String? = nil
    }

    /// The API to render; a shard's renderer holds only that shard's models or requests.
    var api: ResolvedAPI
    let config: GeneratorConfig
    /// Whether the models file declares the type aliases; a shard's renderer other than the first's
    /// has it off, so the aliases are declared once.
    var declareAbstractTypes: Bool
    var diagnostics = DiagnosticBag()
    var typeNames: [String: String] = [:]
    var enumNames: Set<String> = []
    /// The integer enumerations (`HTIntegerEnum`), by spec name.
    var integerEnumNames: Set<String> = []
    /// `SwiftNaming.memberName` results: specs repeat the same field names (`id`, `name`) many times.
    var memberNameCache: [String: String] = [:]
    /// The models by spec name, for requests that send a model as a multipart body (one part per field).
    var modelsByName: [String: ResolvedModel] = [:]
    /// The inline models generated as type aliases of others with the same fields: spec name → spec
    /// name of the model whose class they name (``inlineModelAliases()``).
    var modelAliases: [String: String] = [:]

    /// Renders `api` with the Swift type names `names` (``SwiftNames``, decided for every spec of the
    /// target; `nil`: named alone, its naming warnings returned with the rest). `declareAbstractTypes`
    /// adds type aliases for the request protocol and model base class when the config names them
    /// differently from the runtime (pass it for one spec per target). `shards` (at least 1) is the
    /// number of models files and of requests files.
    static func render(
        _ api: ResolvedAPI, names: SwiftNames.Spec? = nil, config: GeneratorConfig, declareAbstractTypes: Bool = false,
        shards: Int = 1
    ) -> (Output, [Diagnostic]) {
        var renderer = SwiftRenderer(api: api, config: config, declareAbstractTypes: declareAbstractTypes)
        let own = names ?? SwiftNames([api], config: config).specs[0]
        if names == nil { renderer.diagnostics.append(contentsOf: own.warnings) }
        renderer.takeTypeNames(own)
        let output = renderer.run(shards: max(1, shards))
        return (output, renderer.diagnostics.all)
    }

    private init(api: ResolvedAPI, config: GeneratorConfig, declareAbstractTypes: Bool) {
        self.api = api
        self.config = config
        self.declareAbstractTypes = declareAbstractTypes
    }

    var access: String { config.accessLevel.rawValue + " " }

    /// Renders the files concurrently (they share nothing but the names, taken before): each models and
    /// requests shard by a renderer that holds only that shard's declarations. Diagnostics are merged in
    /// file order, so the output does not depend on scheduling.
    mutating func run(shards: Int = 1) -> Output {
        var named = self
        named.diagnostics = DiagnosticBag()  // the ones found before stay in `self`
        named.modelAliases = named.inlineModelAliases()
        let modelShards = OutputShards.split(api.models, count: shards) { $0.name }
        let unionShards = OutputShards.split(api.unions, count: shards) { $0.name }
        let requestShards = OutputShards.split(api.requests, count: shards) { $0.className }
        var bodies: [@Sendable () -> (String, [Diagnostic])] = []
        for (index, models) in modelShards.enumerated() {
            var renderer = named
            renderer.api.models = models
            renderer.api.unions = unionShards[index]
            renderer.declareAbstractTypes = declareAbstractTypes && index == 0
            let copy = renderer
            bodies.append { @Sendable in
                var renderer = copy
                return (renderer.renderModels(), renderer.diagnostics.all)
            }
        }
        if api.requests.contains(where: { $0.body?.isMultipart == true }) {
            for model in api.models { named.modelsByName[model.name] = model }
        }
        for requests in requestShards {
            var renderer = named
            renderer.api.requests = requests
            let copy = renderer
            bodies.append { @Sendable in
                var renderer = copy
                return (renderer.renderRequests(), renderer.diagnostics.all)
            }
        }
        let copy = named
        bodies.append { @Sendable in
            var renderer = copy
            return (renderer.renderEnums(), renderer.diagnostics.all)
        }
        if config.mocks {
            bodies.append { @Sendable in
                var renderer = copy
                return (renderer.renderMocks(), renderer.diagnostics.all)
            }
        }
        let rendered = concurrently(bodies)
        for (_, found) in rendered {
            diagnostics.append(contentsOf: found)
        }
        let texts = rendered.map(\.0)
        let enumsIndex = modelShards.count + requestShards.count
        return Output(
            models: Array(texts[0..<modelShards.count]),
            requests: Array(texts[modelShards.count..<enumsIndex]),
            enums: texts[enumsIndex], mocks: config.mocks ? texts[enumsIndex + 1] : nil)
    }

    // MARK: Names

    /// Takes the Swift type names the naming stage chose (``SwiftNames``) and notes the enumerations.
    mutating func takeTypeNames(_ names: SwiftNames.Spec) {
        typeNames = names.typeNames
        for item in api.enums {
            enumNames.insert(item.name)
            if item.rawType == .integer { integerEnumNames.insert(item.name) }
        }
    }

    func swiftType(_ type: ResolvedType) -> String {
        switch type {
        case .string: return "String"
        case .number: return "Double"
        case .integer: return "Int"
        case .boolean: return "Bool"
        case .variable: return "HTJSON"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .uint64: return "UInt64"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .data: return "Data"
        case .model(let name), .enumeration(let name), .union(let name): return typeNames[name] ?? name
        case .app(let name): return name
        case .array(let element): return "[\(swiftType(element))]"
        case .map(let value): return "[String: \(swiftType(value))]"
        }
    }

    /// Unique property names for a list of spec names, reporting the ones that had to change. Names that
    /// are already safe identifiers keep them; names that had to be mapped yield on a collision.
    ///
    /// `reservedMembers` are names that get a trailing underscore like ``SwiftNaming/reservedMemberNames``
    /// (a request that declares `body` itself reserves `body`).
    mutating func propertyNames(
        _ names: [(String, SourceLocation)], reserved: Set<String> = [], reservedMembers: Set<String> = [],
        chosen: [String?] = []
    ) -> [String] {
        var taken = reserved
        var result = [String?](repeating: nil, count: names.count)
        let candidates = names.enumerated().map { index, element in
            let computed: String
            if index < chosen.count, let name = chosen[index] {
                // The spec's own choice (`x-swift-name`), made safe as `SwiftNaming.memberName` makes names.
                computed = SwiftNaming.reservedMemberNames.contains(name) ? name + "_" : name
            } else if let cached = memberNameCache[element.0] {
                computed = cached
            } else {
                computed = SwiftNaming.memberName(element.0, config.memberNaming)
                memberNameCache[element.0] = computed
            }
            return reservedMembers.contains(computed) ? computed + "_" : computed
        }
        // Names the spec chose claim theirs first, then names that are already safe identifiers.
        let isChosen = names.indices.map { $0 < chosen.count && chosen[$0] != nil }
        for pass in [true, false] {
            for (index, candidate) in candidates.enumerated()
            where result[index] == nil && (pass ? isChosen[index] : candidate == names[index].0)
                && !taken.contains(candidate)
            {
                taken.insert(candidate)
                result[index] = candidate
            }
        }
        for (index, (raw, location)) in names.enumerated() where result[index] == nil {
            var name = candidates[index]
            if taken.contains(name) {
                var counter = 2
                while taken.contains("\(name)_\(counter)") { counter += 1 }
                diagnostics.warning(
                    "'\(raw)' becomes the Swift name '\(name)', which is already used here; it is generated as '\(name)_\(counter)'",
                    at: location)
                name = "\(name)_\(counter)"
            }
            taken.insert(name)
            result[index] = name
        }
        return result.map { $0 ?? "_" }
    }

    // MARK: Files

    /// The start of a file: what it is, and its imports: the runtime when `imports`, and Foundation
    /// before it when `foundation` (a declaration uses `Date`, `Decimal`, `URL`, `UUID` or `Data`: the
    /// runtime does not re-export Foundation, and files that need none don't import it).
    func header(_ kind: String, imports: Bool, foundation: Bool = false) -> SwiftWriter {
        var writer = SwiftWriter()
        writer.line("// Generated by ht-codegen from \(fileName(api.file)): the \(kind). Do not edit this file;")
        writer.line("// change the spec and build again.")
        writer.line("// swift-format-ignore-file")
        if imports {
            writer.line()
            if foundation { writer.line("import Foundation") }
            // The runtime's API for generated code (accessors, default mappings) is behind this SPI.
            writer.line("@_spi(Generated) import \(config.runtimeModule)")
        }
        return writer
    }

    /// The doc comment line that says where a declaration comes from: the spec's file name (never a
    /// path, so the output does not depend on where the spec is) and the declaration's line and column.
    func provenance(_ location: SourceLocation) -> String {
        "/// - Remark: Generated from \(fileName(location.file)):\(location.line):\(location.column)"
    }

    /// The spec's file name as it appears in comments: the last path component, on one line
    /// (``SwiftNaming/commentLine(_:)``), as any other spec text.
    func fileName(_ path: String) -> String {
        SwiftNaming.commentLine(String(path.split(separator: "/").last ?? Substring(path)))
    }
}
