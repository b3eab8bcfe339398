/// What the resolver does with what only OpenAPI documents say: unions, deprecation, exact responses,
/// request bodies, error responses, parameter placement and security. Native specs and NEI exports set
/// none of it, so none of it changes what they generate.
extension Resolver {
    // MARK: Deprecation

    /// Fills ``deprecatedTypes``: every type the spec marks deprecated, then every union with an
    /// alternative that uses a deprecated type, until no more union changes (a union of such unions is
    /// deprecated too).
    mutating func findDeprecatedTypes() {
        for type in document.types where type.isDeprecated && typesByName[type.name]?.location == type.location {
            deprecatedTypes[type.name] = .declared
        }
        var unions: [(TypeDecl, UnionDecl)] = []
        for type in document.types where typesByName[type.name]?.location == type.location {
            if case .union(let union) = type.kind, deprecatedTypes[type.name] == nil { unions.append((type, union)) }
        }
        var changed = !deprecatedTypes.isEmpty
        while changed {
            changed = false
            for (type, union) in unions where deprecatedTypes[type.name] == nil {
                for alternative in union.alternatives {
                    guard let used = deprecatedType(usedBy: alternative.type) else { continue }
                    deprecatedTypes[type.name] = .usesType(used)
                    changed = true
                    break
                }
            }
        }
    }

    /// The deprecated type `reference` uses, by spec name: the type it names, or the type a named array
    /// or alias type it names ends in; `nil` when neither is deprecated.
    func deprecatedType(usedBy reference: TypeRef) -> String? {
        guard !deprecatedTypes.isEmpty else { return nil }
        if deprecatedTypes[reference.name] != nil { return reference.name }
        if let type = typesByName[reference.name], Self.element(of: type) != nil,
            let expansion = expansions[type.name] ?? nil, deprecatedTypes[expansion.base.name] != nil
        {
            return expansion.base.name
        }
        return nil
    }

    /// Why an interface is deprecated: marked so, or it sends or returns a deprecated type (an input of
    /// that type, its body, its response or an error response). A deprecated input alone makes only
    /// that input deprecated.
    func deprecation(of interface: InterfaceDecl) -> ResolvedDeprecation? {
        if interface.isDeprecated { return .declared }
        guard !deprecatedTypes.isEmpty else { return nil }
        var references: [TypeRef] = []
        switch interface.inputs {
        case .fields(let fields): references += fields.map(\.type)
        case .imported(let reference, _): references.append(reference)
        }
        if let type = interface.body?.type { references.append(type) }
        references += (interface.body?.choices ?? []).compactMap(\.type)
        if case .body(let type)? = interface.response { references.append(type) }
        references += interface.errorResponses.map(\.type)
        for status in interface.statusResponses {
            if case .body(let type) = status.response { references.append(type) }
        }
        if interface.response == nil, case .imported(let reference, _) = interface.outputs {
            references.append(reference)
        }
        for reference in references {
            if let used = deprecatedType(usedBy: reference) { return .usesType(used) }
        }
        return nil
    }

    // MARK: Unions

    /// A union's alternatives resolved (an unknown type is an error at the alternative). A discriminator
    /// value that an earlier alternative already has is dropped from the later one, with a warning.
    mutating func resolveUnion(_ union: UnionDecl, of type: TypeDecl) -> ResolvedUnion {
        var alternatives: [ResolvedUnion.Alternative] = []
        var values: [String: String] = [:]
        if union.alternatives.isEmpty {
            diagnostics.warning(
                "the union '\(type.name)' has no alternatives; every value is kept as raw JSON (its `unknown` case)",
                at: type.location)
        }
        for alternative in union.alternatives {
            guard let resolved = resolve(alternative.type) else { continue }
            var own: [String] = []
            if union.discriminator != nil {
                for value in alternative.discriminatorValues {
                    if let first = values[value] {
                        diagnostics.warning(
                            "the discriminator value \"\(value)\" already selects the alternative '\(first)' of the union '\(type.name)'; it is ignored here",
                            at: alternative.location)
                        continue
                    }
                    values[value] = alternative.name
                    own.append(value)
                }
            }
            alternatives.append(
                ResolvedUnion.Alternative(
                    name: alternative.name, type: resolved, discriminatorValues: own, location: alternative.location))
        }
        return ResolvedUnion(
            name: type.name, description: type.description, alternatives: alternatives,
            discriminator: union.discriminator, location: type.location, deprecation: deprecatedTypes[type.name],
            notes: type.notes)
    }

    /// Marks the unions that contain themselves through unions alone (an alternative that is exactly
    /// another union, with no array, map or model in between): a Swift enum needs `indirect` for that.
    func markIndirectUnions(_ unions: inout [ResolvedUnion]) {
        var edges: [String: [String]] = [:]
        for union in unions {
            for alternative in union.alternatives {
                if case .union(let other) = alternative.type { edges[union.name, default: []].append(other) }
            }
        }
        guard !edges.isEmpty else { return }
        for index in unions.indices {
            let start = unions[index].name
            var seen: Set<String> = []
            var stack = edges[start] ?? []
            while let next = stack.popLast() {
                if next == start {
                    unions[index].isIndirect = true
                    break
                }
                if seen.insert(next).inserted { stack += edges[next] ?? [] }
            }
        }
    }

    // MARK: Requests

    /// Whether an interface says where every input goes (an OpenAPI operation): it has a stated body,
    /// response or error responses, or an input with a placement.
    static func placesParameters(_ interface: InterfaceDecl) -> Bool {
        if interface.body != nil || interface.response != nil || !interface.errorResponses.isEmpty { return true }
        guard case .fields(let fields) = interface.inputs else { return false }
        return fields.contains { $0.placement != .automatic }
    }

    /// A response the spec states exactly: the whole body is the type, with no key path (rule 0).
    mutating func resolveExactResponse(_ response: ResponseDecl, of interface: InterfaceDecl) -> ResolvedResponse {
        switch response {
        case .body(let reference):
            return ResolvedResponse(type: resolve(reference), keyPath: nil, rule: 0)
        case .untypedJSON:
            return ResolvedResponse(type: nil, keyPath: nil, rule: 0)
        case .empty:
            return ResolvedResponse(type: nil, keyPath: nil, rule: 0, isEmpty: true)
        }
    }

    /// A request body: `Data` for raw bytes, `HTJSON` for a JSON body without a schema, else its type.
    mutating func resolveBody(_ body: RequestBodyDecl) -> ResolvedBody? {
        guard let type = resolveBodyType(body.encoding, body.type) else { return nil }
        var resolved = ResolvedBody(
            encoding: body.encoding, type: type, isRequired: body.isRequired, description: body.description,
            location: body.location)
        for choice in body.choices {
            guard let type = resolveBodyType(choice.encoding, choice.type) else { return nil }
            resolved.choices.append(
                ResolvedBodyChoice(
                    name: choice.name, mediaType: choice.mediaType, encoding: choice.encoding, type: type,
                    location: choice.location))
        }
        return resolved
    }

    /// The type of a body (or of one of its choices) written as `encoding`.
    private mutating func resolveBodyType(_ encoding: RequestBodyDecl.Encoding, _ reference: TypeRef?)
        -> ResolvedType?
    {
        if case .binary = encoding { return .data }
        guard let reference else { return .variable }
        return resolve(reference)
    }

    /// The error responses in status order (codes, ranges, `default`); a status documented twice keeps
    /// the first, with a warning at the second. A range other than 4XX or 5XX (only those are errors) is
    /// left out with a warning.
    mutating func resolveErrorResponses(_ responses: [ErrorResponseDecl]) -> [ResolvedErrorResponse] {
        var result: [ResolvedErrorResponse] = []
        var seen: [ErrorResponseDecl.Status: SourceLocation] = [:]
        for response in responses {
            if case .range(let digit) = response.status, digit != 4 && digit != 5 {
                diagnostics.warning(
                    "the response \(digit)XX is no error response (only 4XX and 5XX are); it is not decoded as one",
                    at: response.location)
                continue
            }
            if let first = seen[response.status] {
                diagnostics.warning(
                    "this error status is already documented at line \(first.line), column \(first.column); this response is ignored",
                    at: response.location)
                continue
            }
            seen[response.status] = response.location
            guard let type = resolve(response.type) else { continue }
            result.append(
                ResolvedErrorResponse(
                    status: response.status, type: type, description: response.description, location: response.location)
            )
        }
        return result.sorted { $0.status < $1.status }
    }

    /// Warns about a path input that is not in the path: it would be sent in the query instead.
    mutating func checkPlacements(_ fields: [FieldDecl], of interface: InterfaceDecl) {
        guard fields.contains(where: { $0.placement.isPath }) else { return }
        let parameters = Set(Self.pathParameters(in: interface.path))
        for field in fields where field.placement.isPath && !parameters.contains(field.name) {
            diagnostics.warning(
                "the path parameter '\(field.name)' is not in the path '\(interface.path)'; it is sent in the query string",
                at: field.location)
        }
    }

    /// The security requirements of an interface with its schemes as the spec declares them; a name the
    /// spec does not declare is kept with an empty summary, as a scheme the client cannot add.
    func securitySchemes(of interface: InterfaceDecl) -> [[SecuritySchemeDecl]]? {
        interface.security?.map { requirement in
            requirement.map { name in
                document.securitySchemes.first { $0.name == name }
                    ?? SecuritySchemeDecl(name: name, summary: "", location: interface.location)
            }
        }
    }
}
