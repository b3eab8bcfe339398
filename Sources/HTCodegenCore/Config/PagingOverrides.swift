/// The `paging` setting of `htcodegen.json`: how chosen requests are paged, whatever the spec says or
/// the NEI reader infers (``NEIPagingInference``); for an NEI export, which has no place to say it, and
/// for an interface the rule misses or gets wrong.
///
/// ```json
/// "paging": {
///   "GetProducts": { "pageNumber": "pageNo", "first": 0, "items": "result", "total": "total" },
///   "获取订单列表": { "offset": "offset", "items": "result" },
///   "SearchProducts": false
/// }
/// ```
///
/// - A key names interfaces as `fieldTypes` does: by `className` (or key), NEI `name`, OpenAPI
///   `operationId`, or the request's class name without the prefix (`GetProductsRequest`).
/// - A value is written as ``PagingSyntax`` says (the native spec's `"paging"`), or `false`: not paged.
/// - A key that matches no interface is a warning at the key; a paging input the interface does not
///   have is an error (at the input's name in the config).
package struct PagingOverrides: Sendable, Hashable {
    /// One setting.
    package struct Override: Sendable, Hashable {
        /// The key as written: the interface's name.
        package var key: String
        /// Where the key is.
        package var keyLocation: SourceLocation
        /// The paging; `nil` for `false` (not paged).
        package var paging: PagingDecl?
    }

    /// The settings, in file order.
    package var overrides: [Override] = []

    /// No settings.
    package init() {}

    /// Reads the value of `paging`. Every problem is reported at its position.
    static func read(_ node: JSONNode, into diagnostics: inout DiagnosticBag) -> PagingOverrides {
        var result = PagingOverrides()
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\"paging\" must be an object from request names to their paging, such as {\"GetProducts\": {\"pageNumber\": \"page\"}}, found \(node.kindName)",
                at: node.location)
            return result
        }
        for member in members {
            guard !member.key.trimmingSpaces.isEmpty else {
                diagnostics.error("a \"paging\" key must name an interface", at: member.keyLocation)
                continue
            }
            if case .bool(false) = member.value.value {
                result.overrides.append(Override(key: member.key, keyLocation: member.keyLocation, paging: nil))
                continue
            }
            guard
                let paging = PagingSyntax.read(
                    member.value, what: "the \"paging\" of '\(member.key)'", origin: .config, into: &diagnostics)
            else { continue }
            result.overrides.append(Override(key: member.key, keyLocation: member.keyLocation, paging: paging))
        }
        return result
    }

    /// What applying the settings to a spec gives.
    package struct Applied: Sendable {
        /// The spec with the interfaces' paging set.
        package var document: SpecDocument
        /// The keys that matched at least one interface.
        package var matchedKeys: Set<String>
    }

    /// Sets the paging of the interfaces of `document` the settings name (a later key wins).
    package func apply(to document: SpecDocument) -> Applied {
        var applied = Applied(document: document, matchedKeys: [])
        guard !overrides.isEmpty else { return applied }
        for index in applied.document.interfaces.indices {
            let interface = applied.document.interfaces[index]
            let names = Self.names(of: interface)
            for override in overrides where names.contains(override.key) {
                applied.matchedKeys.insert(override.key)
                applied.document.interfaces[index].paging = override.paging
            }
        }
        return applied
    }

    /// The names a key may give an interface by.
    static func names(of interface: InterfaceDecl) -> Set<String> {
        var names: Set<String> = [interface.name, Resolver.className(for: interface)]
        if let title = interface.title { names.insert(title) }
        if let id = interface.operationID { names.insert(id) }
        return names
    }

    /// A warning at each key that matched nothing in `matchedKeys` (gathered from every spec the
    /// settings apply to).
    package func unmatchedWarnings(matchedKeys: Set<String>) -> [Diagnostic] {
        overrides.filter { !matchedKeys.contains($0.key) }.map { override in
            Diagnostic(
                .warning,
                "the \"paging\" key '\(override.key)' matches nothing: no interface has that className, name or operationId",
                at: override.keyLocation)
        }
    }
}
