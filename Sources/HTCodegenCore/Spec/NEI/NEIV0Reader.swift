/// Reads an NEI v0.x project export (what `nei.hz.netease.com/api/projectView/getByProjectId` returned,
/// and what nei-toolkit's built-in Objective-C generator read) into a ``SpecDocument``.
///
/// ```json
/// {
///   "datatypes":  [{"id": 11256, "name": "Address", "format": 0, "subtype": 0, "description": "地址信息"}],
///   "attributes": [{"id": 17007, "name": "province", "type": 10001, "isArray": 0, "parentId": 11256, "vkey": ""}],
///   "interfaces": [{"id": 14215, "name": "TestRequestHeader", "className": "", "path": "/test/request/header",
///                   "method": 0, "inputs": [...], "outputs": [...], "headers": [...]}],
///   "pages": [...], "templates": [...], "project": {...}, "timestamp": 1455622309682
/// }
/// ```
///
/// - **Datatypes** are a flat list; their fields are the `attributes` (or `attributeList`) whose
///   `parentId` is the datatype's id. The system types (ids 10000 Variable, 10001 String, 10002 Number,
///   10003 Boolean) may be listed and are skipped. `format` 0 is a hash type (a model), 1 an
///   enumeration (each member's key is its `vkey`, its value its `name`), 2 an array type whose element
///   is the type `subtype`, inlined as an array wherever it is used. Types with a negative id or a name
///   starting with `_` are hidden: they get a model only when something uses them.
/// - **Type references** (`type`, `subtype`) are datatype ids; `isArray` adds one array level.
/// - **Interfaces**: `method` is a number, 0 POST, 1 GET, 2 PUT, 3 DELETE, 4 HEAD; any other number is
///   GET (as in nei-toolkit), with a warning. Inputs and outputs are parameter lists, or one imported
///   datatype (see ``NEIReadContext/parameters(_:of:)``); `headers` are constant when their
///   `defaultValue` is set and variable otherwise. The class name, path and path parameters follow
///   ``NEIReadContext/interface(_:method:methodLocation:parameters:)``.
/// - `pages`, `templates` and `timestamp` are not used.
package struct NEIV0Reader {
    private var context: NEIReadContext

    /// The HTTP methods by their v0.x number (nei-toolkit's `METHODS_LIST`).
    static let methods = ["POST", "GET", "PUT", "DELETE", "HEAD"]

    /// Reads a parsed v0.x export (the object inside the API's `{"code": 200, "result": ...}` wrapper,
    /// if it had one). Every problem is reported; the document holds what could be read.
    package static func read(_ export: JSONNode, file: String) -> (SpecDocument, [Diagnostic]) {
        var reader = NEIV0Reader(context: NEIReadContext(file: file))
        let document = reader.readDocument(export)
        return (document, reader.context.diagnostics.all)
    }

    private init(context: NEIReadContext) {
        self.context = context
    }

    /// A datatype that passed the first reading step, for the second.
    private struct Declared {
        var node: JSONNode
        var id: Int
        var name: String
        var nameLocation: SourceLocation
        var isHidden: Bool
    }

    private mutating func readDocument(_ export: JSONNode) -> SpecDocument {
        guard var document = context.document(for: export) else { return SpecDocument(file: context.file) }
        let datatypes = context.array(export, "datatypes", in: "the NEI export")
        let attributeKey =
            export["attributes"] != nil || export["attributeList"] == nil ? "attributes" : "attributeList"
        let attributes = context.array(export, attributeKey, in: "the NEI export")
        let interfaces = context.array(export, "interfaces", in: "the NEI export")

        // 1. Declare every datatype by id, so that references may come before declarations.
        var declared: [Declared] = []
        for node in datatypes {
            guard context.object(node, "a datatype") != nil else { continue }
            guard let (id, idLocation) = context.integer(node, "id", in: "a datatype", required: true) else { continue }
            if NEISystemTypes.isSystem(id) { continue }
            let (name, nameLocation, isHidden) = context.datatypeName(node, id: id, idLocation: idLocation) {
                id < 0 || $0.hasPrefix("_")
            }
            guard context.declareDatatype(id: id, name: name, location: idLocation, isHidden: isHidden) else {
                continue
            }
            declared.append(Declared(node: node, id: id, name: name, nameLocation: nameLocation, isHidden: isHidden))
        }

        // 2. Join the attributes to their datatypes.
        var attributesByParent: [Int: [JSONNode]] = [:]
        for node in attributes {
            guard context.object(node, "an attribute") != nil else { continue }
            let what = node["name"]?.value.stringValue.map { "the attribute '\($0)'" } ?? "an attribute"
            guard let (parent, parentLocation) = context.integer(node, "parentId", in: what, required: true) else {
                continue
            }
            guard context.types.entries[parent] != nil else {
                context.diagnostics.warning(
                    "\(what) belongs to the datatype id \(parent), which is not in \"datatypes\"; it is ignored",
                    at: parentLocation)
                continue
            }
            attributesByParent[parent, default: []].append(node)
        }

        // 3. Name anonymous types after their first use.
        context.nameAnonymousTypes(
            fields: declared.map { ($0.name, attributesByParent[$0.id] ?? []) }, interfaces: interfaces
        ) { interface, key in interface[key]?.value.arrayElements ?? [] }

        // 4. The datatypes.
        for type in declared {
            if let decl = readType(type, attributes: attributesByParent[type.id] ?? []) {
                document.types.append(decl)
            }
        }

        // 5. The interfaces.
        for node in interfaces {
            if let interface = readInterface(node) { document.interfaces.append(interface) }
        }
        NEIPagingInference.apply(to: &document, defaults: context.pagingInputDefaults)
        return document
    }

    private mutating func readType(_ type: Declared, attributes: [JSONNode]) -> TypeDecl? {
        let name = context.types.entries[type.id]?.name ?? type.name
        let what = "datatype '\(name)'"
        guard let (formatCode, formatLocation) = context.integer(type.node, "format", in: what, required: true) else {
            return nil
        }
        let kind: TypeDecl.Kind
        switch NEIDatatypeFormat(rawValue: formatCode) {
        case .hash?:
            kind = .hash(context.fields(attributes, of: what))
        case .enumeration?:
            kind = .enumeration(context.enumMembers(attributes, of: name, keys: .v0))
        case .array?:
            guard
                let element = context.typeRef(
                    type.node, in: "the element type (\"subtype\") of \(what)", typeKey: "subtype", arrayKey: nil)
            else { return nil }
            kind = .array(element)
        default:
            context.diagnostics.error(
                "\(what) has the format \(formatCode); NEI v0.x datatypes have 0 (hash), 1 (enumeration) or 2 (array)",
                at: formatLocation)
            return nil
        }
        return TypeDecl(
            name: name, location: type.nameLocation, description: context.description(type.node, in: what), kind: kind,
            isHidden: type.isHidden)
    }

    private mutating func readInterface(_ node: JSONNode) -> InterfaceDecl? {
        guard context.object(node, "an interface") != nil else { return nil }
        let what = NEIReadContext.interfaceLabel(node)
        var method = "GET"
        var methodLocation = node.location
        if let member = node["method"] {
            methodLocation = member.value.location
            if let code = NEIReadContext.integerValue(member.value) {
                if Self.methods.indices.contains(code) {
                    method = Self.methods[code]
                } else {
                    context.diagnostics.warning(
                        "the method \(code) of \(what) is not 0 (POST), 1 (GET), 2 (PUT), 3 (DELETE) or 4 (HEAD); GET is used, as nei-toolkit does",
                        at: methodLocation)
                }
            } else {
                context.diagnostics.error(
                    "the \"method\" of \(what) must be a number: 0 (POST), 1 (GET), 2 (PUT), 3 (DELETE) or 4 (HEAD), found \(NEIReadContext.shown(member.value))",
                    at: methodLocation)
            }
        } else {
            context.diagnostics.warning(
                "\(what) has no \"method\"; GET is used, as nei-toolkit does", at: node.location)
        }
        let parameters = NEIReadContext.InterfaceParameters(
            inputs: context.array(node, "inputs", in: what),
            outputs: context.array(node, "outputs", in: what),
            headers: context.array(node, "headers", in: what))
        return context.interface(node, method: method, methodLocation: methodLocation, parameters: parameters)
    }
}
