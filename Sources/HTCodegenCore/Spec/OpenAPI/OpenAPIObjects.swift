/// Object schemas to models: `properties` to fields, `required` to required fields (a name that is not a
/// property is a warning and ignored), `additionalProperties` (`true`, `{}` or a schema) beside them to
/// one more field that keeps the other keys (``TypeDecl/additionalProperties``), and `allOf` to
/// one model with the properties, `required` names and additional properties of all its parts merged
/// (references followed, each schema once, so a cycle of `allOf`s ends).
///
/// Additional properties of merged parts: the model keeps other keys when any part (or the schema
/// itself) allows them, typed by that part's schema; `additionalProperties: false` in another part does
/// not take them away (the model accepts any object the parts together describe). When parts allow
/// them with different schemas, the values are any JSON (`[String: HTJSON]`), with a warning.
extension OpenAPIReadContext {
    /// The merged shape of an object schema and its `allOf` parts.
    struct MergedObject {
        /// The properties, each with the file it is written in; a later part's property replaces an
        /// earlier one of the same name in place.
        var properties: [(member: JSONMember, file: Int, owner: String?)] = []
        var indexByName: [String: Int] = [:]
        /// The names listed in `required`, with where.
        var required: [(name: String, location: SourceLocation)] = []
        /// Each `additionalProperties` that allows other keys (`true` or a schema), with the file it
        /// is written in and the type that declares it (its inline schema is named after it), in merge
        /// order.
        var additionalProperties: [(member: JSONMember, file: Int, owner: String?)] = []

        /// The type that declares the properties being added (the referenced part's), when not the
        /// merged type itself: inline schemas of its properties are named after it.
        var owner: String?
        /// The alternative merged in place of a distributed union (``OpenAPIReadContext/Distribution``).
        var choice: Choice?

        /// One alternative of a distributed union, merged in its place.
        struct Choice {
            /// Where the union's `oneOf`/`anyOf` key is.
            var union: SourceLocation
            /// The alternative.
            var alternative: JSONNode
            /// The merged model: inline schemas of an inline alternative's properties are named after it.
            var owner: String
        }

        mutating func add(_ member: JSONMember, file: Int) {
            if let index = indexByName[member.key] {
                properties[index] = (member, file, owner)
            } else {
                indexByName[member.key] = properties.count
                properties.append((member, file, owner))
            }
        }
    }

    /// The fields of the model `typeName` that `schema` declares, and the field that keeps its other
    /// keys when it allows them (``TypeDecl/additionalProperties``).
    mutating func objectFields(
        _ schema: JSONNode, inFile file: Int, typeName: String, target: OpenAPIRefTarget? = nil,
        choice: MergedObject.Choice? = nil
    ) -> (fields: [FieldDecl], additionalProperties: FieldDecl?) {
        var merged = MergedObject()
        merged.choice = choice
        var visited: Set<OpenAPIRefTarget> = target.map { [$0] } ?? []
        merge(schema, inFile: file, into: &merged, visited: &visited, depth: 0)
        let required = Set(merged.required.map(\.name))
        var fields: [FieldDecl] = []
        for (member, memberFile, owner) in merged.properties {
            fields.append(
                field(
                    member, inFile: memberFile, typeName: owner ?? typeName, isRequired: required.contains(member.key)))
        }
        // A name in `required` that no property declares is the author's slip (Box requires `accessed`
        // beside `access`, a base schema requires what only its derived schemas declare): it is
        // ignored, so the model keeps its typed fields and accepts values that lack the name.
        var reported: Set<String> = []
        for (name, location) in merged.required where merged.indexByName[name] == nil && reported.insert(name).inserted
        {
            diagnostics.warning(
                "'\(typeName)' requires '\(name)', which is not one of its properties; the name is ignored",
                at: location)
        }
        return (fields, additionalPropertiesField(of: merged, typeName: typeName))
    }

    /// The field that keeps the keys of the model `typeName` beyond its properties, from the
    /// `additionalProperties` of its merged parts: `[String: T]` (T the type of the schema, an inline
    /// one named `<Owner>AdditionalProperty`), `[String: Variable]` for `true` and `{}`; `nil` when no
    /// part allows other keys. Parts that allow them with different schemas give `[String: Variable]`
    /// and a warning.
    mutating func additionalPropertiesField(of merged: MergedObject, typeName: String) -> FieldDecl? {
        guard let first = merged.additionalProperties.first else { return nil }
        // `true` and `{}` say the same.
        func canonicalShape(_ node: JSONNode) -> String {
            if case .object(let members) = node.value, !members.isEmpty { return Self.shape(of: node) }
            return "{}"
        }
        var chosen: (member: JSONMember, file: Int, owner: String?)? = first
        let firstShape = canonicalShape(first.member.value)
        if let other = merged.additionalProperties.first(where: { canonicalShape($0.member.value) != firstShape }) {
            diagnostics.warning(
                "'\(typeName)' allows other keys (additionalProperties) with different schemas in its allOf parts; their values are read as any JSON (Variable)",
                at: other.member.keyLocation)
            chosen = nil
        }
        var type = OpenAPISchemaType(ref: TypeRef(name: "Variable", location: first.member.keyLocation))
        var description: String?
        if let chosen, case .object(let members) = chosen.member.value.value, !members.isEmpty {
            let schema = chosen.member.value
            type = schemaType(
                schema, inFile: chosen.file,
                hint: OpenAPINaming.pascalCase(chosen.owner ?? typeName, "AdditionalProperty"))
            description = annotatedDescription(schema)
        }
        type.ref.wrappers.insert(.map, at: 0)
        type.ref.location = first.member.keyLocation
        return FieldDecl(
            name: "additionalProperties", location: first.member.keyLocation, type: type.ref,
            description: description, dateFormat: type.dateFormat)
    }

    /// The field for the property `member` of `typeName` (the type that declares it: inline schemas
    /// are named after it).
    mutating func field(_ member: JSONMember, inFile file: Int, typeName: String, isRequired: Bool) -> FieldDecl {
        let schema = member.value
        let type = schemaType(schema, inFile: file, hint: OpenAPINaming.pascalCase(typeName, member.key))
        var field = FieldDecl(
            name: member.key, location: member.keyLocation, type: type.ref,
            description: annotatedDescription(schema), isRequired: isRequired && !type.isNullable,
            dateFormat: type.dateFormat)
        field.swiftName = swiftName(of: schema, kind: "property")
        field.isNullable = type.isNullable
        field.isRequiredNullable = isRequired && type.isNullable
        applyFlags(of: schema, to: &field)
        field.notes = valueNotes(of: schema, withDefault: false)
        return field
    }

    /// `deprecated`, `default`, `readOnly` and `writeOnly` of `schema`, on `field`.
    func applyFlags(of schema: JSONNode, to field: inout FieldDecl) {
        field.isDeprecated = schema.bool("deprecated") == true
        field.defaultValue = annotatedDefault(schema)
        if schema.bool("readOnly") == true {
            field.access = .readOnly
        } else if schema.bool("writeOnly") == true {
            field.access = .writeOnly
        }
    }

    /// Adds the properties and `required` names of `schema` and its `allOf` parts to `merged`.
    mutating func merge(
        _ schema: JSONNode, inFile file: Int, into merged: inout MergedObject, visited: inout Set<OpenAPIRefTarget>,
        depth: Int
    ) {
        guard depth < 64 else {
            diagnostics.warning(
                "allOf nests more than 64 levels deep; the deeper parts are ignored", at: schema.location)
            return
        }
        if let reference = schema["$ref"]?.value {
            guard let target = target(of: reference, inFile: file), let node = node(at: target) else { return }
            guard visited.insert(target).inserted else {
                diagnostics.warning(
                    "this allOf part leads back to a schema already merged (a cycle); it adds nothing more",
                    at: reference.location)
                return
            }
            let outer = merged.owner
            merged.owner = typeName(of: target, node: node)
            merge(node, inFile: target.file, into: &merged, visited: &visited, depth: depth + 1)
            merged.owner = outer
            return
        }
        for part in schema["allOf"]?.value.arrayElements ?? [] {
            merge(part, inFile: file, into: &merged, visited: &visited, depth: depth + 1)
        }
        // The distributed union's one alternative of this model, merged after the properties beside it.
        var chosen: MergedObject.Choice?
        if let inner = nonNullAlternative(schema) {
            merge(inner, inFile: file, into: &merged, visited: &visited, depth: depth + 1)
        } else if let alternatives = (schema["oneOf"] ?? schema["anyOf"]), let choice = merged.choice,
            choice.union == alternatives.keyLocation
        {
            chosen = choice
        } else if let alternatives = (schema["oneOf"] ?? schema["anyOf"]),
            listsMerged(alternatives, inFile: file, visited: visited)
        {
            // A parent's list of its children, met while merging a child: nothing to merge.
        } else if depth > 0, let alternatives = (schema["oneOf"] ?? schema["anyOf"]),
            alternatives.value.arrayElements?.contains(where: { !isConstraintOnly($0) }) == true
        {
            diagnostics.warning(
                "\"\(alternatives.key)\" inside allOf is not merged (only one oneOf/anyOf whose alternatives are all objects is): the model has the properties of the other parts only",
                at: alternatives.keyLocation)
        } else if depth == 0, hasProperties(schema), let alternatives = (schema["oneOf"] ?? schema["anyOf"]),
            alternatives.value.arrayElements?.contains(where: { !isConstraintOnly($0) }) == true
        {
            diagnostics.warning(
                "\"\(alternatives.key)\" beside \"properties\" is not read (only one oneOf/anyOf whose alternatives are all objects is): the model has the listed properties only",
                at: alternatives.keyLocation)
        }
        for member in schema["properties"]?.value.objectMembers ?? [] {
            merged.add(member, file: file)
        }
        if let required = schema["required"]?.value {
            for name in required.arrayElements ?? [] {
                if let text = name.stringValue { merged.required.append((text, name.location)) }
            }
        }
        if let additional = schema["additionalProperties"] {
            switch additional.value.value {
            case .bool(true), .object: merged.additionalProperties.append((additional, file, merged.owner))
            default: break  // `false` (no other keys) or not a schema
            }
        }
        if let chosen {
            let outer = merged.owner
            if chosen.alternative["$ref"] == nil { merged.owner = chosen.owner }
            merge(chosen.alternative, inFile: file, into: &merged, visited: &visited, depth: depth + 1)
            merged.owner = outer
        }
    }

    /// Whether `schema` only constrains (`{required: [a]}`, `{not: ...}`) and declares no shape of its own.
    func isConstraintOnly(_ schema: JSONNode) -> Bool {
        let shaping: Set<String> = ["type", "properties", "$ref", "items", "enum", "allOf", "oneOf", "anyOf", "const"]
        return !(schema.objectMembers ?? []).contains { shaping.contains($0.key) }
    }

    /// The members of the enumeration `typeName`, with the raw type: each key is the value's text
    /// (`in-progress`, `200`; the renderer makes identifiers of them); `null` is left out.
    mutating func enumMembers(_ schema: JSONNode, typeName: String) -> ([EnumMemberDecl], TypeDecl.EnumRawType) {
        let rawType = OpenAPIScalars.enumRawType(schema) ?? .string
        var members: [EnumMemberDecl] = []
        var seen: Set<String> = []
        for value in OpenAPIScalars.enumValues(schema) ?? [] {
            let text: String
            switch value.value {
            case .string(let string): text = string
            case .number(let number): text = number
            default: continue
            }
            guard seen.insert(text).inserted else {
                diagnostics.warning(
                    "'\(typeName)' lists the value '\(text)' twice; the second is ignored", at: value.location)
                continue
            }
            var key = text
            if rawType == .integer, text.hasPrefix("-") { key = "minus" + text.dropFirst() }
            if key.isEmpty { key = "empty" }
            members.append(EnumMemberDecl(key: key, value: text, description: nil, location: value.location))
        }
        return (members, rawType)
    }
}
