/// Typed pages for NEI paging envelopes: an interface that imports an envelope such as
/// `ResultFragment {total: Number, result: [Variable]}` as its outputs and takes a page number or an
/// offset gets a ``PagingDecl`` (origin `inferred`), so its request conforms to `HTPagedRequest`.
///
/// The rule is narrow on purpose, since a wrong guess pages wrongly without an error (a missed page, or
/// pages that never end before the runtime's limit). An interface is paged when all of these hold:
///
/// - its outputs import a datatype whose only `Variable` field (the envelope's payload, response rule 2)
///   is an array in this interface: the items, its key path the field's name;
/// - that datatype has a field named `total` of type `Number`: the total number of items (its key path);
/// - exactly one of its inputs is named like a page number (`page`, `pageNo`, `pageNum`, `pageNumber`,
///   `pageIndex`, `currentPage`) or an offset (`offset`), ignoring case, `_` and `-` (`page_no`), and it
///   is a `Number` or a `String` (not an array) and no path parameter;
/// - for a page number, the first page is the input's NEI `defaultValue` when that is `0` or `1`, else
///   1 — except `pageIndex` and `currentPage`, often counted from 0: without a default of `0` or `1`
///   they are left alone.
///
/// What it cannot know: whether `total` counts items (the runtime's reading) or pages. An interface the
/// rule gets wrong, or misses, is set by the `paging` setting of `htcodegen.json` (``PagingOverrides``),
/// which wins over the rule; `false` there turns it off.
enum NEIPagingInference {
    /// Input names (lowered, without `_` and `-`) of a page number whose first page is 1 unless the
    /// input's default says 0.
    static let pageNumberNames: Set<String> = ["page", "pageno", "pagenum", "pagenumber"]
    /// Input names of a page number whose first page must be given by the input's default (0 or 1).
    static let zeroOrOnePageNames: Set<String> = ["pageindex", "currentpage"]
    /// Input names of an offset.
    static let offsetNames: Set<String> = ["offset"]
    /// The envelope's field of the total number of items.
    static let totalField = "total"

    /// An input name as the rule compares it: lowered, without `_` and `-`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Whether an input named `name` may be a page number or an offset (its default value is kept for
    /// the rule while reading).
    static func isCandidate(_ name: String) -> Bool {
        let name = normalized(name)
        return pageNumberNames.contains(name) || zeroOrOnePageNames.contains(name) || offsetNames.contains(name)
    }

    /// Sets the paging of every interface of `document` the rule recognises. `defaults` holds the NEI
    /// `defaultValue` of the candidate inputs, by where their names are written.
    static func apply(to document: inout SpecDocument, defaults: [SourceLocation: String]) {
        var fieldsByType: [String: [FieldDecl]] = [:]
        for type in document.types {
            if case .hash(let fields) = type.kind { fieldsByType[type.name] = fields }
        }
        for index in document.interfaces.indices {
            let interface = document.interfaces[index]
            guard interface.paging == nil,
                let paging = paging(of: interface, fieldsByType: fieldsByType, defaults: defaults)
            else { continue }
            document.interfaces[index].paging = paging
        }
    }

    /// The paging the rule gives `interface`, if any.
    private static func paging(
        of interface: InterfaceDecl, fieldsByType: [String: [FieldDecl]], defaults: [SourceLocation: String]
    ) -> PagingDecl? {
        guard case .imported(let envelope, let bindings) = interface.outputs, envelope.wrappers.isEmpty,
            let fields = fieldsByType[envelope.name]
        else { return nil }
        // The items: the one Variable field, an array in this interface.
        let variables = fields.filter { $0.type.name == "Variable" }
        guard variables.count == 1, let payload = variables.first, PagingSyntax.keyPathProblem(payload.name) == nil
        else { return nil }
        let payloadType = bindings[payload.name]?.type ?? payload.type
        guard payloadType.wrappers.first == .array else { return nil }
        // The total: a Number.
        guard
            fields.contains(where: {
                $0.name == totalField && $0.type.name == "Number" && $0.type.wrappers.isEmpty
            })
        else { return nil }
        // The page number or offset: exactly one input named so.
        guard case .fields(let inputs) = interface.inputs else { return nil }
        let candidates = inputs.filter { isCandidate($0.name) }
        guard candidates.count == 1, let input = candidates.first,
            ["Number", "String"].contains(input.type.name), input.type.wrappers.isEmpty,
            !Resolver.pathParameters(in: interface.path).contains(input.name)
        else { return nil }
        let name = normalized(input.name)
        let kind: PagingDecl.Kind
        if offsetNames.contains(name) {
            kind = .offset(parameter: input.name)
        } else {
            let given = defaults[input.location].map(\.trimmingSpaces).flatMap { Int($0) }.flatMap {
                (0...1).contains($0) ? $0 : nil
            }
            guard let first = given ?? (pageNumberNames.contains(name) ? 1 : nil) else { return nil }
            kind = .pageNumber(parameter: input.name, first: first)
        }
        return PagingDecl(
            kind, itemsKeyPath: payload.name, totalKeyPath: totalField, location: interface.location,
            parameterLocation: input.location, origin: .inferred)
    }
}
