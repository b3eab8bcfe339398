/// `oneOf`/`anyOf` schemas to unions.
///
/// Each alternative that is not `{type: "null"}` is one case: a referenced schema is named by its type
/// name; an inline one by its `title`, else by its type (`string`, `PetArray`), an inline object
/// declared as `<Union>Option<k>` (k from 1) or `<Union><Title>`. With a `discriminator`, each
/// referenced alternative is selected by the `mapping` values that name it, else by its schema's name.
extension OpenAPIReadContext {
    /// The union `typeName` that `schema` declares.
    mutating func union(_ schema: JSONNode, inFile file: Int, typeName: String) -> UnionDecl {
        let list = (schema["oneOf"] ?? schema["anyOf"])?.value.arrayElements ?? []
        let discriminator = schema["discriminator"]?.value
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
                guard let target = target(of: reference, inFile: file) else { continue }
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
                if propertyName != nil, let target = target(of: reference, inFile: file) {
                    referenced.insert(target)
                    values = mapped[target] ?? [discriminatorName(of: target)]
                }
            } else {
                let title = alternative.string("title").map { OpenAPINaming.pascalCase($0) } ?? ""
                let suffix = title.isEmpty ? "Option\(index)" : title
                type = schemaType(alternative, inFile: file, hint: typeName + suffix).ref
                name = title.isEmpty ? Self.alternativeName(of: type, union: typeName) : title
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
}
