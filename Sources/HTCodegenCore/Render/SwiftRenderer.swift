/// Renders a ``ResolvedAPI`` as Swift: one file of models, one of requests, one of enumerations.
///
/// Output is deterministic: declarations are sorted by name, fields keep their spec order, and nothing
/// depends on the time, the machine or absolute paths.
public struct SwiftRenderer: Sendable {
    /// The rendered text of the three files of one spec.
    public struct Output: Sendable, Hashable {
        /// `<stem>+Models.swift`.
        public var models: String
        /// `<stem>+Requests.swift`.
        public var requests: String
        /// `<stem>+Enums.swift`.
        public var enums: String
    }

    private let api: ResolvedAPI
    private let config: GeneratorConfig
    private let declareAbstractTypes: Bool
    private var diagnostics = DiagnosticBag()
    private var typeNames: [String: String] = [:]
    private var enumNames: Set<String> = []
    /// `SwiftNaming.memberName` results: specs repeat the same field names (`id`, `name`) many times.
    private var memberNameCache: [String: String] = [:]

    /// Renders `api`. `declareAbstractTypes` adds type aliases for the request protocol and model base
    /// class when the config names them differently from the runtime (pass it for one spec per target).
    public static func render(_ api: ResolvedAPI, config: GeneratorConfig, declareAbstractTypes: Bool = false)
        -> (Output, [Diagnostic])
    {
        var renderer = SwiftRenderer(api: api, config: config, declareAbstractTypes: declareAbstractTypes)
        let output = renderer.run()
        return (output, renderer.diagnostics.all)
    }

    private init(api: ResolvedAPI, config: GeneratorConfig, declareAbstractTypes: Bool) {
        self.api = api
        self.config = config
        self.declareAbstractTypes = declareAbstractTypes
    }

    private var access: String { config.accessLevel.rawValue + " " }

    /// Names the types, then renders the three files concurrently (they share nothing but the names).
    /// Diagnostics are merged in file order, so the output does not depend on scheduling.
    private mutating func run() -> Output {
        assignTypeNames()
        var named = self
        named.diagnostics = DiagnosticBag()  // the naming pass's own stay in `self`
        let copy = named
        let rendered = concurrently([
            { @Sendable in var renderer = copy; return (renderer.renderModels(), renderer.diagnostics.all) },
            { @Sendable in var renderer = copy; return (renderer.renderRequests(), renderer.diagnostics.all) },
            { @Sendable in var renderer = copy; return (renderer.renderEnums(), renderer.diagnostics.all) },
        ])
        for (_, found) in rendered {
            diagnostics.append(contentsOf: found)
        }
        return Output(models: rendered[0].0, requests: rendered[1].0, enums: rendered[2].0)
    }

    // MARK: Names

    /// Gives every request, model and enum a unique Swift type name. Requests claim their names first and
    /// never yield: code that calls them must get the request it names. A model or enumeration whose name
    /// is taken (by a request, another type, or the configured request protocol or model base class)
    /// yields with a warning and gets `_2`, `_3`, ...
    private mutating func assignTypeNames() {
        var taken: [String: (SourceLocation?, String)] = [:]
        taken[config.modelBaseClassName] = (nil, "the model base class")
        taken[config.requestProtocolName] = (nil, "the request protocol")
        func claim(_ specName: String, _ location: SourceLocation, kind: String) -> String {
            var name = config.namePrefix + SwiftNaming.identifier(specName, upperFirst: true)
            if SwiftNaming.reservedTypeNames.contains(name) || SwiftNaming.keywords.contains(name) {
                diagnostics.warning(
                    "the \(kind) '\(specName)' would be named '\(name)', which is a Swift, Foundation or runtime type; it is generated as '\(name)_'",
                    at: location)
                name += "_"
            }
            if let (firstLocation, firstKind) = taken[name] {
                var counter = 2
                while taken["\(name)_\(counter)"] != nil { counter += 1 }
                let other = firstLocation.map { "the \(firstKind) at line \($0.line), column \($0.column)" } ?? firstKind
                diagnostics.warning(
                    "the \(kind) '\(specName)' would be named '\(name)' like \(other); it is generated as '\(name)_\(counter)'",
                    at: location)
                name = "\(name)_\(counter)"
            }
            taken[name] = (location, kind)
            return name
        }
        for request in api.requests {
            typeNames["request:" + request.className] = claim(request.className, request.location, kind: "request")
        }
        for model in api.models { typeNames[model.name] = claim(model.name, model.location, kind: "type") }
        for item in api.enums {
            typeNames[item.name] = claim(item.name, item.location, kind: "enumeration")
            enumNames.insert(item.name)
        }
    }

    private func swiftType(_ type: ResolvedType) -> String {
        switch type {
        case .string: return "String"
        case .number: return "Double"
        case .integer: return "Int"
        case .boolean: return "Bool"
        case .variable: return "HTJSON"
        case .model(let name), .enumeration(let name): return typeNames[name] ?? name
        case .array(let element): return "[\(swiftType(element))]"
        }
    }

    /// Whether values of `type` are `Sendable` (models are classes with mutable state, so they are not).
    private func isSendable(_ type: ResolvedType) -> Bool {
        type.modelName == nil
    }

    /// Unique property names for a list of spec names, reporting the ones that had to change. Names that
    /// are already safe identifiers keep them; names that had to be mapped yield on a collision.
    private mutating func propertyNames(_ names: [(String, SourceLocation)], reserved: Set<String> = []) -> [String] {
        var taken = reserved
        var result = [String?](repeating: nil, count: names.count)
        let candidates = names.map { name, _ in
            if let cached = memberNameCache[name] { return cached }
            let computed = SwiftNaming.memberName(name)
            memberNameCache[name] = computed
            return computed
        }
        for (index, candidate) in candidates.enumerated() where candidate == names[index].0 && !taken.contains(candidate) {
            taken.insert(candidate)
            result[index] = candidate
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

    private func header(_ kind: String, imports: Bool) -> SwiftWriter {
        var writer = SwiftWriter()
        writer.line("// Generated by ht-codegen from \(fileName(api.file)): the \(kind). Do not edit this file;")
        writer.line("// change the spec and build again.")
        writer.line("// swift-format-ignore-file")
        if imports {
            writer.line()
            writer.line("import \(config.runtimeModule)")
        }
        return writer
    }

    private func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    // MARK: Models

    private mutating func renderModels() -> String {
        let needsAliases = declareAbstractTypes
            && (config.modelBaseClassName != "HTHTTPModel" || config.requestProtocolName != "HTBaseRequest")
        var writer = header("models", imports: !api.models.isEmpty || needsAliases)
        if needsAliases {
            writer.line()
            if config.modelBaseClassName != "HTHTTPModel" {
                writer.line("/// The base class of the generated models (settings `namePrefix` + `modelAbstract`).")
                writer.line("\(access)typealias \(config.modelBaseClassName) = HTHTTPModel")
            }
            if config.requestProtocolName != "HTBaseRequest" {
                writer.line("/// The protocol of the generated requests (settings `namePrefix` + `reqAbstract`).")
                writer.line("\(access)typealias \(config.requestProtocolName) = HTBaseRequest")
            }
        }
        for model in api.models {
            writer.line()
            renderModel(model, into: &writer)
        }
        return writer.text
    }

    private mutating func renderModel(_ model: ResolvedModel, into writer: inout SwiftWriter) {
        let typeName = typeNames[model.name] ?? model.name
        let names = propertyNames(model.fields.map { ($0.name, $0.location) })
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writer.doc(model.description ?? "The `\(model.name)` data type.")
        writer.block("\(access)final class \(typeName): \(config.modelBaseClassName), HTModelMappable") { writer in
            for (field, name) in zip(model.fields, names) {
                writer.doc(field.description)
                writer.line("\(access)var \(SwiftNaming.escaped(name)): \(swiftType(field.type))?")
            }
            if !model.fields.isEmpty { writer.line() }
            writer.line("/// Creates a model with every property `nil`.")
            writer.block("\(access)required init()") { writer in
                writer.line("super.init()")
            }
            writer.line()
            writer.line("/// Property name → model type for every model-typed property (NEI's `customTypePropertyDic`).")
            let custom = zip(model.fields, names).compactMap { field, name in
                field.type.modelName.map { (name, typeNames[$0] ?? $0) }
            }
            if custom.isEmpty {
                writer.line("\(access)static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]")
            } else {
                writer.line("\(access)static let customTypePropertyDic: [String: any HTModelMappable.Type] = [")
                for (name, type) in custom.sorted(by: { $0.0 < $1.0 }) {
                    writer.line("    \(SwiftNaming.stringLiteral(name)): \(type).self,")
                }
                writer.line("]")
            }
            writer.line()
            writer.line("/// The names of all other properties (NEI's `baseTypePropertyList`).")
            let base = zip(model.fields, names).filter { $0.0.type.modelName == nil }.map { SwiftNaming.stringLiteral($0.1) }
            writer.line("\(access)static let baseTypePropertyList: [String] = [\(base.joined(separator: ", "))]")
            writer.line()
            writer.line("/// Typed access to each property, used by the mapper instead of reflection.")
            if model.fields.isEmpty {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = []")
            } else {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = [")
                for (field, name) in zip(model.fields, names) {
                    let key = field.name == name ? "" : ", key: \(SwiftNaming.stringLiteral(field.name))"
                    writer.line(
                        "    HTPropertyAccessor<\(typeName)>(\(SwiftNaming.stringLiteral(name))\(key), \\\(typeName).\(SwiftNaming.escaped(name))),"
                    )
                }
                writer.line("]")
            }
            writer.line()
            writer.line("/// The default mapping: each property from the JSON key of the same name.")
            writer.line("\(access)static let htMapping: HTObjectMapping<\(typeName)> = .defaultMapping()")
            writer.line()
            writer.line("/// Sets the property at `index` in `htAccessors` from JSON (the mapper's fast path).")
            writer.block(
                "\(access)static func htDecodeProperty(_ index: Int, of model: \(typeName), from json: HTJSON, context: inout HTMappingContext)"
            ) { writer in
                if !model.fields.isEmpty {
                    writer.line("switch index {")
                    for (offset, name) in names.enumerated() {
                        writer.line("case \(offset): HTMapper.decode(json, into: &model.\(SwiftNaming.escaped(name)), context: &context)")
                    }
                    writer.line("default: break")
                    writer.line("}")
                }
            }
            writer.line()
            writer.line("/// Writes the property at `index` in `htAccessors` as JSON; `false` when it is `nil`.")
            writer.block(
                "\(access)static func htEncodeProperty(_ index: Int, of model: \(typeName), to writer: HTJSONWriter) -> Bool"
            ) { writer in
                if model.fields.isEmpty {
                    writer.line("false")
                } else {
                    writer.line("switch index {")
                    for (offset, name) in names.enumerated() {
                        writer.line("case \(offset): return HTMapper.encode(model.\(SwiftNaming.escaped(name)), to: writer)")
                    }
                    writer.line("default: return false")
                    writer.line("}")
                }
            }
            writer.line()
            writer.line("/// Sets every property of `copy` to this model's value, nested models copied too (`htCopy()`).")
            writer.block("\(access)func htCopyProperties(to copy: \(typeName))") { writer in
                for (field, name) in zip(model.fields, names) {
                    let member = SwiftNaming.escaped(name)
                    writer.line("copy.\(member) = \(copyExpression(of: "self.\(member)", type: field.type, optional: true))")
                }
            }
        }
    }

    /// An expression that copies `value` of `type`: values as they are, models with `htCopy()`, arrays
    /// of models element by element.
    private func copyExpression(of value: String, type: ResolvedType, optional: Bool) -> String {
        let chain = optional ? "?" : ""
        switch type {
        case .model:
            return "\(value)\(chain).htCopy()"
        case .array(let element) where element.modelName != nil:
            return "\(value)\(chain).map { \(copyExpression(of: "$0", type: element, optional: false)) }"
        default:
            return value
        }
    }

    // MARK: Enums

    private mutating func renderEnums() -> String {
        var writer = header("enumerations", imports: !api.enums.isEmpty)
        for item in api.enums {
            let typeName = typeNames[item.name] ?? item.name
            let names = propertyNames(item.members.map { ($0.key, $0.location) }).map { $0 }
            let caseNames = zip(item.members, names).map { member, fallback in
                SwiftNaming.enumCaseName(member.key) == SwiftNaming.memberName(member.key) ? fallback : SwiftNaming.enumCaseName(member.key)
            }
            let unique = uniqued(caseNames, locations: item.members.map(\.location))
            writer.line()
            writer.line("// MARK: - \(typeName)")
            writer.line()
            writer.doc(item.description ?? "The `\(item.name)` enumeration.")
            writer.line("///")
            writer.line("/// Open: a value the spec does not list is kept as it is (see `isKnown`).")
            writer.block("\(access)struct \(typeName): HTStringEnum") { writer in
                writer.line("/// The value sent over the wire.")
                writer.line("\(access)let rawValue: String")
                writer.line()
                writer.line("/// Creates a value, known or not.")
                writer.block("\(access)init(rawValue: String)") { writer in
                    writer.line("self.rawValue = rawValue")
                }
                for (member, name) in zip(item.members, unique) {
                    writer.line()
                    writer.doc(member.description)
                    writer.line("/// Value: \(SwiftNaming.stringLiteral(member.value)).")
                    writer.line(
                        "\(access)static let \(SwiftNaming.escaped(name)) = \(typeName)(rawValue: \(SwiftNaming.stringLiteral(member.value)))")
                }
                writer.line()
                writer.line("/// The members the spec declares, in declaration order.")
                let list = unique.map { "." + SwiftNaming.escaped($0) }.joined(separator: ", ")
                writer.line("\(access)static let knownValues: [\(typeName)] = [\(list)]")
            }
        }
        return writer.text
    }

    private mutating func uniqued(_ names: [String], locations: [SourceLocation]) -> [String] {
        var taken: Set<String> = []
        var result: [String] = []
        for (name, location) in zip(names, locations) {
            var candidate = name
            if taken.contains(candidate) {
                var counter = 2
                while taken.contains("\(name)_\(counter)") { counter += 1 }
                candidate = "\(name)_\(counter)"
                diagnostics.warning("the member becomes '\(name)', which is already used; it is generated as '\(candidate)'", at: location)
            }
            taken.insert(candidate)
            result.append(candidate)
        }
        return result
    }

    // MARK: Requests

    private mutating func renderRequests() -> String {
        var writer = header("requests", imports: !api.requests.isEmpty)
        for request in api.requests {
            writer.line()
            renderRequest(request, into: &writer)
        }
        return writer.text
    }

    private struct RequestProperty {
        var name: String
        var type: ResolvedType
        var description: String?
        var jsonKey: String?
        var header: String?
    }

    private mutating func renderRequest(_ request: ResolvedRequest, into writer: inout SwiftWriter) {
        let typeName = typeNames["request:" + request.className] ?? request.className
        var properties: [RequestProperty] = []
        var importedModel: String?
        switch request.inputs {
        case .fields(let fields):
            let names = propertyNames(fields.map { ($0.name, $0.location) })
            for (field, name) in zip(fields, names) {
                properties.append(RequestProperty(name: name, type: field.type, description: field.description, jsonKey: field.name))
            }
        case .imported(let model, let location):
            let modelType = typeNames[model] ?? model
            let name = propertyNames([(SwiftNaming.lowercasedFirst(SwiftNaming.identifier(model, upperFirst: true)), location)])[0]
            importedModel = name
            properties.append(RequestProperty(
                name: name, type: .model(model), description: "The parameters, as one `\(modelType)`.", jsonKey: nil))
        }
        let variableHeaders = request.headers.filter { $0.value == nil }
        let constantHeaders = request.headers.filter { $0.value != nil }
        let headerNames = propertyNames(
            variableHeaders.map { (Resolver.headerPropertyName($0.name), $0.location) }, reserved: Set(properties.map(\.name)))
        for (header, name) in zip(variableHeaders, headerNames) {
            let text = "The `\(header.name)` header, sent when set." + (header.description.map { " " + $0 } ?? "")
            properties.append(RequestProperty(name: name, type: .string, description: text, jsonKey: nil, header: header.name))
        }
        let sendable = properties.allSatisfy { isSendable($0.type) }
        let responseType = request.response.type.map(swiftType) ?? "HTJSON"

        writer.line("// MARK: - \(typeName)")
        writer.line()
        let docs = [request.title, request.description].compactMap { $0 }.filter { !SwiftNaming.docLines($0).isEmpty }
        for (index, text) in docs.enumerated() where index == 0 || text != docs[0] {
            if index > 0 { writer.line("///") }
            writer.doc(text)
        }
        if !docs.isEmpty { writer.line("///") }
        let shownPath = String(SwiftNaming.docLines(request.path).joined(separator: " ").map { $0 == "`" ? "'" : $0 })
        writer.line("/// `\(request.method) \(shownPath)`")
        writer.block("\(access)struct \(typeName): \(config.requestProtocolName)\(sendable ? ", Sendable" : "")") { writer in
            let keyPathText = request.response.keyPath.map { "under the key path `\($0)`" } ?? "from the whole body"
            if request.response.type != nil {
                writer.line("/// The response maps to `\(responseType)` \(keyPathText) (response rule \(request.response.rule)).")
            } else {
                writer.line("/// The response is not mapped to a model: the JSON \(keyPathText) (response rule \(request.response.rule)).")
            }
            writer.line("\(access)typealias Response = \(responseType)")
            writer.line()
            writer.line("/// The HTTP method.")
            writer.line("\(access)static let method: HTHTTPMethod = \(methodExpression(request.method))")
            writer.line("/// The path, relative to the client's base URL, or an absolute URL.")
            writer.line("\(access)static let path: String = \(SwiftNaming.stringLiteral(request.path))")
            writer.line("/// Where the payload is in the response body; `nil` for the whole body.")
            writer.line("\(access)static let responseKeyPath: String? = \(request.response.keyPath.map(SwiftNaming.stringLiteral) ?? "nil")")
            writer.line("/// The properties that are headers (NEI's `headerPropertyList`); they are never sent as parameters.")
            let headerList = headerNames.map(SwiftNaming.stringLiteral).joined(separator: ", ")
            writer.line("\(access)static let headerPropertyList: [String] = [\(headerList)]")
            if !properties.isEmpty { writer.line() }
            for property in properties {
                writer.doc(property.description)
                writer.line("\(access)var \(SwiftNaming.escaped(property.name)): \(swiftType(property.type))?")
            }
            writer.line()
            writer.line("/// Creates the request.")
            let parameters = properties.map { "\(SwiftNaming.escaped($0.name)): \(swiftType($0.type))? = nil" }
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                for property in properties {
                    let name = SwiftNaming.escaped(property.name)
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.line()
            if let importedModel {
                writer.line("/// The parameters: the JSON of `\(importedModel)`.")
                writer.block("\(access)var parameters: HTJSONObject") { writer in
                    writer.line("\(SwiftNaming.escaped(importedModel))?.htJSONObject() ?? HTJSONObject()")
                }
            } else {
                let inputs = properties.filter { $0.jsonKey != nil }
                writer.line("/// The parameters: every input that is set.")
                writer.block("\(access)var parameters: HTJSONObject") { writer in
                    if inputs.isEmpty {
                        writer.line("HTJSONObject()")
                        return
                    }
                    writer.line("var parameters = HTJSONObject()")
                    for property in inputs {
                        guard let key = property.jsonKey else { continue }
                        writer.line(
                            "if let value = self.\(SwiftNaming.escaped(property.name)) { parameters.append(\(SwiftNaming.stringLiteral(key)), value.htJSON) }")
                    }
                    writer.line("return parameters")
                }
            }
            writer.line()
            writer.line("/// The headers: the constant ones, and each variable one that is set.")
            writer.block("\(access)var headers: [String: String]") { writer in
                let constants = constantHeaders.map {
                    "\(SwiftNaming.stringLiteral($0.name)): \(SwiftNaming.stringLiteral($0.value ?? ""))"
                }
                let headerProperties = properties.filter { $0.header != nil }
                if headerProperties.isEmpty {
                    writer.line(constants.isEmpty ? "[:]" : "[\(constants.joined(separator: ", "))]")
                    return
                }
                writer.line("var headers: [String: String] = \(constants.isEmpty ? "[:]" : "[\(constants.joined(separator: ", "))]")")
                for property in headerProperties {
                    guard let header = property.header else { continue }
                    writer.line(
                        "if let value = self.\(SwiftNaming.escaped(property.name)) { headers[\(SwiftNaming.stringLiteral(header))] = value }")
                }
                writer.line("return headers")
            }
        }
    }

    private func methodExpression(_ method: String) -> String {
        let known = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS"]
        return known.contains(method) ? "." + method.lowercased() : "HTHTTPMethod(rawValue: \(SwiftNaming.stringLiteral(method)))"
    }
}
