/// The `fieldTypes` setting of `htcodegen.json`: types chosen for fields whatever the spec says, so that
/// an NEI export, which only knows `Number` and `String`, can have `Decimal` prices, `Int64` ids and dates.
///
/// ```json
/// "fieldTypes": {
///   "Product.price": "Decimal",
///   "*.id": "Int64",
///   "GetOrders.since": { "type": "Date", "format": "secondsSince1970" }
/// }
/// ```
///
/// - A key is `Type.field` (a field of a data type), `Interface.input` (an input of an interface, by its
///   `className` or else its key, its NEI `name`, or its request's class name without the prefix), or `*.field`
///   (that field of every data type and that input of every interface; a `Type.field` key wins over it).
/// - A value is a type written as in a native spec (``TypeSyntax``), or an object with `type` and a
///   date `format` (``DateFormat``).
/// - The override takes the place of the type's name and keeps the field's own arrays: an NEI field with
///   `isArray` (`[Number]`) overridden with `Decimal` is `[Decimal]`. A field whose type is a named
///   array type is overridden whole (`"[Int64]"` for an array).
///
/// A key that matches nothing is a warning at the key; an unknown type is an error at the value.
package struct FieldTypeOverrides: Sendable, Hashable {
    /// One override.
    package struct Override: Sendable, Hashable {
        /// The key as written: `Product.price`.
        package var key: String
        /// Where the key is.
        package var keyLocation: SourceLocation
        /// The data type or interface, or `nil` for `*` (every one).
        package var owner: String?
        /// The field or input name.
        package var field: String
        /// The type (where it is written is where problems with it are reported).
        package var type: TypeRef
        /// The date format, when one is given.
        package var dateFormat: DateFormatDecl?
    }

    /// The overrides, in file order.
    package var overrides: [Override] = []

    /// No overrides.
    package init() {}

    /// Reads the value of `fieldTypes`. Every problem is reported at its position.
    static func read(_ node: JSONNode, into diagnostics: inout DiagnosticBag) -> FieldTypeOverrides {
        var result = FieldTypeOverrides()
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\"fieldTypes\" must be an object such as {\"Product.price\": \"Decimal\"}, found \(node.kindName)",
                at: node.location)
            return result
        }
        for member in members {
            guard let dot = member.key.lastIndex(of: "."), dot != member.key.startIndex,
                member.key.index(after: dot) != member.key.endIndex
            else {
                diagnostics.error(
                    "the \"fieldTypes\" key '\(member.key)' must be 'Type.field', 'Interface.input' or '*.field'",
                    at: member.keyLocation)
                continue
            }
            let owner = String(member.key[..<dot])
            let field = String(member.key[member.key.index(after: dot)...])
            var typeNode = member.value
            var format: DateFormatDecl?
            if let fields = member.value.objectMembers {
                for unknown in fields where unknown.key != "type" && unknown.key != "format" {
                    diagnostics.error(
                        "unknown key '\(unknown.key)' in the override of '\(member.key)'; expected one of: type, format",
                        at: unknown.keyLocation)
                }
                guard let type = member.value["type"] else {
                    diagnostics.error(
                        "the override of '\(member.key)' needs \"type\", such as {\"type\": \"Date\", \"format\": \"iso8601\"}",
                        at: member.value.location)
                    continue
                }
                typeNode = type.value
                if let formatMember = member.value["format"] {
                    format = DateFormat.read(formatMember.value, what: "\"format\"", into: &diagnostics)
                    if format == nil { continue }
                }
            }
            guard let text = typeNode.stringValue else {
                diagnostics.error(
                    "the override of '\(member.key)' must be a type such as \"Decimal\" or an object such as {\"type\": \"Date\", \"format\": \"iso8601\"}, found \(typeNode.kindName)",
                    at: typeNode.location)
                continue
            }
            do {
                let type = try TypeSyntax.parse(text, at: typeNode.location)
                result.overrides.append(
                    Override(
                        key: member.key, keyLocation: member.keyLocation, owner: owner == "*" ? nil : owner,
                        field: field, type: type, dateFormat: format))
            } catch {
                diagnostics.error(error.message, at: typeNode.location)
            }
        }
        return result
    }

    /// What applying the overrides to a spec gives.
    package struct Applied: Sendable {
        /// The spec with the overridden field types.
        package var document: SpecDocument
        /// The keys that matched at least one field or input.
        package var matchedKeys: Set<String>
        /// Warnings about the overrides (a type name the spec's own type takes over).
        package var diagnostics: [Diagnostic]
    }

    /// Applies the overrides to the data-type fields and interface inputs of `document`.
    package func apply(to document: SpecDocument) -> Applied {
        var applied = Applied(document: document, matchedKeys: [], diagnostics: [])
        guard !overrides.isEmpty else { return applied }
        var specific: [String: [String: Override]] = [:]
        var wildcard: [String: Override] = [:]
        for override in overrides {
            if let owner = override.owner {
                specific[owner, default: [:]][override.field] = override
            } else {
                wildcard[override.field] = override
            }
        }
        func overridden(_ fields: [FieldDecl], owners: [String]) -> [FieldDecl] {
            let own = owners.compactMap { specific[$0] }
            return fields.map { field in
                guard let override = own.lazy.compactMap({ $0[field.name] }).first ?? wildcard[field.name] else {
                    return field
                }
                applied.matchedKeys.insert(override.key)
                var field = field
                field.type = TypeRef(
                    name: override.type.name, wrappers: field.type.wrappers + override.type.wrappers,
                    location: override.type.location)
                if let format = override.dateFormat { field.dateFormat = format }
                return field
            }
        }
        for index in applied.document.types.indices {
            let type = applied.document.types[index]
            if case .hash(let fields) = type.kind {
                applied.document.types[index].kind = .hash(overridden(fields, owners: [type.name]))
            }
        }
        for index in applied.document.interfaces.indices {
            let interface = applied.document.interfaces[index]
            guard case .fields(let fields) = interface.inputs else { continue }
            var owners = [interface.name, Resolver.className(for: interface)]
            if let title = interface.title { owners.append(title) }
            applied.document.interfaces[index].inputs = .fields(overridden(fields, owners: owners))
        }
        // A value type's name that the spec declares a type of names that type (``BuiltInTypes``).
        let declared = Set(document.types.map(\.name))
        for override in overrides
        where applied.matchedKeys.contains(override.key) && BuiltInTypes.values[override.type.name] != nil
            && declared.contains(override.type.name)
        {
            applied.diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(override.type.name)' names the spec's own type '\(override.type.name)' here, not the built-in \(override.type.name)",
                    at: override.type.location))
        }
        return applied
    }

    /// A warning at each key that matched nothing in `matchedKeys` (gathered from every spec the
    /// overrides apply to).
    package func unmatchedWarnings(matchedKeys: Set<String>) -> [Diagnostic] {
        overrides.filter { !matchedKeys.contains($0.key) }.map { override in
            let what =
                override.owner == nil
                ? "no field of a data type and no input of an interface is named '\(override.field)'"
                : "'\(override.owner ?? "")' is no data type with a field '\(override.field)' and no interface with an input '\(override.field)'"
            return Diagnostic(
                .warning, "the \"fieldTypes\" key '\(override.key)' matches nothing: \(what)", at: override.keyLocation)
        }
    }
}
