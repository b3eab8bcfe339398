/// The type a schema stands for where it is used.
struct OpenAPISchemaType {
    /// The type.
    var ref: TypeRef
    /// Whether `null` is allowed (3.0 `nullable`, a 3.1 type array with `"null"`, `anyOf: [X, null]`):
    /// such a field is never a non-optional one.
    var isNullable = false
    /// How a `Date` is written when the schema says `format: date` (a calendar date, not a date-time).
    var dateFormat: DateFormatDecl?
}

/// Schemas to types: how each schema becomes a reference to a built-in type, a named type (a
/// reference, or an inline schema declared under a name from where it sits), or an array or map of one.
///
/// - `$ref` → the named schema's type (declared once, ``OpenAPIReadContext/typeName(of:node:)``);
/// - `nullable: true`, `type: [X, "null"]`, `anyOf`/`oneOf: [X, {type: "null"}]` → X, nullable;
/// - an object with `properties`, `allOf` (merged), `oneOf`/`anyOf` (a union), a string or integer
///   `enum` → a type of its own;
/// - `additionalProperties` alone → `[String: T]`; `type: array` → `[T]` (a 3.1 tuple, `prefixItems`:
///   ``tupleType(_:prefixItems:inFile:hint:)``); a 3.1 type array of several types → a union;
/// - scalars by `type` and `format` (``OpenAPIScalars``); anything else → `Variable` (any JSON).
extension OpenAPIReadContext {
    /// The type of `schema` (in file `file`), naming an inline type `hint` when one is needed.
    mutating func schemaType(_ schema: JSONNode, inFile file: Int, hint: String) -> OpenAPISchemaType {
        let variable = OpenAPISchemaType(ref: TypeRef(name: "Variable", location: schema.location))
        switch schema.value {
        case .bool: return variable  // 3.1: `true` accepts anything; `false` nothing.
        case .object: break
        default:
            diagnostics.warning(
                "a schema must be an object, found \(schema.kindName); the value is read as any JSON (Variable)",
                at: schema.location)
            return variable
        }
        if let reference = schema["$ref"]?.value {
            return referencedType(reference, inFile: file)
        }
        if let dynamic = schema["$recursiveRef"] ?? schema["$dynamicRef"] {
            let text = dynamic.value.stringValue ?? ""
            // `#/...` is a plain pointer; `#` or an anchor (`#node`) names the enclosing schema.
            if text.hasPrefix("#/") { return referencedType(dynamic.value, inFile: file) }
            if let name = currentSchemaName, text.hasPrefix("#") {
                return OpenAPISchemaType(ref: TypeRef(name: name, location: dynamic.value.location))
            }
            diagnostics.warning(
                "\"\(dynamic.key)\" outside a component schema is not followed; the value is read as any JSON (Variable)",
                at: dynamic.keyLocation)
            return variable
        }
        if let inner = nonNullAlternative(schema) {
            var type = schemaType(inner, inFile: file, hint: hint)
            type.isNullable = true
            return type
        }
        let nullable = isNullable(schema)
        if let kind = declaredKind(schema) {
            // An inline schema reached again (a property of an allOf part, merged into several
            // models) is the type declared the first time.
            if let name = inlineTypeNames[schema.location] {
                return OpenAPISchemaType(ref: TypeRef(name: name, location: schema.location), isNullable: nullable)
            }
            let name = claimTypeName(hint, what: "this inline schema", at: schema.location)
            inlineTypeNames[schema.location] = name
            declare(schema, inFile: file, name: name, location: schema.location, kind: kind, isInline: true)
            return OpenAPISchemaType(ref: TypeRef(name: name, location: schema.location), isNullable: nullable)
        }
        // `allOf` of one part, maybe with parts that only annotate it (`[{$ref: X}, {description: ...}]`):
        // that part's type.
        if let parts = schema["allOf"]?.value.arrayElements {
            let shaping = parts.filter { !isAnnotationOnly($0) }
            if shaping.count == 1, let only = shaping.first {
                var type = schemaType(only, inFile: file, hint: hint)
                type.isNullable =
                    type.isNullable || nullable || parts.contains { isAnnotationOnly($0) && isNullable($0) }
                return type
            }
        }
        var type = valueType(schema, inFile: file, hint: hint)
        type.isNullable = type.isNullable || nullable
        return type
    }

    /// The type a `$ref` stands for.
    mutating func referencedType(_ reference: JSONNode, inFile file: Int) -> OpenAPISchemaType {
        guard let target = target(of: reference, inFile: file), let node = node(at: target) else {
            return OpenAPISchemaType(ref: TypeRef(name: "Variable", location: reference.location))
        }
        let name = typeName(of: target, node: node)
        var type = OpenAPISchemaType(ref: TypeRef(name: name, location: reference.location))
        // A named calendar date (`Day: {type: string, format: date}`) keeps its format where it is used.
        if node.string("format") == "date", declaredKind(node) == nil, OpenAPIScalars.types(of: node) == ["string"] {
            type.dateFormat = DateFormatDecl(format: .dateOnly, location: reference.location)
        }
        type.isNullable = isNullable(node) || nonNullAlternative(node) != nil
        return type
    }

    /// What kind of type `schema` needs a declaration of its own as, or `nil` when it is a built-in
    /// type, an array or a map (``valueType(_:inFile:hint:)``).
    enum DeclaredKind {
        case object, allOf, union, enumeration
    }

    /// The kind of declaration `schema` needs (it is an object, not a reference, not a nullable wrapper).
    func declaredKind(_ schema: JSONNode) -> DeclaredKind? {
        if let parts = schema["allOf"]?.value.arrayElements {
            if parts.count(where: { !isAnnotationOnly($0) }) > 1 || hasProperties(schema) { return .allOf }
        }
        if hasProperties(schema) { return .object }
        if let alternatives = (schema["oneOf"] ?? schema["anyOf"])?.value.arrayElements,
            alternatives.filter({ !isNullSchema($0) }).count > 1
        {
            return .union
        }
        if OpenAPIScalars.enumRawType(schema) != nil { return .enumeration }
        if !typeArrayAlternatives(schema).isEmpty { return .union }
        return nil
    }

    /// Whether `schema` lists properties.
    func hasProperties(_ schema: JSONNode) -> Bool {
        guard let members = schema["properties"]?.value.objectMembers else { return false }
        return !members.isEmpty
    }

    /// Declares `schema` as the type `name` of kind `kind`.
    ///
    /// `target` is where a named schema is (its `allOf` parts that lead back to it add nothing).
    mutating func declare(
        _ schema: JSONNode, inFile file: Int, name: String, location: SourceLocation, kind: DeclaredKind,
        target: OpenAPIRefTarget? = nil, isInline: Bool = false
    ) {
        let index = reserveType(name, at: location, description: schema.openAPIDescription)
        types[index].isInline = isInline
        types[index].isDeprecated = schema.bool("deprecated") == true
        types[index].notes = valueNotes(of: schema, withDefault: true)
        types[index].swiftName = swiftName(of: schema, kind: "type")
        switch kind {
        case .object, .allOf:
            if let found = distributedUnion(schema, inFile: file, target: target) {
                let distribution = Distribution(
                    schema: schema, file: file, target: target, unionKey: found.member.keyLocation)
                types[index].kind = .union(
                    union(found.holder, inFile: found.file, typeName: name, distribution: distribution))
            } else {
                let object = objectFields(schema, inFile: file, typeName: name, target: target)
                types[index].kind = .hash(object.fields)
                types[index].additionalProperties = object.additionalProperties
            }
        case .union:
            types[index].kind = .union(union(schema, inFile: file, typeName: name))
        case .enumeration:
            let (members, rawType) = enumMembers(schema, typeName: name)
            types[index].kind = .enumeration(members)
            types[index].enumRawType = rawType
        }
    }

    /// Declares the named schema `schema` (a component, or a schema a reference names) as `name`.
    mutating func declareNamedSchema(
        _ schema: JSONNode, at target: OpenAPIRefTarget, name: String, location: SourceLocation
    ) {
        let file = target.file
        let outer = currentSchemaName
        currentSchemaName = name
        defer { currentSchemaName = outer }
        var node = schema
        while let inner = nonNullAlternative(node), inner["$ref"] == nil { node = inner }
        if node.objectMembers != nil, node["$ref"] == nil, let kind = declaredKind(node) {
            declare(node, inFile: file, name: name, location: location, kind: kind, target: target)
            if node.location != schema.location, let description = schema.openAPIDescription {
                types[types.count - 1].description = types[types.count - 1].description ?? description
            }
            return
        }
        let index = reserveType(name, at: location, description: schema.openAPIDescription)
        types[index].isDeprecated = schema.bool("deprecated") == true
        let type = schemaType(schema, inFile: file, hint: name)
        types[index].kind = .alias(type.ref)
    }

    // MARK: Nullability

    /// Whether `schema` is `{type: "null"}` (or `enum: [null]`, `const: null`, `nullable` nothing else).
    func isNullSchema(_ schema: JSONNode) -> Bool {
        if schema.string("type") == "null" { return true }
        if let types = schema["type"]?.value.arrayElements, types.allSatisfy({ $0.stringValue == "null" }),
            !types.isEmpty
        {
            return true
        }
        if let values = schema["enum"]?.value.arrayElements, !values.isEmpty, values.allSatisfy({ $0.value == .null }) {
            return true
        }
        if let constant = schema["const"], constant.value.value == .null { return true }
        return false
    }

    /// The X of `anyOf`/`oneOf: [X, {type: "null"}]` (with nothing else that shapes the value), else `nil`.
    func nonNullAlternative(_ schema: JSONNode) -> JSONNode? {
        guard let alternatives = (schema["anyOf"] ?? schema["oneOf"])?.value.arrayElements, alternatives.count > 1
        else { return nil }
        let others = alternatives.filter { !isNullSchema($0) }
        guard others.count == 1, others.count < alternatives.count, !hasProperties(schema),
            schema["allOf"] == nil
        else { return nil }
        return others[0]
    }

    /// Whether `schema` allows `null` itself (3.0 `nullable: true`, 3.1 `type: [..., "null"]`), or
    /// through a `null` alternative of its `anyOf`/`oneOf` (FastAPI's `Union[int, str, None]` is
    /// `anyOf: [integer, string, null]`: a union, nullable).
    func isNullable(_ schema: JSONNode) -> Bool {
        if schema.bool("nullable") == true { return true }
        if let alternatives = (schema["anyOf"] ?? schema["oneOf"])?.value.arrayElements,
            alternatives.contains(where: isNullSchema)
        {
            return true
        }
        if let types = schema["type"]?.value.arrayElements, types.contains(where: { $0.stringValue == "null" }) {
            return true
        }
        if let values = schema["enum"]?.value.arrayElements, values.contains(where: { $0.value == .null }) {
            return true
        }
        return false
    }

    // MARK: Values

    /// The type of a schema that needs no declaration: a scalar, an array, a map, or any JSON.
    mutating func valueType(_ schema: JSONNode, inFile file: Int, hint: String) -> OpenAPISchemaType {
        let location = schema.location
        var types = OpenAPIScalars.types(of: schema)
        // `type: [integer, number]` is a number (several other types are a union: ``declaredKind(_:)``).
        if Set(types) == ["integer", "number"] { types = ["number"] }
        if types.count > 1 {
            return OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
        }
        let type = types.first ?? OpenAPIScalars.impliedType(schema)
        switch type {
        case "array":
            if let prefix = schema["prefixItems"] {
                return tupleType(schema, prefixItems: prefix, inFile: file, hint: hint)
            }
            guard let items = schema["items"]?.value else {
                return OpenAPISchemaType(ref: TypeRef(name: "Variable", wrappers: [.array], location: location))
            }
            var element = schemaType(items, inFile: file, hint: hint + "Item")
            element.ref.wrappers.insert(.array, at: 0)
            element.ref.location = location
            element.isNullable = false
            return element
        case "object":
            let additional = schema["additionalProperties"]?.value
            switch additional?.value {
            case .object(let members) where !members.isEmpty:
                guard let additional else { break }
                var value = schemaType(additional, inFile: file, hint: hint + "Value")
                value.ref.wrappers.insert(.map, at: 0)
                value.ref.location = location
                value.isNullable = false
                return value
            case .object, .bool(true):
                return OpenAPISchemaType(ref: TypeRef(name: "Variable", wrappers: [.map], location: location))
            default:
                break
            }
            return OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
        case nil:
            return OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
        default:
            guard let scalar = OpenAPIScalars.scalar(of: schema, type: type ?? "") else {
                if let typeMember = schema["type"] {
                    diagnostics.warning(
                        "unknown type '\(type ?? "")'; the value is read as any JSON (Variable)",
                        at: typeMember.value.location)
                }
                return OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
            }
            var result = OpenAPISchemaType(ref: TypeRef(name: scalar.name, location: location))
            result.ref.format = schema.string("format")
            if scalar.isDateOnly {
                result.dateFormat = DateFormatDecl(
                    format: .dateOnly, location: schema["format"]?.value.location ?? location)
            }
            return result
        }
    }
}

extension OpenAPIReadContext {
    /// The Swift name `schema` chooses with `x-swift-name` (a type's, before the prefix, or a
    /// property's): an identifier Swift accepts, else an error at it and `nil`.
    mutating func swiftName(of schema: JSONNode, kind: String) -> String? {
        guard let member = schema["x-swift-name"] else { return nil }
        guard let name = member.value.stringValue, SwiftNaming.isIdentifier(name), name != "_",
            !SwiftNaming.keywords.contains(name)
        else {
            diagnostics.error(
                "x-swift-name must be a Swift identifier (letters, digits and _, not starting with a digit, not a keyword) for a \(kind) name",
                at: member.value.location)
            return nil
        }
        return name
    }
}
