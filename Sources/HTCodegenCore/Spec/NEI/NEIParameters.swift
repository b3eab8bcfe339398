/// NEI parameters: the fields of datatypes, the inputs and outputs of interfaces and their headers.
/// v0.x and v3.x share the shape:
///
/// ```json
/// {"id": 18680, "name": "data", "type": 11256, "isArray": 0, "description": "", "defaultValue": "",
///  "datatypeId": 11602, "datatypeName": "ResultData", "originalType": 10000}
/// ```
///
/// `type` is a datatype id and `isArray` adds one array level. `datatypeId`, `datatypeName` and
/// `originalType` are set when a whole datatype was imported into an interface's inputs or outputs:
/// then `originalType` is the type the datatype declares and `type` the one chosen for this interface
/// (a `Variable` field bound to a concrete type).
extension NEIReadContext {
    /// The fields of a datatype, or the parameters of an interface listed one by one. A name used
    /// twice is an error at the second.
    mutating func fields(_ parameters: [JSONNode], of owner: String) -> [FieldDecl] {
        var fields: [FieldDecl] = []
        var seen: [String: SourceLocation] = [:]
        for parameter in parameters {
            guard let field = field(parameter, of: owner) else { continue }
            if let first = seen[field.name] {
                diagnostics.error(
                    "'\(field.name)' appears twice in \(owner) (first at line \(first.line), column \(first.column))",
                    at: field.location)
                continue
            }
            seen[field.name] = field.location
            fields.append(field)
        }
        return fields
    }

    /// One field: `name` (required, not empty), `type` (required, a known id), `isArray`, `description`,
    /// `required` (v3.x parameters and NEI's import format carry it, as 0/1 or a boolean).
    mutating func field(_ parameter: JSONNode, of owner: String) -> FieldDecl? {
        let what = "a field of \(owner)"
        guard object(parameter, what) != nil else { return nil }
        guard let (name, nameLocation) = text(parameter, "name", in: what, required: true) else {
            _ = typeRef(parameter, in: what)
            return nil
        }
        guard !name.trimmingSpaces.isEmpty else {
            diagnostics.error("\(what) has an empty \"name\"", at: nameLocation)
            _ = typeRef(parameter, in: what)
            return nil
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            // Real exports have these (a backspace typed into a name): the server knows the key with it.
            diagnostics.warning(
                "the name \(SwiftNaming.stringLiteral(name)) of \(what) holds a control character; the JSON key keeps it exactly, the Swift property's name leaves it out",
                at: nameLocation)
        }
        let fieldWhat = "field '\(name)' of \(owner)"
        guard let type = typeRef(parameter, in: fieldWhat) else { return nil }
        return FieldDecl(
            name: name, location: nameLocation, type: type, description: description(parameter, in: fieldWhat),
            isRequired: flag(parameter, "required", in: fieldWhat))
    }

    /// The inputs or outputs of an interface. When every parameter carries the same non-zero
    /// `datatypeId`, the whole datatype was imported: the result is `.imported` with the concrete types
    /// chosen for its `Variable` and `[Variable]` fields as bindings (parameters whose `originalType` is
    /// Variable but whose `type` is not). Otherwise the parameters are fields.
    ///
    /// An export records a binding only on the imported datatype's own fields: each imported parameter
    /// is a copy of one of them (same `id` and `name`) with `type`, `typeName` and `isArray` as this
    /// interface chose them. So a binding is the field's whole type in this interface
    /// (``VariableBinding/Scope/wholeField``), and a `Variable` inside a type the imported datatype
    /// uses (one level deeper) can't be bound: the export has no place to say how.
    mutating func parameters(_ parameters: [JSONNode], of owner: String) -> ParametersDecl {
        guard let first = parameters.first else { return .none }
        let importedIDs = parameters.map { Self.integer($0, "datatypeId") ?? 0 }
        guard let importedID = importedIDs.first, importedID != 0, importedIDs.allSatisfy({ $0 == importedID }),
            let idLocation = first["datatypeId"]?.value.location
        else {
            return .fields(fields(parameters, of: owner))
        }
        guard let typeName = types.name(for: importedID) else {
            let shownName = Self.importedName(first).map { " ('\($0)')" } ?? ""
            diagnostics.error(
                "\(owner) imports the datatype id \(importedID)\(shownName), which is not in \"datatypes\"",
                at: idLocation)
            return .none
        }
        var bindings: [String: VariableBinding] = [:]
        for parameter in parameters where Self.integer(parameter, "originalType") == NEISystemTypes.variable {
            let what = "a field of the datatype '\(typeName)' imported into \(owner)"
            guard let (name, _) = text(parameter, "name", in: what, required: true), !name.isEmpty else { continue }
            guard let (typeID, _) = integer(parameter, "type", in: what, required: true) else { continue }
            // Still Variable (or an array of it): left unbound in this interface.
            if typeID == NEISystemTypes.variable {
                _ = flag(parameter, "isArray", in: what)
                continue
            }
            if let type = typeRef(parameter, in: "field '\(name)' of the datatype '\(typeName)' imported into \(owner)")
            {
                bindings[name] = VariableBinding(type, scope: .wholeField)
            }
        }
        return .imported(TypeRef(name: typeName, arrayDepth: 0, location: idLocation), bindings: bindings)
    }

    /// Request headers: a header whose `defaultValue` is empty is variable (set per request), any other
    /// is constant with that value.
    mutating func headers(_ parameters: [JSONNode], of owner: String) -> [HeaderDecl] {
        var headers: [HeaderDecl] = []
        for parameter in parameters {
            let what = "a header of \(owner)"
            guard object(parameter, what) != nil else { continue }
            guard let (name, location) = text(parameter, "name", in: what, required: true) else { continue }
            guard !name.trimmingSpaces.isEmpty else {
                diagnostics.error("\(what) has an empty \"name\"", at: location)
                continue
            }
            let headerWhat = "header '\(name)' of \(owner)"
            let value = text(parameter, "defaultValue", in: headerWhat, required: false)?.0 ?? ""
            headers.append(
                HeaderDecl(
                    name: name, value: value.isEmpty ? nil : value, description: description(parameter, in: headerWhat),
                    location: location))
        }
        return headers
    }

    /// The `datatypeName` an imported parameter carries, for messages.
    private static func importedName(_ parameter: JSONNode) -> String? {
        guard let name = parameter["datatypeName"]?.value.stringValue, !name.isEmpty else { return nil }
        return name
    }
}
