/// `oneOf`/`anyOf` schemas, and 3.1 type arrays of several types, to unions.
///
/// Each alternative that is not `{type: "null"}` is one case: a referenced schema is named by its type
/// name; an inline one by its `title`, else by its type (`string`, `PetArray`), an inline object
/// declared as `<Union>Option<k>` (k from 1) or `<Union><Title>`. With a `discriminator`, each
/// referenced alternative is selected by the `mapping` values that name it, else by its schema's name.
///
/// `type: [string, integer]` (3.1) is the union of one alternative per type (`integer` beside `number`
/// is left out: a number holds it), each the schema with that one type: `string`, `integer`.
///
/// An object with a `oneOf`/`anyOf` beside its `properties`, or in one of its `allOf` parts, is a value
/// of the object's shape *and* of one alternative: it is distributed, the union of one model per
/// alternative with the object's properties and the alternative's merged (`Pet` with `oneOf: [Cat,
/// Dog]` → the union `Pet` of `PetCat` and `PetDog`), the discriminator kept. An alternative that
/// already merges the object through its own `allOf` (the parent lists its children: `Cat: allOf:
/// [Pet, ...]`) is that alternative as it is, and the child reads the parent's list as nothing to merge.
extension OpenAPIReadContext {
    /// An object schema distributed over one union (see the type's overview).
    struct Distribution {
        /// The object schema being declared and its file.
        var schema: JSONNode
        var file: Int
        /// Where the object schema is, when it is a named schema (its children `allOf` it).
        var target: OpenAPIRefTarget?
        /// Where the distributed `oneOf`/`anyOf` key is: ``MergedObject/choice`` finds it by this.
        var unionKey: SourceLocation
    }

    /// The union `typeName` that `schema` declares (its `oneOf`/`anyOf`, or its type array); with a
    /// `distribution`, `schema` is the schema that holds the distributed `oneOf`/`anyOf`.
    mutating func union(
        _ schema: JSONNode, inFile file: Int, typeName: String, distribution: Distribution? = nil
    ) -> UnionDecl {
        let list =
            (schema["oneOf"] ?? schema["anyOf"])?.value.arrayElements
            ?? typeArrayAlternatives(schema).map { typeAlternativeSchema(schema, type: $0) }
        // The discriminator of the union, else of the object distributed over it (`Pet` with
        // `discriminator` and `oneOf` beside its properties).
        var discriminator = schema["discriminator"]?.value
        var discriminatorFile = file
        if discriminator == nil, let distribution, let own = distribution.schema["discriminator"]?.value {
            discriminator = own
            discriminatorFile = distribution.file
        }
        let propertyName = discriminator?.string("propertyName")
        // The mapping's values by the schema they name.
        var mapped: [OpenAPIRefTarget: [String]] = [:]
        var mappingLocations: [(OpenAPIRefTarget, String, SourceLocation)] = []
        if propertyName != nil, let mapping = discriminator?["mapping"]?.value.objectMembers {
            for entry in mapping {
                guard let text = entry.value.stringValue else { continue }
                let reference =
                    text.contains("/") || text.contains("#")
                    ? entry.value
                    : JSONNode(value: .string("#/components/schemas/\(text)"), location: entry.value.location)
                guard let target = target(of: reference, inFile: discriminatorFile) else { continue }
                mapped[target, default: []].append(entry.key)
                mappingLocations.append((target, entry.key, entry.keyLocation))
            }
        }
        var alternatives: [UnionDecl.Alternative] = []
        var usedNames: Set<String> = []
        var referenced: Set<OpenAPIRefTarget> = []
        var index = 0
        for alternative in list where !isNullSchema(alternative) {
            index += 1
            var name: String
            var type: TypeRef
            var values: [String] = []
            if let reference = alternative["$ref"]?.value {
                let resolved = referencedType(reference, inFile: file)
                type = resolved.ref
                name = type.name
                let target = target(of: reference, inFile: file)
                if let distribution, !isChild(target, of: distribution) {
                    let description = target.flatMap { node(at: $0) }?.openAPIDescription
                    type = declareMergedAlternative(
                        alternative, name: OpenAPINaming.pascalCase(typeName, name), description: description,
                        distribution: distribution)
                }
                if propertyName != nil, let target {
                    referenced.insert(target)
                    values = mapped[target] ?? [discriminatorName(of: target)]
                }
            } else {
                let title = alternative.string("title").map { OpenAPINaming.pascalCase($0) } ?? ""
                let suffix = title.isEmpty ? "Option\(index)" : title
                if let distribution {
                    type = declareMergedAlternative(
                        alternative, name: typeName + suffix, description: alternative.openAPIDescription,
                        distribution: distribution)
                    name = suffix
                } else {
                    type = schemaType(alternative, inFile: file, hint: typeName + suffix).ref
                    name = title.isEmpty ? Self.alternativeName(of: type, union: typeName) : title
                }
            }
            let base = name
            var counter = 2
            while !usedNames.insert(name).inserted {
                name = "\(base)\(counter)"
                counter += 1
            }
            alternatives.append(
                UnionDecl.Alternative(
                    name: name, type: type, discriminatorValues: values, location: alternative.location))
        }
        for (target, value, location) in mappingLocations where !referenced.contains(target) {
            diagnostics.warning(
                "the discriminator value '\(value)' names a schema that is not one of the alternatives; ignored",
                at: location)
        }
        return UnionDecl(alternatives: alternatives, discriminator: propertyName)
    }

    /// The case name of an inline alternative of type `type`: `string`, `int64`, `PetArray`,
    /// `Option2` (an inline type `<Union>Option2`).
    static func alternativeName(of type: TypeRef, union: String) -> String {
        var base = type.name
        if BuiltInTypes.all[base] != nil {
            base = base == "Variable" ? "json" : base.prefix(1).lowercased() + base.dropFirst()
        } else if base.hasPrefix(union), base.count > union.count {
            base = String(base.dropFirst(union.count))
        }
        for wrapper in type.wrappers.reversed() {
            base += wrapper == .array ? "Array" : "Map"
        }
        return base
    }

    // MARK: Type arrays

    /// The elements of a 3.1 `type` array that name several types besides `"null"`, one per
    /// alternative of a union (`integer` left out beside `number`; a type named twice once); empty for
    /// any other schema.
    func typeArrayAlternatives(_ schema: JSONNode) -> [JSONNode] {
        guard let elements = schema["type"]?.value.arrayElements else { return [] }
        let names = Set(elements.compactMap(\.stringValue))
        var seen: Set<String> = []
        var result: [JSONNode] = []
        for element in elements {
            guard let name = element.stringValue, name != "null" else { continue }
            if name == "integer", names.contains("number") { continue }
            if seen.insert(name).inserted { result.append(element) }
        }
        return result.count > 1 ? result : []
    }

    /// The alternative of a type-array union for the type `typeNode` (an element of the array): the
    /// schema with that one type, without what belongs to the whole (composition, nullability,
    /// description, examples). It sits at the element, so an inline object alternative is its own type.
    func typeAlternativeSchema(_ schema: JSONNode, type typeNode: JSONNode) -> JSONNode {
        let whole: Set<String> = [
            "type", "oneOf", "anyOf", "nullable", "description", "title", "example", "examples", "default",
            "deprecated", "discriminator",
        ]
        var members = (schema.objectMembers ?? []).filter { !whole.contains($0.key) }
        members.insert(JSONMember(key: "type", keyLocation: typeNode.location, value: typeNode), at: 0)
        return JSONNode(value: .object(members), location: typeNode.location)
    }

    // MARK: Distribution

    /// The `oneOf`/`anyOf` the object schema `schema` (named `target`, if it is a named schema) is
    /// distributed over: the first, in the order ``merge(_:inFile:into:visited:depth:)`` reads them, of
    /// its own (beside `properties`) and its `allOf` parts' (references followed) whose alternatives
    /// are all objects and which is not the parent's list of its children (an alternative is a schema
    /// being merged). `nil` when there is none: the model is declared as it is.
    mutating func distributedUnion(
        _ schema: JSONNode, inFile file: Int, target: OpenAPIRefTarget?
    ) -> (member: JSONMember, holder: JSONNode, file: Int)? {
        var visited: Set<OpenAPIRefTarget> = target.map { [$0] } ?? []
        return findDistributedUnion(schema, inFile: file, visited: &visited, depth: 0)
    }

    private mutating func findDistributedUnion(
        _ schema: JSONNode, inFile file: Int, visited: inout Set<OpenAPIRefTarget>, depth: Int
    ) -> (member: JSONMember, holder: JSONNode, file: Int)? {
        guard depth < 64 else { return nil }
        if let reference = schema["$ref"]?.value {
            guard let target = lookAheadTarget(of: reference, inFile: file), let node = node(at: target),
                visited.insert(target).inserted
            else { return nil }
            return findDistributedUnion(node, inFile: target.file, visited: &visited, depth: depth + 1)
        }
        for part in schema["allOf"]?.value.arrayElements ?? [] {
            if let found = findDistributedUnion(part, inFile: file, visited: &visited, depth: depth + 1) {
                return found
            }
        }
        guard nonNullAlternative(schema) == nil, let member = schema["oneOf"] ?? schema["anyOf"],
            let alternatives = member.value.arrayElements?.filter({ !isNullSchema($0) }), alternatives.count > 1,
            !listsMerged(member, inFile: file, visited: visited)
        else { return nil }
        for alternative in alternatives {
            guard isObjectSchema(alternative, inFile: file) else { return nil }
        }
        return (member, schema, file)
    }

    /// Whether the union `member` (a `oneOf`/`anyOf` in file `file`) names a schema of `visited` (the
    /// ones being merged): it is a parent's list of its children, met while merging a child.
    mutating func listsMerged(_ member: JSONMember, inFile file: Int, visited: Set<OpenAPIRefTarget>) -> Bool {
        guard !visited.isEmpty else { return false }
        for alternative in member.value.arrayElements ?? [] {
            if let reference = alternative["$ref"]?.value, let target = lookAheadTarget(of: reference, inFile: file),
                visited.contains(target)
            {
                return true
            }
        }
        return false
    }

    /// Whether `schema` (maybe a reference) describes an object: it has `properties` or `allOf`, or
    /// `type: object`.
    private mutating func isObjectSchema(_ schema: JSONNode, inFile file: Int) -> Bool {
        var node = schema
        if let reference = schema["$ref"]?.value {
            guard let target = lookAheadTarget(of: reference, inFile: file), let referenced = self.node(at: target)
            else { return false }
            node = referenced
        }
        return hasProperties(node) || node["allOf"] != nil || OpenAPIScalars.types(of: node) == ["object"]
    }

    /// Whether the alternative at `target` merges the distributed object itself (`Cat: allOf: [Pet,
    /// ...]` for `Pet`): it is then a child, the alternative as it is.
    private mutating func isChild(_ target: OpenAPIRefTarget?, of distribution: Distribution) -> Bool {
        guard let target, let parent = distribution.target, let node = node(at: target) else { return false }
        var visited: Set<OpenAPIRefTarget> = [target]
        return merges(node, inFile: target.file, parent: parent, visited: &visited, depth: 0)
    }

    /// Whether `schema`'s `allOf` parts lead, reference after reference, to `parent`.
    private mutating func merges(
        _ schema: JSONNode, inFile file: Int, parent: OpenAPIRefTarget, visited: inout Set<OpenAPIRefTarget>,
        depth: Int
    ) -> Bool {
        guard depth < 64 else { return false }
        for part in schema["allOf"]?.value.arrayElements ?? [] {
            if let reference = part["$ref"]?.value {
                guard let target = lookAheadTarget(of: reference, inFile: file) else { continue }
                if target == parent { return true }
                guard visited.insert(target).inserted, let node = node(at: target) else { continue }
                if merges(node, inFile: target.file, parent: parent, visited: &visited, depth: depth + 1) {
                    return true
                }
            } else if merges(part, inFile: file, parent: parent, visited: &visited, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    /// Declares the model `name` (made unique) of the distributed object merged with `alternative`,
    /// described as the alternative is.
    private mutating func declareMergedAlternative(
        _ alternative: JSONNode, name: String, description: String?, distribution: Distribution
    ) -> TypeRef {
        let unique = claimTypeName(name, what: "this alternative merged with its object", at: alternative.location)
        let index = reserveType(unique, at: alternative.location, description: description)
        types[index].isDeprecated = alternative.bool("deprecated") == true
        let choice = MergedObject.Choice(union: distribution.unionKey, alternative: alternative, owner: unique)
        let object = objectFields(
            distribution.schema, inFile: distribution.file, typeName: unique, target: distribution.target,
            choice: choice)
        types[index].kind = .hash(object.fields)
        types[index].additionalProperties = object.additionalProperties
        return TypeRef(name: unique, location: alternative.location)
    }
}

// MARK: - Tuples

extension OpenAPIReadContext {
    /// The type of a 3.1 tuple (`type: array` with `prefixItems`, maybe `items` for the rest): Swift has
    /// no tuple a JSON array maps to, so it is an array of any of its item types, `[T]` when they are
    /// all one schema, else `[<Hint>Item]`, a union of the distinct item schemas, with a warning that
    /// the position of each element is not checked. `items: false` (nothing after the prefix) adds no
    /// type.
    mutating func tupleType(
        _ schema: JSONNode, prefixItems prefix: JSONMember, inFile file: Int, hint: String
    ) -> OpenAPISchemaType {
        let location = schema.location
        var nodes = prefix.value.arrayElements ?? []
        if let items = schema["items"]?.value, items.value != .bool(false) { nodes.append(items) }
        var distinct: [JSONNode] = []
        var shapes: Set<String> = []
        for node in nodes where shapes.insert(Self.shape(of: node)).inserted {
            distinct.append(node)
        }
        var element: OpenAPISchemaType
        if distinct.count <= 1 {
            element =
                distinct.first.map { schemaType($0, inFile: file, hint: hint + "Item") }
                ?? OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
        } else {
            diagnostics.warning(
                "prefixItems (a tuple) is read as an array whose elements are each any of its item types; the position of each is not checked",
                at: prefix.keyLocation)
            let anyOf = JSONNode(
                value: .object([
                    JSONMember(
                        key: "anyOf", keyLocation: prefix.keyLocation,
                        value: JSONNode(
                            value: .array(distinct), location: prefix.value.location))
                ]),
                location: prefix.value.location)
            if let name = inlineTypeNames[anyOf.location] {
                element = OpenAPISchemaType(ref: TypeRef(name: name, location: location))
            } else {
                let name = claimTypeName(hint + "Item", what: "the items of this tuple", at: prefix.keyLocation)
                inlineTypeNames[anyOf.location] = name
                declare(anyOf, inFile: file, name: name, location: prefix.keyLocation, kind: .union)
                element = OpenAPISchemaType(ref: TypeRef(name: name, location: location))
            }
        }
        element.ref.wrappers.insert(.array, at: 0)
        element.ref.location = location
        element.isNullable = false
        return element
    }

    /// A node's JSON without its positions, to tell equal schemas apart from equal-looking text.
    static func shape(of node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let digits): return digits
        case .string(let text): return SwiftNaming.stringLiteral(text)
        case .array(let elements): return "[" + elements.map(shape(of:)).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { SwiftNaming.stringLiteral($0.key) + ":" + shape(of: $0.value) }.joined(
                    separator: ",") + "}"
        }
    }
}
