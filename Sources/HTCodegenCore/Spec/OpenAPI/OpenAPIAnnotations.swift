/// What a schema says about its values besides their type, for doc comments: `description`,
/// `default`, `example` and `examples`, and a `const` that is not an enumeration.
///
/// Documents often wrap a reference to add a description or an example to it, in an `allOf` part that
/// has nothing else (`allOf: [{$ref: Agent}, {description: The agent.}]`: a `$ref`'s siblings are
/// ignored in OpenAPI 3.0, so this is how 3.0 documents annotate one). Such a part only annotates: it is
/// no part of the shape (``isAnnotationOnly(_:)``), and what it says is read as if the schema said it.
extension OpenAPIReadContext {
    /// Whether `schema` only annotates: an object with no key that shapes or constrains a value as the
    /// reader reads it (no `type`, `properties`, `$ref`, `items`, `enum`, `const`, composition,
    /// `required` or `additionalProperties`). `nullable: true` in such a part makes the whole nullable.
    func isAnnotationOnly(_ schema: JSONNode) -> Bool {
        guard schema.objectMembers != nil else { return false }
        return isConstraintOnly(schema) && schema["required"] == nil && schema["additionalProperties"] == nil
    }

    /// `schema`, then its `allOf` parts that only annotate, in order: where its annotations are.
    func annotationSources(_ schema: JSONNode) -> [JSONNode] {
        var sources = [schema]
        for part in schema["allOf"]?.value.arrayElements ?? [] where isAnnotationOnly(part) {
            sources.append(part)
        }
        return sources
    }

    /// The description of `schema` (``JSONNode/openAPIDescription``), else of an `allOf` part that only
    /// annotates.
    func annotatedDescription(_ schema: JSONNode) -> String? {
        for source in annotationSources(schema) {
            if let description = source.openAPIDescription { return description }
        }
        return nil
    }

    /// The default value of `schema`, else of an `allOf` part that only annotates.
    func annotatedDefault(_ schema: JSONNode) -> JSONNode? {
        for source in annotationSources(schema) {
            if let value = source["default"]?.value { return value }
        }
        return nil
    }

    /// The notes of `schema` for a doc comment: its examples, its constant when that is not an
    /// enumeration of strings or integers, and its default when `withDefault` (a field keeps its default
    /// apart).
    func valueNotes(of schema: JSONNode, withDefault: Bool) -> ValueNotes {
        var notes = ValueNotes()
        if withDefault { notes.defaultValue = annotatedDefault(schema) }
        if let constant = schema["const"]?.value, constant.value != .null, OpenAPIScalars.enumRawType(schema) == nil {
            notes.constant = constant
        }
        for source in annotationSources(schema) {
            notes.examples += Self.exampleValues(source)
        }
        notes.bounds = ValueBounds.read(schema)
        return notes
    }

    /// The example values an object lists: `example` (a value), then `examples`, which is an array of
    /// values in a 3.1 schema and a map of Example Objects (whose `value` is the example) in a parameter
    /// or a media type; an example given by `$ref` or `externalValue` is not shown.
    static func exampleValues(_ node: JSONNode) -> [JSONNode] {
        var values: [JSONNode] = []
        if let example = node["example"]?.value { values.append(example) }
        switch node["examples"]?.value.value {
        case .array(let elements)?:
            values += elements
        case .object(let members)?:
            for member in members {
                if let value = member.value["value"]?.value { values.append(value) }
            }
        default:
            break
        }
        return values
    }
}
