/// The steps both NEI readers take the same way: the document around the export, declaring datatypes
/// by id, and naming anonymous datatypes after their first use.
extension NEIReadContext {
    /// An empty document for the export, with the project's description (or name) when there is one;
    /// `nil` (after an error) when the export is not an object.
    mutating func document(for export: JSONNode) -> SpecDocument? {
        var document = SpecDocument(file: file)
        document.refersToTypesByID = true
        document.keepsFieldsOptional = true
        guard object(export, "the NEI export") != nil else { return nil }
        if let project = export["project"]?.value, project.objectMembers != nil {
            document.description =
                description(project, in: "the project") ?? description(project, "name", in: "the project")
        }
        return document
    }

    /// The name of the datatype `node` with `id` (trimmed; an empty name is an error unless the type is
    /// hidden) and where it is written.
    mutating func datatypeName(
        _ node: JSONNode, id: Int, idLocation: SourceLocation, isHidden: (String) -> Bool
    ) -> (name: String, location: SourceLocation, isHidden: Bool) {
        let what = "the datatype with id \(id)"
        let value = text(node, "name", in: what, required: true)
        let name = value?.0.trimmingSpaces ?? ""
        let hidden = isHidden(name)
        if value != nil, name.isEmpty, !hidden {
            diagnostics.error("\(what) has an empty \"name\"", at: value?.1 ?? idLocation)
        }
        return (name, value?.1 ?? idLocation, hidden)
    }

    /// Declares the datatype `id`; `false` (after an error at `location`) when another datatype has
    /// that id.
    mutating func declareDatatype(id: Int, name: String, location: SourceLocation, isHidden: Bool) -> Bool {
        guard let first = types.declare(id: id, name: name, location: location, isHidden: isHidden) else {
            return true
        }
        diagnostics.error(
            "two datatypes have the id \(id) (the first is at line \(first.location.line), column \(first.location.column))",
            at: location)
        return false
    }

    /// Names the anonymous datatypes after their first use: by a field of a datatype (`fields`: each
    /// datatype's name and fields) or by an input or output of an interface (`parameters` gives an
    /// interface's list under `inputs` or `outputs`).
    mutating func nameAnonymousTypes(
        fields: [(owner: String, fields: [JSONNode])], interfaces: [JSONNode],
        parameters: (_ interface: JSONNode, _ key: String) -> [JSONNode]
    ) {
        var uses: [NEITypeTable.Reference] = []
        func use(_ parameter: JSONNode, owner: String) {
            guard let typeID = Self.integer(parameter, "type") else { return }
            uses.append(.init(typeID: typeID, owner: owner, field: parameter["name"]?.value.stringValue ?? ""))
        }
        for (owner, list) in fields {
            for field in list { use(field, owner: owner) }
        }
        for interface in interfaces {
            let owner = Self.classNameBase(interface)
            for key in ["inputs", "outputs"] {
                for parameter in parameters(interface, key) { use(parameter, owner: owner) }
            }
        }
        types.nameAnonymousTypes(uses: uses)
    }
}
