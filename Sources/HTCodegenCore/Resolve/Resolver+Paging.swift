/// Checks an interface's paging (``PagingDecl``) against the interface, whoever declared it (the spec,
/// `htcodegen.json`, the NEI reader):
///
/// - the input the pages set (a cursor, page number or offset) must be one of the interface's inputs,
///   or a field of its imported input; an OpenAPI operation's must be a query parameter (the pages send
///   it in the query string, where the runtime puts the parameters of a placed request);
/// - that input must be a string or a number, which is what the pages send;
/// - page numbers and offsets count a page's items, so a response the spec says is one model (not an
///   array) with no `items` key path gets a warning: every page would count as the last.
extension Resolver {
    /// The paging of `interface`, checked; `nil` after an error (reported at the paging's position).
    mutating func resolvePaging(
        _ paging: PagingDecl, of interface: InterfaceDecl, inputs: ResolvedInputs, response: ResolvedResponse
    ) -> PagingDecl? {
        let placed = Self.placesParameters(interface)
        let what = placed ? "the operation '\(interface.name)'" : "interface '\(interface.name)'"
        if let parameter = paging.kind.parameter {
            switch inputs {
            case .fields(let fields):
                guard let field = fields.first(where: { $0.name == parameter }) else {
                    let names = fields.filter { !placed || Self.isQuery($0.placement) }.map(\.name)
                    let suggestion = closestName(to: parameter, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                    let kind = placed ? "query parameter" : "input"
                    diagnostics.error(
                        "the paging \(Self.role(of: paging.kind)) '\(parameter)' is no \(kind) of \(what)\(suggestion); the pages send it as a parameter, so declare it"
                            + (names.isEmpty
                                ? "" : " or name one of: \(names.sorted().joined(separator: ", "))"),
                        at: paging.parameterLocation)
                    return nil
                }
                if placed, !Self.isQuery(field.placement) {
                    diagnostics.error(
                        "the paging \(Self.role(of: paging.kind)) '\(parameter)' is a \(Self.placementName(field.placement)) parameter of \(what); it must be a query parameter (in: query), where the pages send it",
                        at: paging.parameterLocation)
                    return nil
                }
                if !Self.isPagingValue(field.type) {
                    diagnostics.error(
                        "the paging \(Self.role(of: paging.kind)) '\(parameter)' of \(what) must be a string or a number, which is what the pages send; it is \(Self.typeName(field.type))",
                        at: paging.parameterLocation)
                    return nil
                }
            case .imported(let model, _):
                guard case .hash(let fields)? = typesByName[model]?.kind else { return nil }
                guard fields.contains(where: { $0.name == parameter }) else {
                    let suggestion =
                        closestName(to: parameter, in: fields.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.error(
                        "the paging \(Self.role(of: paging.kind)) '\(parameter)' is no field of '\(model)', the imported input of \(what)\(suggestion)",
                        at: paging.parameterLocation)
                    return nil
                }
            }
        }
        switch paging.kind {
        case .pageNumber, .offset:
            // Pages are counted by their items: a single model is never a page's items.
            if paging.itemsKeyPath == nil, let type = response.type, !Self.isArray(type) {
                diagnostics.warning(
                    "page numbers and offsets count each page's items, but the response of \(what) is \(Self.typeName(type)), not an array; say where the items are with \"items\" (a key path), or the first page is the last",
                    at: paging.location)
            } else if paging.itemsKeyPath == nil, response.isEmpty {
                diagnostics.warning(
                    "page numbers and offsets count each page's items, but \(what) has no response body; the first page is the last",
                    at: paging.location)
            }
        case .cursor, .linkHeader:
            break
        }
        return paging
    }

    /// What the input is to the pages, for messages.
    private static func role(of kind: PagingDecl.Kind) -> String {
        switch kind {
        case .cursor: return "cursor parameter"
        case .pageNumber: return "page-number parameter"
        case .offset: return "offset parameter"
        case .linkHeader: return "parameter"
        }
    }

    private static func isQuery(_ placement: ParameterPlacement) -> Bool {
        if case .query = placement { return true }
        return false
    }

    private static func placementName(_ placement: ParameterPlacement) -> String {
        switch placement {
        case .path, .styledPath: return "path"
        case .header: return "header"
        case .cookie: return "cookie"
        case .query, .automatic: return "query"
        }
    }

    /// A string or a number: what a cursor, a page number and an offset are.
    private static func isPagingValue(_ type: ResolvedType) -> Bool {
        switch type {
        case .string, .number, .integer, .int32, .int64, .uint64, .decimal, .variable: return true
        default: return false
        }
    }

    private static func isArray(_ type: ResolvedType) -> Bool {
        if case .array = type { return true }
        return false
    }

    /// A type for a message.
    private static func typeName(_ type: ResolvedType) -> String {
        switch type {
        case .model(let name): return "the model '\(name)'"
        case .enumeration(let name): return "the enumeration '\(name)'"
        case .union(let name): return "the union '\(name)'"
        case .app(let name): return "the app's type '\(name)'"
        case .array: return "an array"
        case .map: return "a map"
        case .boolean: return "a Boolean"
        case .date: return "a Date"
        case .url: return "a URL"
        case .uuid: return "a UUID"
        case .data: return "Data"
        default: return "a scalar"
        }
    }
}
