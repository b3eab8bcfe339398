/// Reads the native spec format (`*.htspec.json`), documented by `Specs/htspec.schema.json`.
///
/// ```json
/// {
///   "htspec": 1,
///   "description": "Photo sharing API",
///   "types": {
///     "User": { "description": "A user.", "fields": { "id": "Integer", "name": { "type": "String", "description": "Display name." } } },
///     "Visibility": { "enum": [ { "key": "public", "value": "0", "description": "Everyone." } ] },
///     "Users": { "array": "User" }
///   },
///   "interfaces": {
///     "GetUser": {
///       "method": "GET", "path": "/users/:id",
///       "inputs": { "id": "Integer", "fields": { "type": "String", "required": true } },
///       "outputs": { "user": "User" },
///       "headers": { "X-Client": "demo", "Authorization": {} }
///     }
///   }
/// }
/// ```
/// `input` (a type name) and `output` (a type name, or `{ "import": "ResultData", "bind": { "result": "[User]" } }`)
/// import a whole data type instead of listing parameters. `"required": true` on a field object marks an
/// input (or a data type's field) as required; path parameters are required whatever it says. Types are
/// written as ``TypeSyntax`` says (`[String: Price]` is a map). A field object's `"format"` and the
/// spec's `"dateFormat"` are ``DateFormat``s. An interface's `"paging"` (``PagingSyntax``) says how its
/// results are paged.
package struct NativeSpecReader: Sendable {
    private let file: String
    private var diagnostics = DiagnosticBag()

    /// Reads a parsed document. Every problem is reported; the document holds what could be read.
    package static func read(_ root: JSONNode, file: String) -> (SpecDocument, [Diagnostic]) {
        var reader = NativeSpecReader(file: file)
        let document = reader.readDocument(root)
        return (document, reader.diagnostics.all)
    }

    private init(file: String) {
        self.file = file
    }

    // MARK: Document

    private mutating func readDocument(_ root: JSONNode) -> SpecDocument {
        var document = SpecDocument(file: file)
        guard let members = expectObject(root, "the spec") else { return document }
        checkKeys(members, allowed: Keys.document, in: "the spec")
        if let version = root["htspec"] {
            if case .number(let text) = version.value.value, text == "1" {
            } else {
                diagnostics.error(
                    "unsupported 'htspec' version; this generator reads version 1", at: version.value.location)
            }
        } else {
            diagnostics.error(
                "missing \"htspec\": 1 at the top of the spec (it marks the file as a native spec)", at: root.location)
        }
        document.description = optionalString(root["description"])
        document.dateFormat = root["dateFormat"].flatMap {
            DateFormat.read($0.value, what: "\"dateFormat\"", into: &diagnostics)
        }
        let typeMembers = root["types"].flatMap { expectObject($0.value, "'types'") } ?? []
        let interfaceMembers = root["interfaces"].flatMap { expectObject($0.value, "'interfaces'") } ?? []
        // Types and interfaces are read independently, so they are read concurrently; diagnostics are
        // merged in the order of the file's sections.
        let empty = NativeSpecReader(file: file)
        let parts = concurrently([
            { @Sendable () -> ([TypeDecl], [InterfaceDecl], [Diagnostic]) in
                var reader = empty
                return (typeMembers.compactMap { reader.readType($0) }, [], reader.diagnostics.all)
            },
            { @Sendable () -> ([TypeDecl], [InterfaceDecl], [Diagnostic]) in
                var reader = empty
                return ([], interfaceMembers.compactMap { reader.readInterface($0) }, reader.diagnostics.all)
            },
        ])
        for (types, interfaces, found) in parts {
            document.types += types
            document.interfaces += interfaces
            diagnostics.append(contentsOf: found)
        }
        return document
    }

    // MARK: Types

    private mutating func readType(_ member: JSONMember) -> TypeDecl? {
        let what = "type '\(member.key)'"
        guard let members = expectObject(member.value, what) else { return nil }
        checkKeys(members, allowed: Keys.type, in: what)
        let description = optionalString(member.value["description"])
        let kinds = ["fields", "enum", "array"].compactMap { member.value[$0] }
        guard kinds.count == 1, let kindMember = kinds.first else {
            diagnostics.error(
                "\(what) must have exactly one of \"fields\" (a model), \"enum\" (an enumeration) or \"array\" (an array type)",
                at: member.keyLocation)
            return nil
        }
        let kind: TypeDecl.Kind
        switch kindMember.key {
        case "fields":
            kind = .hash(readFields(kindMember.value, what: "fields of \(what)"))
        case "enum":
            kind = .enumeration(readEnumMembers(kindMember.value, what: what))
        default:
            guard let element = readTypeRef(kindMember.value) else { return nil }
            kind = .array(element)
        }
        var type = TypeDecl(name: member.key, location: member.keyLocation, description: description, kind: kind)
        if let closed = member.value["closed"] {
            if case .enumeration = kind {
                type.isClosed = optionalBool(closed)
            } else {
                diagnostics.error(
                    "\"closed\" applies to enumerations only; \(what) is not one", at: closed.keyLocation)
            }
        }
        return type
    }

    private mutating func readFields(_ node: JSONNode, what: String) -> [FieldDecl] {
        guard let members = expectObject(node, what) else { return [] }
        var fields: [FieldDecl] = []
        for member in members {
            if let field = readField(member) { fields.append(field) }
        }
        return fields
    }

    /// A field is `"name": "Type"` or `"name": { "type": "Type", "description": "...", "required": true }`.
    private mutating func readField(_ member: JSONMember) -> FieldDecl? {
        switch member.value.value {
        case .string:
            guard let type = readTypeRef(member.value) else { return nil }
            return FieldDecl(name: member.key, location: member.keyLocation, type: type, description: nil)
        case .object(let members):
            checkKeys(members, allowed: Keys.field, in: "field '\(member.key)'")
            guard let typeMember = member.value["type"] else {
                diagnostics.error("field '\(member.key)' has no \"type\"", at: member.keyLocation)
                return nil
            }
            guard let type = readTypeRef(typeMember.value) else { return nil }
            let format = member.value["format"].flatMap {
                DateFormat.read($0.value, what: "\"format\"", into: &diagnostics)
            }
            return FieldDecl(
                name: member.key, location: member.keyLocation, type: type,
                description: optionalString(member.value["description"]),
                isRequired: optionalBool(member.value["required"]), dateFormat: format)
        default:
            diagnostics.error(
                "field '\(member.key)' must be a type name such as \"String\" or an object with \"type\", found \(member.value.kindName)",
                at: member.value.location)
            return nil
        }
    }

    private mutating func readEnumMembers(_ node: JSONNode, what: String) -> [EnumMemberDecl] {
        guard let elements = node.arrayElements else {
            diagnostics.error(
                "the \"enum\" of \(what) must be an array of members, found \(node.kindName)", at: node.location)
            return []
        }
        var result: [EnumMemberDecl] = []
        for element in elements {
            guard let members = expectObject(element, "an enum member of \(what)") else { continue }
            checkKeys(members, allowed: Keys.enumMember, in: "an enum member of \(what)")
            guard let key = requiredString(element, "key", in: "an enum member of \(what)") else { continue }
            let value: String
            if let valueMember = element["value"] {
                switch valueMember.value.value {
                case .string(let text): value = text
                case .number(let text): value = text
                default:
                    diagnostics.error(
                        "the \"value\" of enum member '\(key)' must be a string", at: valueMember.value.location)
                    continue
                }
            } else {
                value = key
            }
            result.append(
                EnumMemberDecl(
                    key: key, value: value, description: optionalString(element["description"]),
                    location: element.location))
        }
        return result
    }

    /// Parses a type (``TypeSyntax``): `Name`, `[Name]`, `Array<Name>`, `[String: Name]`, any depth.
    private mutating func readTypeRef(_ node: JSONNode) -> TypeRef? {
        guard let text = node.stringValue else {
            diagnostics.error(
                "a type must be written as a string such as \"String\", \"[User]\" or \"[String: User]\", found \(node.kindName)",
                at: node.location)
            return nil
        }
        do {
            return try TypeSyntax.parse(text, at: node.location)
        } catch {
            diagnostics.error(error.message, at: node.location)
            return nil
        }
    }

    // MARK: Interfaces

    private mutating func readInterface(_ member: JSONMember) -> InterfaceDecl? {
        let what = "interface '\(member.key)'"
        guard let members = expectObject(member.value, what) else { return nil }
        checkKeys(members, allowed: Keys.interface, in: what)
        let node = member.value
        var method = "GET"
        var methodLocation = member.keyLocation
        if let methodMember = node["method"] {
            if let text = methodMember.value.stringValue {
                method = text.uppercased()
                methodLocation = methodMember.value.location
            } else {
                diagnostics.error(
                    "the \"method\" of \(what) must be a string such as \"GET\"", at: methodMember.value.location)
            }
        } else {
            diagnostics.error(
                "\(what) has no \"method\" (GET, POST, PUT, DELETE, HEAD or PATCH)", at: member.keyLocation)
        }
        guard let pathMember = node["path"], let path = pathMember.value.stringValue else {
            diagnostics.error(
                "\(what) has no \"path\" string such as \"/users/:id\"",
                at: node["path"]?.value.location ?? member.keyLocation)
            return nil
        }
        var name = member.key
        var nameLocation = member.keyLocation
        if let classNameMember = node["className"] {
            if let className = classNameMember.value.stringValue, !className.isEmpty {
                name = className
                nameLocation = classNameMember.value.location
            } else {
                diagnostics.error("\"className\" must be a non-empty string", at: classNameMember.value.location)
            }
        }
        let inputs = readParameters(node, listKey: "inputs", importKey: "input", what: what)
        let outputs = readParameters(node, listKey: "outputs", importKey: "output", what: what)
        var headers: [HeaderDecl] = []
        if let headersMember = node["headers"],
            let headerMembers = expectObject(headersMember.value, "the headers of \(what)")
        {
            for header in headerMembers {
                switch header.value.value {
                case .string(let value):
                    headers.append(
                        HeaderDecl(name: header.key, value: value, description: nil, location: header.keyLocation))
                case .object(let fields):
                    checkKeys(fields, allowed: Keys.header, in: "header '\(header.key)'")
                    var value: String?
                    if let valueMember = header.value["value"] {
                        value = valueMember.value.stringValue
                        if value == nil {
                            diagnostics.error(
                                "the \"value\" of header '\(header.key)' must be a string",
                                at: valueMember.value.location)
                        }
                    }
                    headers.append(
                        HeaderDecl(
                            name: header.key, value: value, description: optionalString(header.value["description"]),
                            location: header.keyLocation))
                default:
                    diagnostics.error(
                        "header '\(header.key)' must be a string (a constant value) or an object such as {\"description\": \"...\"} (a variable header)",
                        at: header.value.location)
                }
            }
        }
        var interface = InterfaceDecl(
            name: name, location: nameLocation, method: method, methodLocation: methodLocation, path: path,
            pathLocation: pathMember.value.location, description: optionalString(node["description"]),
            inputs: inputs, outputs: outputs, headers: headers)
        if let paging = node["paging"] {
            interface.paging = PagingSyntax.read(
                paging.value, what: "the \"paging\" of \(what)", origin: .spec, into: &diagnostics)
        }
        return interface
    }

    private mutating func readParameters(_ node: JSONNode, listKey: String, importKey: String, what: String)
        -> ParametersDecl
    {
        let list = node[listKey]
        let imported = node[importKey]
        if let list, let imported {
            diagnostics.error(
                "\(what) has both \"\(listKey)\" and \"\(importKey)\"; use \"\(listKey)\" for parameters or \"\(importKey)\" to import one data type",
                at: imported.keyLocation)
            _ = list
        }
        if let imported {
            switch imported.value.value {
            case .string:
                guard let type = readTypeRef(imported.value) else { return .none }
                return .imported(type, bindings: [:])
            case .object(let members):
                checkKeys(members, allowed: Keys.imported, in: "\"\(importKey)\" of \(what)")
                guard let typeMember = imported.value["import"], let type = readTypeRef(typeMember.value) else {
                    if imported.value["import"] == nil {
                        diagnostics.error(
                            "\"\(importKey)\" needs \"import\": the name of the data type", at: imported.value.location)
                    }
                    return .none
                }
                var bindings: [String: VariableBinding] = [:]
                if let bind = imported.value["bind"], let bindMembers = expectObject(bind.value, "\"bind\"") {
                    for binding in bindMembers {
                        if let bound = readTypeRef(binding.value) {
                            bindings[binding.key] = VariableBinding(bound, scope: .variable)
                        }
                    }
                }
                return .imported(type, bindings: bindings)
            default:
                diagnostics.error(
                    "\"\(importKey)\" must be a type name or {\"import\": \"Type\", \"bind\": {...}}, found \(imported.value.kindName)",
                    at: imported.value.location)
                return .none
            }
        }
        if let list {
            return .fields(readFields(list.value, what: "\"\(listKey)\" of \(what)"))
        }
        return .none
    }

    // MARK: Helpers

    /// The keys each kind of object may have, in the order error messages list them.
    private enum Keys {
        static let document = ["$schema", "htspec", "description", "dateFormat", "types", "interfaces"]
        static let type = ["description", "fields", "enum", "closed", "array"]
        static let field = ["type", "description", "required", "format"]
        static let enumMember = ["key", "value", "description"]
        static let interface = [
            "className", "description", "method", "path", "inputs", "input", "outputs", "output", "headers", "paging",
        ]
        static let header = ["value", "description"]
        static let imported = ["import", "bind"]
    }

    private mutating func expectObject(_ node: JSONNode, _ what: @autoclosure () -> String) -> [JSONMember]? {
        guard let members = node.objectMembers else {
            diagnostics.error("\(what()) must be an object, found \(node.kindName)", at: node.location)
            return nil
        }
        return members
    }

    private mutating func checkKeys(_ members: [JSONMember], allowed: [String], in what: @autoclosure () -> String) {
        diagnostics.reportUnknownKeys(members, allowed: allowed, in: what())
    }

    private mutating func optionalString(_ member: JSONMember?) -> String? {
        guard let member else { return nil }
        guard let text = member.value.stringValue else {
            diagnostics.error(
                "\"\(member.key)\" must be a string, found \(member.value.kindName)", at: member.value.location)
            return nil
        }
        return text
    }

    /// `true` or `false`; absent is `false`.
    private mutating func optionalBool(_ member: JSONMember?) -> Bool {
        guard let member else { return false }
        guard case .bool(let value) = member.value.value else {
            diagnostics.error(
                "\"\(member.key)\" must be true or false, found \(member.value.kindName)", at: member.value.location)
            return false
        }
        return value
    }

    private mutating func requiredString(_ node: JSONNode, _ key: String, in what: String) -> String? {
        guard let member = node[key] else {
            diagnostics.error("\(what) has no \"\(key)\"", at: node.location)
            return nil
        }
        guard let text = member.value.stringValue, !text.isEmpty else {
            diagnostics.error("\"\(key)\" must be a non-empty string", at: member.value.location)
            return nil
        }
        return text
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
