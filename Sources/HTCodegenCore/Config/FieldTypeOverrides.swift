/// The `fieldTypes` setting of `htcodegen.json`: types chosen for fields whatever the spec says, so that
/// an NEI export, which only knows `Number` and `String`, can have `Decimal` prices, `Int64` ids and dates,
/// and an OpenAPI document's `Money` schema or `format: uuid` strings can be the app's own types.
///
/// ```json
/// "fieldTypes": {
///   "Product.price": "Decimal",
///   "*.id": "Int64",
///   "GetOrders.since": { "type": "Date", "format": "secondsSince1970" },
///   "Money": { "appType": "AppMoney" },
///   "format:uuid": "String"
/// }
/// ```
///
/// - A key is `Type.field` (a field of a data type), `Interface.input` (an input of an interface, by its
///   `className` or else its key, its NEI `name`, or its request's class name without the prefix), or `*.field`
///   (that field of every data type and that input of every interface; a `Type.field` key wins over it).
/// - A key without a dot (or `schema:Name`, for a name with dots) is a whole data type (an OpenAPI
///   schema): every reference to it is the override, and the type itself is not generated.
/// - `format:name` is every scalar an OpenAPI schema declares with that `format` (`format:uuid`,
///   `format:money`), also as array items, map values and the target of a named alias schema.
/// - A value is a type written as in a native spec (``TypeSyntax``), or an object with `type` and a
///   date `format` (``DateFormat``), or an object with `appType`: a type of the app's own, written as it
///   is (no prefix), which the app declares conforming to `HTJSONValueConvertible`.
/// - Field keys win over schema and format keys.
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
        /// The field or input name; for a schema or format key, the schema or the format.
        package var field: String
        /// What the key names.
        package var kind: Kind = .field
        /// Whether ``type`` is a type of the app's own (`appType`).
        package var isAppType = false
        /// The type (where it is written is where problems with it are reported).
        package var type: TypeRef
        /// The date format, when one is given.
        package var dateFormat: DateFormatDecl?
    }

    /// What an override's key names.
    package enum Kind: Sendable, Hashable {
        /// A field or an input (`Type.field`, `*.field`).
        case field
        /// A whole data type (`Money`, `schema:v1.Money`).
        case schema
        /// Every scalar of an OpenAPI `format` (`format:uuid`).
        case format
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
            let kind: Kind
            var owner: String?
            let field: String
            if member.key.hasPrefix("format:") || member.key.hasPrefix("schema:") {
                kind = member.key.hasPrefix("format:") ? .format : .schema
                field = String(member.key.dropFirst("format:".count))
            } else if let dot = member.key.lastIndex(of: ".") {
                kind = .field
                owner = String(member.key[..<dot])
                field = String(member.key[member.key.index(after: dot)...])
            } else {
                kind = .schema
                field = member.key
            }
            guard !field.isEmpty, owner?.isEmpty != true, !field.contains(" ") else {
                diagnostics.error(
                    "the \"fieldTypes\" key '\(member.key)' must be 'Type.field', 'Interface.input', '*.field', a data type ('Money', 'schema:v1.Money') or 'format:name'",
                    at: member.keyLocation)
                continue
            }
            var typeNode = member.value
            var format: DateFormatDecl?
            var isAppType = false
            if let fields = member.value.objectMembers {
                for unknown in fields where !["type", "format", "appType"].contains(unknown.key) {
                    diagnostics.error(
                        "unknown key '\(unknown.key)' in the override of '\(member.key)'; expected one of: type, format, appType",
                        at: unknown.keyLocation)
                }
                if let appType = member.value["appType"] {
                    guard member.value["type"] == nil, member.value["format"] == nil else {
                        diagnostics.error(
                            "the override of '\(member.key)' has \"appType\": it takes no \"type\" or \"format\"",
                            at: member.value.location)
                        continue
                    }
                    guard let name = appType.value.stringValue,
                        !name.isEmpty, SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name)
                    else {
                        diagnostics.error(
                            "\"appType\" must name a Swift type of the app's own, such as \"Money\"",
                            at: appType.value.location)
                        continue
                    }
                    isAppType = true
                    typeNode = appType.value
                } else if let type = member.value["type"] {
                    typeNode = type.value
                } else {
                    diagnostics.error(
                        "the override of '\(member.key)' needs \"type\", such as {\"type\": \"Date\", \"format\": \"iso8601\"}, or \"appType\"",
                        at: member.value.location)
                    continue
                }
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
                let type =
                    isAppType
                    ? TypeRef(name: text, location: typeNode.location)
                    : try TypeSyntax.parse(text, at: typeNode.location)
                result.overrides.append(
                    Override(
                        key: member.key, keyLocation: member.keyLocation, owner: owner == "*" ? nil : owner,
                        field: field, kind: kind, isAppType: isAppType, type: type, dateFormat: format))
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
        applied.document.appTypes.formUnion(overrides.filter(\.isAppType).map(\.type.name))
        applyWholeTypes(to: &applied)
        var specific: [String: [String: Override]] = [:]
        var wildcard: [String: Override] = [:]
        for override in overrides where override.kind == .field {
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

    /// Applies the schema and format overrides: every reference to an overridden data type or to a
    /// scalar of an overridden format becomes the override (its own arrays and maps kept around it),
    /// and the overridden data types are no longer declared.
    private func applyWholeTypes(to applied: inout Applied) {
        var schemas: [String: Override] = [:]
        var formats: [String: Override] = [:]
        for override in overrides {
            switch override.kind {
            case .schema: schemas[override.field] = override
            case .format: formats[override.field] = override
            case .field: break
            }
        }
        guard !schemas.isEmpty || !formats.isEmpty else { return }
        var matched: Set<String> = []
        let declared = Set(applied.document.types.map(\.name))
        for (name, override) in schemas where declared.contains(name) { matched.insert(override.key) }
        func replacement(for type: TypeRef) -> Override? {
            if let override = schemas[type.name] { return override }
            if let format = type.format, let override = formats[format] {
                matched.insert(override.key)
                return override
            }
            return nil
        }
        func rewrite(_ type: inout TypeRef) {
            guard let override = replacement(for: type) else { return }
            type = TypeRef(
                name: override.type.name, wrappers: type.wrappers + override.type.wrappers,
                location: override.type.location)
        }
        func rewrite(_ field: inout FieldDecl) {
            guard let override = replacement(for: field.type) else { return }
            rewrite(&field.type)
            if let format = override.dateFormat { field.dateFormat = format }
        }
        applied.document.types.removeAll { schemas[$0.name] != nil }
        applied.document.rewriteTypeReferences(field: rewrite, type: rewrite)
        applied.matchedKeys.formUnion(matched)
    }

    /// A warning at each key that matched nothing in `matchedKeys` (gathered from every spec the
    /// overrides apply to).
    package func unmatchedWarnings(matchedKeys: Set<String>) -> [Diagnostic] {
        overrides.filter { !matchedKeys.contains($0.key) }.map { override in
            if override.kind != .field {
                let what =
                    override.kind == .schema
                    ? "no data type is named '\(override.field)'" : "no schema has the format '\(override.field)'"
                return Diagnostic(
                    .warning, "the \"fieldTypes\" key '\(override.key)' matches nothing: \(what)",
                    at: override.keyLocation)
            }
            let what =
                override.owner == nil
                ? "no field of a data type and no input of an interface is named '\(override.field)'"
                : "'\(override.owner ?? "")' is no data type with a field '\(override.field)' and no interface with an input '\(override.field)'"
            return Diagnostic(
                .warning, "the \"fieldTypes\" key '\(override.key)' matches nothing: \(what)", at: override.keyLocation)
        }
    }
}

extension SpecDocument {
    /// Calls `field` on every field of a data type (its additional properties too) and every input and
    /// output of an interface, and `type` on every other type reference: array and alias elements,
    /// union alternatives, imported types and their bindings, bodies and responses.
    mutating func rewriteTypeReferences(field: (inout FieldDecl) -> Void, type: (inout TypeRef) -> Void) {
        func rewrite(_ parameters: inout ParametersDecl) {
            switch parameters {
            case .fields(var fields):
                for index in fields.indices { field(&fields[index]) }
                parameters = .fields(fields)
            case .imported(var imported, var bindings):
                type(&imported)
                for key in bindings.keys {
                    if var binding = bindings[key] {
                        type(&binding.type)
                        bindings[key] = binding
                    }
                }
                parameters = .imported(imported, bindings: bindings)
            }
        }
        for index in types.indices {
            if var additional = types[index].additionalProperties {
                field(&additional)
                types[index].additionalProperties = additional
            }
            switch types[index].kind {
            case .hash(var fields):
                for position in fields.indices { field(&fields[position]) }
                types[index].kind = .hash(fields)
            case .array(var element):
                type(&element)
                types[index].kind = .array(element)
            case .alias(var element):
                type(&element)
                types[index].kind = .alias(element)
            case .union(var union):
                for position in union.alternatives.indices { type(&union.alternatives[position].type) }
                types[index].kind = .union(union)
            case .enumeration:
                break
            }
        }
        for index in interfaces.indices {
            rewrite(&interfaces[index].inputs)
            rewrite(&interfaces[index].outputs)
            if var body = interfaces[index].body {
                if var bodyType = body.type {
                    type(&bodyType)
                    body.type = bodyType
                }
                for position in body.choices.indices {
                    guard var choiceType = body.choices[position].type else { continue }
                    type(&choiceType)
                    body.choices[position].type = choiceType
                }
                interfaces[index].body = body
            }
            if case .body(var response) = interfaces[index].response {
                type(&response)
                interfaces[index].response = .body(response)
            }
            for position in interfaces[index].errorResponses.indices {
                type(&interfaces[index].errorResponses[position].type)
            }
        }
    }
}
