/// Resolves a ``SpecDocument`` into a ``ResolvedAPI``: checks every reference and decides every
/// response rule. All problems are collected, each at its source position.
package struct Resolver {
    /// The HTTP methods a request may use.
    package static let methods: Set<String> = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS", "TRACE"]

    let document: SpecDocument
    var diagnostics = DiagnosticBag()
    var typesByName: [String: TypeDecl] = [:]
    /// Hidden types that something references, and so get a model after all.
    private var referencedHidden: Set<String> = []
    /// Hash types that a field, an input or a rule-3 output references: they get a model.
    private var referencedModels: Set<String> = []
    /// Hash types used as a response envelope (rule 2): without another reference they get no model,
    /// since responses unwrap them by key path (`HTNetworking.docc/ResponseRules.md`, Overview: the
    /// envelope of rule 2 gets no model).
    private var envelopes: Set<String> = []
    /// What each named array or alias type stands for (``ArrayTypeExpansion``); `nil` for one that is
    /// in a cycle, leads into one, nests too deep or ends in an unknown type (reported once).
    var expansions: [String: ArrayTypeExpansion?] = [:]
    /// The types that are deprecated (``ResolvedDeprecation``): marked so in the spec, or unions with a
    /// deprecated alternative. Filled by ``findDeprecatedTypes()`` before anything is resolved.
    var deprecatedTypes: [String: ResolvedDeprecation] = [:]

    /// Resolves `document`. Returns `nil` in the first slot when there are errors.
    package static func resolve(_ document: SpecDocument) -> (ResolvedAPI?, [Diagnostic]) {
        var resolver = Resolver(document: document)
        let api = resolver.run()
        return (resolver.diagnostics.hasErrors ? nil : api, resolver.diagnostics.all)
    }

    private init(document: SpecDocument) {
        self.document = document
    }

    private mutating func run() -> ResolvedAPI {
        for type in document.types {
            if BuiltInTypes.reserved[type.name] != nil {
                diagnostics.error("'\(type.name)' is a system type; give this type another name", at: type.location)
            } else if let first = typesByName[type.name] {
                diagnostics.error(
                    "type '\(type.name)' is defined twice (first at line \(first.location.line), column \(first.location.column))",
                    at: type.location)
            } else {
                typesByName[type.name] = type
                if BuiltInTypes.values[type.name] != nil && !document.refersToTypesByID {
                    diagnostics.warning(
                        "the type '\(type.name)' takes the name of the built-in type \(type.name): in this spec '\(type.name)' means this type; rename it to use the built-in one",
                        at: type.location)
                }
            }
        }
        expandArrayTypes()
        findDeprecatedTypes()
        var requests: [ResolvedRequest] = []
        var rulesUsed: [Int: SourceLocation] = [:]
        for interface in document.interfaces {
            guard let request = resolveInterface(interface) else { continue }
            if (1...3).contains(request.response.rule), rulesUsed[request.response.rule] == nil {
                rulesUsed[request.response.rule] = request.location
            }
            requests.append(request)
        }
        if rulesUsed.count > 1 {
            let used = rulesUsed.keys.sorted().map { "\($0) (\(Self.ruleSummary[$0] ?? ""))" }.joined(separator: ", ")
            let location = rulesUsed.values.min() ?? SourceLocation(file: document.file, line: 1, column: 1)
            diagnostics.warning(
                "this API mixes response rules \(used); an app should stick to one of rules 1 to 3 for all interfaces",
                at: location)
        }
        var models: [ResolvedModel] = []
        var enums: [ResolvedEnum] = []
        var unions: [ResolvedUnion] = []
        for type in document.types where typesByName[type.name]?.location == type.location {
            switch type.kind {
            case .hash(let fields):
                let resolvedFields = resolveFields(fields, owner: "type '\(type.name)'")
                let additional = type.additionalProperties.flatMap {
                    resolveFields([$0], owner: "type '\(type.name)'").first
                }
                models.append(
                    ResolvedModel(
                        name: type.name, description: type.description, fields: resolvedFields, location: type.location,
                        isDeprecated: type.isDeprecated, notes: type.notes, additionalProperties: additional,
                        isInline: type.isInline))
            case .enumeration(let members):
                checkEnumMembers(members, of: type)
                enums.append(
                    ResolvedEnum(
                        name: type.name, description: type.description, members: members, location: type.location,
                        isClosed: type.isClosed, rawType: type.enumRawType, isDeprecated: type.isDeprecated,
                        notes: type.notes))
            case .array, .alias:
                // Marks the models it ends in as referenced; its own problems were reported once.
                _ = resolve(TypeRef(name: type.name, location: type.location))
            case .union(let union):
                unions.append(resolveUnion(union, of: type))
            }
        }
        markIndirectUnions(&unions)
        return ResolvedAPI(
            file: document.file, description: document.description,
            models: models.filter { isGenerated($0.name) }.sorted { $0.name < $1.name },
            enums: enums.sorted { $0.name < $1.name },
            requests: requests.sorted(by: ResolvedRequest.namingOrder),
            unions: unions.sorted { $0.name < $1.name },
            servers: document.servers, keepsFieldsOptional: document.keepsFieldsOptional,
            chosenTypeNames: Dictionary(
                document.types.compactMap { type in type.swiftName.map { (type.name, $0) } },
                uniquingKeysWith: { first, _ in first }))
    }

    /// Whether a model is generated: not a hidden type nobody references, not an envelope only used
    /// as one. Two specs of one target can both define `ResultData` this way.
    private func isGenerated(_ name: String) -> Bool {
        if typesByName[name]?.isHidden == true && !referencedHidden.contains(name) { return false }
        if envelopes.contains(name) && !referencedModels.contains(name) { return false }
        return true
    }

    private static let ruleSummary = [1: "one custom output", 2: "the ResultData envelope", 3: "an imported type"]

    // MARK: Types

    mutating func resolveFields(_ fields: [FieldDecl], owner: String) -> [ResolvedField] {
        fields.compactMap { field in
            guard let type = resolve(field.type) else { return nil }
            var format: DateFormat?
            if let own = field.dateFormat {
                if type.holdsDate {
                    format = own.format
                } else {
                    diagnostics.error(
                        "a date format applies only to a field whose type holds a Date (Date, [Date], [String: Date], ...); '\(field.name)' of \(owner) is \(field.type)",
                        at: own.location)
                }
            } else if type.holdsDate {
                format = document.dateFormat?.format
            }
            return ResolvedField(
                name: field.name, type: type, description: field.description, location: field.location,
                isRequired: field.isRequired, dateFormat: format, placement: field.placement,
                deprecation: field.isDeprecated ? .declared : deprecatedType(usedBy: field.type).map { .usesType($0) },
                defaultValue: field.defaultValue, access: field.access, isNullable: field.isNullable,
                isRequiredNullable: field.isRequiredNullable, swiftName: field.swiftName, notes: field.notes,
                sendsJSONText: field.sendsJSONText)
        }
    }

    /// The built-in type `name` stands for in this spec: none when the spec declares a type of that
    /// name (which takes over a value type's name, ``BuiltInTypes``).
    func builtIn(_ name: String) -> ResolvedType? {
        if let reserved = BuiltInTypes.reserved[name] { return reserved }
        guard typesByName[name] == nil else { return nil }
        return document.appTypes.contains(name) ? .app(name) : BuiltInTypes.values[name]
    }

    /// Resolves a reference; reports unknown names and arrays nested deeper than
    /// ``TypeRef/maxArrayDepth``. Named array types are followed through ``expansions``: no recursion,
    /// and each cycle was reported once by ``expandArrayTypes()``.
    mutating func resolve(_ reference: TypeRef) -> ResolvedType? {
        var target = reference
        var wrappers = reference.wrappers
        if let type = typesByName[reference.name] {
            switch type.kind {
            case .array, .alias:
                guard let expansion = expansions[type.name] ?? nil else { return nil }
                target = expansion.base
                wrappers += expansion.wrappers
            case .hash, .enumeration, .union:
                break
            }
        }
        let base: ResolvedType
        if let system = builtIn(target.name) {
            base = system
        } else if let type = typesByName[target.name] {
            switch type.kind {
            case .hash:
                base = .model(type.name)
                referencedModels.insert(type.name)
                if type.isHidden { referencedHidden.insert(type.name) }
            case .enumeration:
                base = .enumeration(type.name)
            case .union:
                base = .union(type.name)
            case .array, .alias:
                return nil  // never: an expansion ends in another kind of type
            }
        } else {
            diagnostics.error(unknownTypeMessage(target.name), at: target.location)
            return nil
        }
        guard wrappers.count <= TypeRef.maxArrayDepth else {
            diagnostics.error(
                TypeRef.tooDeepMessage("the type", depth: wrappers.count, hasMaps: wrappers.contains(.map)),
                at: reference.location)
            return nil
        }
        var resolved = base
        for wrapper in wrappers.reversed() {
            switch wrapper {
            case .array: resolved = .array(resolved)
            case .map: resolved = .map(resolved)
            }
        }
        return resolved
    }

    /// Follows every named array or alias type to the type it ends in, iteratively and once per type
    /// (linear in the number of types), filling ``expansions``. Reports each cycle once, at the element
    /// of its type declared first, listing at most ``cycleNamesShown`` names; a type that nests arrays
    /// deeper than ``TypeRef/maxArrayDepth`` once, at the first type past the limit; an unknown element
    /// type once.
    private mutating func expandArrayTypes() {
        for type in document.types where typesByName[type.name]?.location == type.location {
            guard expansions[type.name] == nil, Self.element(of: type) != nil else { continue }
            // Walk to a type already expanded, a type that is no array type, or back onto the path.
            var path: [TypeDecl] = []
            var onPath: [String: Int] = [:]
            var current = type
            var result: ArrayTypeExpansion?
            while true {
                onPath[current.name] = path.count
                path.append(current)
                guard let element = Self.element(of: current) else { break }
                guard let next = typesByName[element.name], Self.element(of: next) != nil else {
                    // The end of the chain: a system type, a model, an enumeration or an unknown name.
                    if builtIn(element.name) == nil && typesByName[element.name] == nil {
                        diagnostics.error(unknownTypeMessage(element.name), at: element.location)
                        result = nil
                    } else {
                        result = ArrayTypeExpansion(base: element, wrappers: [])
                    }
                    break
                }
                if let done = expansions[next.name] {
                    result = done
                    break
                }
                if let start = onPath[next.name] {
                    reportCycle(Array(path[start...]))
                    for member in path[start...] { expansions[member.name] = .some(nil) }
                    path.removeSubrange(start...)
                    result = nil
                    break
                }
                current = next
            }
            // Unwind: each type on the path wraps what its element stands for.
            for member in path.reversed() {
                if let inner = result {
                    let wrapped = Self.wrap(inner, in: member)
                    if wrapped.wrappers.count > TypeRef.maxArrayDepth, let element = Self.element(of: member) {
                        diagnostics.error(
                            TypeRef.tooDeepMessage(
                                "array type '\(member.name)'", depth: wrapped.wrappers.count,
                                hasMaps: wrapped.wrappers.contains(.map)),
                            at: element.location)
                        result = nil
                    } else {
                        result = wrapped
                    }
                }
                expansions[member.name] = .some(result)
            }
        }
    }

    /// How many names of a cycle its error lists before eliding the rest.
    static let cycleNamesShown = 8

    /// The number of arrays around `Variable` in `reference` (0 for `Variable`, 1 for `[Variable]`),
    /// following named array types; `nil` when it is not `Variable` in arrays only. Reports nothing:
    /// the field's own problems are reported with its type.
    private func variableArrayDepth(_ reference: TypeRef) -> Int? {
        var name = reference.name
        var wrappers = reference.wrappers
        if let type = typesByName[name] {
            switch type.kind {
            case .array, .alias:
                guard let expansion = expansions[name] ?? nil else { return nil }
                name = expansion.base.name
                wrappers += expansion.wrappers
            case .hash, .enumeration, .union:
                return nil
            }
        }
        guard name == "Variable", wrappers.allSatisfy({ $0 == .array }) else { return nil }
        return wrappers.count
    }

    /// One error for a cycle of array types, at the element of the member declared first.
    private mutating func reportCycle(_ members: [TypeDecl]) {
        guard let first = members.indices.min(by: { members[$0].location < members[$1].location }),
            let element = Self.element(of: members[first])
        else { return }
        let ordered = Array(members[first...] + members[..<first]).map(\.name)
        var shown = ordered.count <= Self.cycleNamesShown + 1 ? ordered : Array(ordered.prefix(Self.cycleNamesShown))
        if shown.count < ordered.count, let last = ordered.last { shown += ["…", last] }
        let count = ordered.count > Self.cycleNamesShown + 1 ? "; \(ordered.count) types" : ""
        diagnostics.error(
            "array type '\(ordered[0])' contains itself (\((shown + [ordered[0]]).joined(separator: " → "))\(count))",
            at: element.location)
    }

    /// The element of a named array or alias type; `nil` for other types.
    static func element(of type: TypeDecl) -> TypeRef? {
        switch type.kind {
        case .array(let element), .alias(let element): return element
        case .hash, .enumeration, .union: return nil
        }
    }

    /// What `type` stands for when its element stands for `inner`.
    private static func wrap(_ inner: ArrayTypeExpansion, in type: TypeDecl) -> ArrayTypeExpansion {
        guard let element = element(of: type) else { return inner }
        var own = element.wrappers
        if case .array = type.kind { own.insert(.array, at: 0) }
        return ArrayTypeExpansion(base: inner.base, wrappers: own + inner.wrappers)
    }

    /// Swift type names a spec may write by mistake, and the spec's name for each.
    private static let swiftSpellings = ["Double": "Number", "Float": "Number", "Int": "Integer", "Bool": "Boolean"]

    private func unknownTypeMessage(_ name: String) -> String {
        let candidates = Array(Set(BuiltInTypes.all.keys).union(typesByName.keys))
        var message = "unknown type '\(name)'"
        if let specName = Self.swiftSpellings[name] {
            message += "; a spec writes the Swift \(name) as '\(specName)'"
        } else if let suggestion = closestName(to: name, in: candidates) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; use a built-in type (\(BuiltInTypes.listed)) or a type defined in \"types\""
        }
        return message
    }

    private mutating func checkEnumMembers(_ members: [EnumMemberDecl], of type: TypeDecl) {
        var keys: Set<String> = []
        var values: Set<String> = []
        if members.isEmpty {
            diagnostics.warning("enumeration '\(type.name)' has no members", at: type.location)
        }
        for member in members {
            if !keys.insert(member.key).inserted {
                diagnostics.error(
                    "enumeration '\(type.name)' has two members with the key '\(member.key)'", at: member.location)
            }
            if !values.insert(member.value).inserted {
                diagnostics.error(
                    "enumeration '\(type.name)' has two members with the value \"\(member.value)\"", at: member.location
                )
            }
            if type.enumRawType == .integer, Int(member.value) == nil {
                diagnostics.error(
                    "the integer enumeration '\(type.name)' has the value \"\(member.value)\", which is not an integer that fits in 64 bits",
                    at: member.location)
            }
        }
    }

    // MARK: Interfaces

    private mutating func resolveInterface(_ interface: InterfaceDecl) -> ResolvedRequest? {
        let errorsBefore = diagnostics.all.count
        if !Self.methods.contains(interface.method) {
            diagnostics.error(
                "unsupported method '\(interface.method)'; use one of \(Self.methods.sorted().joined(separator: ", "))",
                at: interface.methodLocation)
        }
        if interface.path.isEmpty {
            diagnostics.error("the path is empty", at: interface.pathLocation)
        } else if let problem = Self.originProblem(inPath: interface.path) {
            diagnostics.error(
                "the path '\(interface.path)' \(problem) (send to another host with a per-request base URL)",
                at: interface.pathLocation)
        }
        var (className, derived) = Self.classNameAndOrigin(for: interface)
        derived = derived || interface.isDerivedName
        let title = interface.title ?? (derived && !interface.name.trimmingSpaces.isEmpty ? interface.name : nil)
        let template = PathTemplate(interface.path)
        for segment in template.oddSegments {
            diagnostics.warning(
                "the path segment '\(segment)' is not a path parameter (a parameter is a whole segment ':name' or '{name}'); it is sent literally: \(interface.method) \(template.shownAsSent)",
                at: interface.pathLocation)
        }

        // Inputs
        var inputs = ResolvedInputs.fields([])
        var inputNames: Set<String> = []
        switch interface.inputs {
        case .fields(let fields):
            let resolved = resolveFields(fields, owner: "interface '\(interface.name)'")
            inputNames = Set(resolved.map(\.name))
            let pathParameters = Self.pathParameters(in: interface.path)
            for parameter in pathParameters where !inputNames.contains(parameter) {
                diagnostics.error(
                    "the path has the parameter '\(parameter)' but the interface has no input named '\(parameter)'",
                    at: interface.pathLocation)
            }
            // A path parameter is always required: without it the path can't be filled.
            inputs = .fields(
                resolved.map { field in
                    var field = field
                    if pathParameters.contains(field.name) { field.isRequired = true }
                    return field
                })
        case .imported(let reference, _):
            if case .model(let name)? = resolve(reference), reference.wrappers.isEmpty {
                inputs = .imported(model: name, location: reference.location)
                if case .hash(let fields)? = typesByName[name]?.kind { inputNames = Set(fields.map(\.name)) }
            } else if builtIn(reference.name) != nil || typesByName[reference.name] != nil {
                diagnostics.error(
                    "an imported input must be one data type with fields; '\(reference)' is not", at: reference.location
                )
            }
        }

        // Headers
        var headers: [ResolvedHeader] = []
        var headerNames: Set<String> = []
        for header in interface.headers {
            if !headerNames.insert(header.name.lowercased()).inserted {
                diagnostics.error("the header '\(header.name)' is declared twice", at: header.location)
                continue
            }
            if header.value == nil {
                let property = Self.headerPropertyName(header.name)
                if inputNames.contains(property) {
                    diagnostics.error(
                        "the variable header '\(header.name)' becomes the property '\(property)', which clashes with the input of that name; rename the input",
                        at: header.location)
                }
            }
            headers.append(
                ResolvedHeader(
                    name: header.name, value: header.value, description: header.description, location: header.location))
        }

        let response = interface.response.map { resolveExactResponse($0, of: interface) } ?? resolveResponse(interface)
        let body = interface.body.flatMap { resolveBody($0) }
        let errorResponses = resolveErrorResponses(interface.errorResponses)
        if case .fields(let fields) = interface.inputs { checkPlacements(fields, of: interface) }
        let paging = interface.paging.flatMap { resolvePaging($0, of: interface, inputs: inputs, response: response) }
        guard
            diagnostics.all.count == errorsBefore
                || !diagnostics.all[errorsBefore...].contains(where: { $0.severity == .error })
        else { return nil }
        var request = ResolvedRequest(
            className: className, method: interface.method, path: interface.path, description: interface.description,
            title: title, isDerivedName: derived, inputs: inputs, headers: headers, response: response,
            location: interface.location)
        request.placesParameters = Self.placesParameters(interface)
        request.body = body
        request.errorResponses = errorResponses
        request.statusResponses = interface.statusResponses.map { status in
            ResolvedStatusResponse(
                status: status.status, response: resolveExactResponse(status.response, of: interface),
                accept: status.accept, description: status.description, location: status.location)
        }
        request.responseHeaders = interface.responseHeaders.compactMap { header in
            resolve(header.type).map { type in
                ResolvedResponseHeader(
                    name: header.name, type: type, description: header.description, statuses: header.statuses,
                    location: header.location)
            }
        }
        request.deprecation = deprecation(of: interface)
        request.security = securitySchemes(of: interface)
        request.accept = interface.accept
        request.successStatus = interface.successStatus
        request.operationID = interface.operationID
        request.responseExamples = interface.responseExamples
        if let stream = interface.stream, let element = resolve(stream.element) {
            request.stream = (stream.format, element)
        }
        request.baseURL = interface.baseURL
        request.paging = paging
        return request
    }

    /// The fields of a rule 2 envelope besides its payload whose types are built-in scalars (`code`,
    /// `message`), for mock answers. Other fields are left out: the envelope is not generated, and
    /// resolving its fields for every interface that uses it would repeat their diagnostics.
    private static func envelopeOutputs(_ fields: [FieldDecl], payload: String) -> [ResolvedField] {
        fields.compactMap { field in
            guard field.name != payload, field.type.wrappers.isEmpty, let type = BuiltInTypes.all[field.type.name],
                type != .variable
            else { return nil }
            var output = ResolvedField(
                name: field.name, type: type, description: field.description, location: field.location)
            output.defaultValue = field.defaultValue
            output.notes = field.notes
            return output
        }
    }

    /// The response rules 1 to 5 of `HTNetworking.docc/ResponseRules.md` (the table in its Overview).
    private mutating func resolveResponse(_ interface: InterfaceDecl) -> ResolvedResponse {
        switch interface.outputs {
        case .imported(let reference, let bindings):
            guard let type = typesByName[reference.name], case .hash(let fields) = type.kind,
                reference.wrappers.isEmpty
            else {
                if resolve(reference) != nil {
                    diagnostics.error(
                        "an imported output must be one data type with fields; '\(reference)' is not",
                        at: reference.location)
                }
                return ResolvedResponse(type: nil, keyPath: nil, rule: 5)
            }
            for (name, bound) in bindings.sorted(by: { $0.key < $1.key }) {
                guard let field = fields.first(where: { $0.name == name }) else {
                    diagnostics.error("'\(reference.name)' has no field '\(name)' to bind", at: bound.type.location)
                    continue
                }
                if variableArrayDepth(field.type) == nil {
                    diagnostics.error(
                        "only Variable and [Variable] fields can be bound; '\(reference.name).\(name)' is \(field.type)",
                        at: bound.type.location)
                }
            }
            let variables = fields.compactMap { field in variableArrayDepth(field.type).map { (field, $0) } }
            if variables.count == 1, let (variable, depth) = variables.first {
                // Rule 2: an envelope, its payload in its one Variable or [Variable] field.
                envelopes.insert(type.name)
                guard let bound = bindings[variable.name], var boundType = resolve(bound.type) else {
                    return ResolvedResponse(type: nil, keyPath: variable.name, rule: 2)
                }
                if bound.scope == .variable {
                    for _ in 0..<depth { boundType = .array(boundType) }
                    let nesting = boundType.nesting
                    if depth > 0, nesting.depth > TypeRef.maxArrayDepth {
                        diagnostics.error(
                            TypeRef.tooDeepMessage("the bound type", depth: nesting.depth, hasMaps: nesting.hasMaps),
                            at: bound.type.location)
                        return ResolvedResponse(type: nil, keyPath: variable.name, rule: 2)
                    }
                }
                var response = ResolvedResponse(
                    type: boundType.modelName != nil ? boundType : nil, keyPath: variable.name, rule: 2)
                response.outputs = Self.envelopeOutputs(fields, payload: variable.name)
                if response.type == nil {
                    // A payload of a built-in type reaches the caller as raw JSON; mock answers still
                    // write it, beside the envelope's fields.
                    response.outputs.append(
                        ResolvedField(
                            name: variable.name, type: boundType, description: variable.description,
                            location: variable.location))
                }
                return response
            }
            // Rule 3: another imported type.
            _ = resolve(reference)
            return ResolvedResponse(type: .model(type.name), keyPath: nil, rule: 3)
        case .fields(let fields):
            var custom: [(FieldDecl, ResolvedType)] = []
            var outputs: [ResolvedField] = []
            for field in fields {
                guard let type = resolve(field.type) else { continue }
                if type.modelName != nil { custom.append((field, type)) }
                var output = ResolvedField(
                    name: field.name, type: type, description: field.description, location: field.location)
                output.defaultValue = field.defaultValue
                output.notes = field.notes
                outputs.append(output)
            }
            if fields.count == 1, let (field, type) = custom.first {
                return ResolvedResponse(type: type, keyPath: field.name, rule: 1)
            }
            if fields.count > 1, custom.count == 1, let (field, type) = custom.first {
                diagnostics.warning(
                    "response rule 4: several outputs of which one ('\(field.name)') is a model; it works, but prefer a single output or an imported type",
                    at: field.location)
                var response = ResolvedResponse(type: type, keyPath: field.name, rule: 4)
                response.outputs = outputs
                return response
            }
            var response = ResolvedResponse(type: nil, keyPath: nil, rule: 5)
            response.outputs = outputs
            return response
        }
    }

    // MARK: Names

    /// The class name: `className`/`name` if it is a plain identifier, else the method and the path in
    /// camel case (`GET /api/progroups` → `GetApiProgroups`); `Request` is appended unless it already
    /// ends in `Request` or `Task`.
    static func className(for interface: InterfaceDecl) -> String {
        classNameAndOrigin(for: interface).name
    }

    /// The class name and whether it was derived from the method and path. The method is always part
    /// of a derived name, so that adding an interface on a path never renames the ones already there.
    static func classNameAndOrigin(for interface: InterfaceDecl) -> (name: String, derived: Bool) {
        var base = interface.name
        var derived = false
        if !isPlainName(base) {
            base = derivedClassNameBase(method: interface.method, path: interface.path)
            derived = true
        }
        base = base.replacingDollars
        if base.isEmpty { base = "Unnamed" }
        if let first = base.first, first.isLowercase { base = first.uppercased() + base.dropFirst() }
        if base.hasSuffix("Request") || base.hasSuffix("Task") { return (base, derived) }
        return (base + "Request", derived)
    }

    /// The class name of an interface without a usable name, before the `Request` suffix: the method and
    /// the path in camel case (`GET /api/progroups` → `GetApiProgroups`).
    static func derivedClassNameBase(method: String, path: String) -> String {
        SwiftNaming.upperCamel(method.lowercased(), path)
    }

    /// Whether an interface name can be its class name: ASCII letters, digits, `_` and `$`.
    static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$")
            }
    }

    /// The property name of a variable header: first letter lower-cased, `-x` becomes `X`
    /// (`Content-Type` → `contentType`).
    package static func headerPropertyName(_ header: String) -> String {
        var result = ""
        var upperNext = false
        for character in header {
            if character == "-" || character == "_" || character == " " {
                upperNext = !result.isEmpty
                continue
            }
            if result.isEmpty {
                result += character.lowercased()
            } else {
                result += upperNext ? character.uppercased() : String(character)
            }
            upperNext = false
        }
        return result
    }

    /// Why `path` would send a request away from the client's base URL, or `nil` when it cannot: a
    /// path that starts with `//` names a host (a network-path reference), and one the runtime reads as
    /// an absolute URL (it holds `://` anywhere, `PathTemplateRules.schemeSeparatorEnd(in:)`) replaces
    /// the base URL. Generated requests always go to the client's base URL (issue #35); a request that
    /// must go elsewhere gets a per-request base URL at the call.
    static func originProblem(inPath path: String) -> String? {
        if path.hasPrefix("//") {
            return "names a host; a path is relative to the client's base URL and starts with a single '/'"
        }
        if PathTemplateRules.schemeSeparatorEnd(in: Substring(path)) != nil {
            return "holds '://', so it would be sent as an absolute URL; a path is relative to the client's base URL"
        }
        return nil
    }

    /// The names of path parameters: `:name` and `{name}` segments before the fixed query (NEI's action
    /// marker: `/progroups/:id?changecreator` has the parameter `id`). See ``PathTemplate``.
    package static func pathParameters(in path: String) -> [String] {
        PathTemplate(path).parameters
    }
}

extension String {
    fileprivate var replacingDollars: String { String(unicodeScalars.filter { $0 != "$" }.map(Character.init)) }
}

/// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
func closestName(to name: String, in candidates: [String]) -> String? {
    let lowered = Array(name.lowercased())
    var best: (String, Int)?
    for candidate in candidates.sorted() {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        if distance <= max(1, lowered.count / 3), distance < (best?.1 ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best?.0
}

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
