/// Reads an NEI v3.x project export (`nei.netease.com/api/projectres/?key=...`, what nei-toolkit 3.x
/// passes to its templates) into a ``SpecDocument``.
///
/// ```json
/// {
///   "datatypes": [{"id": 12377, "type": 0, "name": "Todo", "format": 0, "description": "Todo模型",
///                  "params": [{"id": 123814, "type": 10001, "name": "text", "isArray": 0, "description": "..."}]}],
///   "interfaces": [{"id": 15759, "name": "获取todo列表", "className": "GetTodos", "path": "/api/todos", "method": "GET",
///                   "params": {"inputs": [...], "outputs": [...], "reqHeaders": [...], "resHeaders": [...]}}],
///   "project": {...}, "templates": [...], "pages": [...], "constraints": [...], "groups": [...],
///   "cliargs": [...], "specs": [...]
/// }
/// ```
///
/// - **Datatypes** embed their fields as `params`. `type` 1 marks system types (skipped: 9999 File,
///   10000 Variable, 10001 String, 10002 Number, 10003 Boolean), `type` 2 hidden and anonymous types,
///   which get a model only when something uses them (as do negative ids and names starting with `_`;
///   an anonymous type without a name is named after its first use, e.g. `UserAddress`).
/// - **Formats**: 0 hash (a model); 1 enumeration (each member's key is its `name`, its value its
///   `defaultValue`); 2 array, inlined wherever it is used: its one param is the element, and as in
///   NEI (its mock data and nei-toolkit's `getDatatype`) the param's `isArray` adds a second level; 3, 4
///   and 5 user-defined basic types (`Float`: a Number), aliases of their param's type, or of String,
///   Number or Boolean when they have none. A basic type named like one of the generator's reserved
///   types (`Integer`) is that type, so an NEI `Integer` becomes an `Int`; the value types (`Int64`,
///   `Date`, ...) are chosen in `htcodegen.json` (`fieldTypes`), so a basic type named `Date` stays what
///   its format says. 6 (file) is a String and 7 (map) a Variable, each with a warning. NEI's File type
///   itself is a String with a warning at every use (see ``NEISystemTypes``).
/// - **Interfaces**: `method` is a string; `params.inputs` and `params.outputs` are parameter lists or
///   one imported datatype (see ``NEIReadContext/parameters(_:of:)``); `params.reqHeaders` are constant
///   when their `defaultValue` is set and variable otherwise; `resHeaders` are not used. The class
///   name, path and path parameters follow ``NEIReadContext/interface(_:method:methodLocation:parameters:)``.
/// - `templates`, `pages`, `constraints`, `groups`, `cliargs` and `specs` (var-maps included) are not
///   used.
package struct NEIV3Reader {
    private var context: NEIReadContext

    /// Reads a parsed v3.x export (the object inside the API's `{"code": 200, "result": ...}` wrapper,
    /// if it had one). Every problem is reported; the document holds what could be read.
    package static func read(_ export: JSONNode, file: String) -> (SpecDocument, [Diagnostic]) {
        var reader = NEIV3Reader(context: NEIReadContext(file: file))
        let document = reader.readDocument(export)
        return (document, reader.context.diagnostics.all)
    }

    private init(context: NEIReadContext) {
        self.context = context
    }

    /// NEI's datatype `type`.
    private enum Visibility: Int {
        case normal = 0
        case system = 1
        case hidden = 2
    }

    /// A datatype that passed the first reading step, for the second.
    private struct Declared {
        var node: JSONNode
        var id: Int
        var name: String
        var nameLocation: SourceLocation
        var format: NEIDatatypeFormat?
        var formatCode: Int
        var formatLocation: SourceLocation
        var isHidden: Bool
        var params: [JSONNode]
    }

    private mutating func readDocument(_ export: JSONNode) -> SpecDocument {
        guard var document = context.document(for: export) else { return SpecDocument(file: context.file) }
        let datatypes = context.array(export, "datatypes", in: "the NEI export")
        let interfaces = context.array(export, "interfaces", in: "the NEI export")

        // 1. Declare every datatype by id, so that references may come before declarations.
        var declared: [Declared] = []
        for node in datatypes {
            guard context.object(node, "a datatype") != nil else { continue }
            guard let (id, idLocation) = context.integer(node, "id", in: "a datatype", required: true) else { continue }
            if NEISystemTypes.isSystem(id) { continue }
            let idWhat = "the datatype with id \(id)"
            guard let (formatCode, formatLocation) = context.integer(node, "format", in: idWhat, required: true) else {
                continue
            }
            let format = NEIDatatypeFormat(rawValue: formatCode)
            var visibility = Visibility.normal
            if let (code, location) = context.integer(node, "type", in: idWhat, required: false) {
                if let known = Visibility(rawValue: code) {
                    visibility = known
                } else {
                    context.diagnostics.warning(
                        "the \"type\" of \(idWhat) is \(code); NEI uses 0 (normal), 1 (system) or 2 (hidden); it is read as a normal type",
                        at: location)
                }
            }
            if visibility == .system {
                // A system type this generator does not know by id: stands for the system type of its format.
                context.types.alias(id: id, toSystemType: format?.basicTypeName ?? "Variable")
                continue
            }
            let (name, nameLocation, isHidden) = context.datatypeName(node, id: id, idLocation: idLocation) {
                visibility == .hidden || id < 0 || $0.hasPrefix("_")
            }
            if let format, format.basicTypeName != nil, BuiltInTypes.reserved[name] != nil,
                context.types.entries[id] == nil
            {
                // `Integer` (a Number) is the generator's Integer; `String` is String.
                context.types.alias(id: id, toSystemType: name)
                continue
            }
            guard context.declareDatatype(id: id, name: name, location: idLocation, isHidden: isHidden) else {
                continue
            }
            declared.append(
                Declared(
                    node: node, id: id, name: name, nameLocation: nameLocation, format: format,
                    formatCode: formatCode, formatLocation: formatLocation, isHidden: isHidden,
                    params: context.array(node, "params", in: "datatype '\(name)'")))
        }

        // 2. Name anonymous types after their first use.
        context.nameAnonymousTypes(fields: declared.map { ($0.name, $0.params) }, interfaces: interfaces) {
            interface, key in interface["params"]?.value[key]?.value.arrayElements ?? []
        }

        // 3. The datatypes.
        for type in declared {
            if let decl = readType(type) { document.types.append(decl) }
        }

        // 4. The interfaces.
        for node in interfaces {
            if let interface = readInterface(node) { document.interfaces.append(interface) }
        }
        NEIPagingInference.apply(to: &document, defaults: context.pagingInputDefaults)
        return document
    }

    private mutating func readType(_ type: Declared) -> TypeDecl? {
        let name = context.types.entries[type.id]?.name ?? type.name
        let what = "datatype '\(name)'"
        let kind: TypeDecl.Kind
        switch type.format {
        case .hash?:
            kind = .hash(context.fields(type.params, of: what))
        case .enumeration?:
            kind = .enumeration(context.enumMembers(type.params, of: name, keys: .v3))
        case .array?:
            guard type.params.count == 1, let element = type.params.first else {
                context.diagnostics.error(
                    "the array \(what) must have exactly one param, its element type; it has \(type.params.count)",
                    at: type.nameLocation)
                return nil
            }
            guard context.object(element, "the element of the array \(what)") != nil,
                let elementType = context.typeRef(element, in: "the element of the array \(what)")
            else { return nil }
            kind = .array(elementType)
        case .string?, .number?, .boolean?:
            if let param = type.params.first {
                guard context.object(param, "the param of \(what)") != nil,
                    let base = context.typeRef(param, in: "the base type of \(what)")
                else { return nil }
                kind = .alias(base)
            } else {
                kind = .alias(TypeRef(name: type.format?.basicTypeName ?? "String", location: type.formatLocation))
            }
        case .file?:
            context.diagnostics.warning(
                "\(what) has the format 6 (file): \(NEISystemTypes.fileWarning)", at: type.formatLocation)
            kind = .alias(TypeRef(name: "String", location: type.formatLocation))
        case .hashMap?:
            context.diagnostics.warning(
                "\(what) has the format 7 (an NEI map); the generator has no map type, so it is generated as a Variable (any JSON value)",
                at: type.formatLocation)
            kind = .alias(TypeRef(name: "Variable", location: type.formatLocation))
        case nil:
            context.diagnostics.error(
                "\(what) has the format \(type.formatCode); NEI v3.x datatypes have 0 (hash), 1 (enumeration), 2 (array), 3 (string), 4 (number), 5 (boolean), 6 (file) or 7 (map)",
                at: type.formatLocation)
            return nil
        }
        return TypeDecl(
            name: name, location: type.nameLocation, description: context.description(type.node, in: what), kind: kind,
            isHidden: type.isHidden)
    }

    private mutating func readInterface(_ node: JSONNode) -> InterfaceDecl? {
        guard context.object(node, "an interface") != nil else { return nil }
        let what = NEIReadContext.interfaceLabel(node)
        guard let (method, methodLocation) = context.text(node, "method", in: what, required: true) else { return nil }
        var parameters = NEIReadContext.InterfaceParameters(inputs: [], outputs: [], headers: [])
        if let member = node["params"], member.value.value != .null {
            let params = member.value
            if context.object(params, "the \"params\" of \(what)") != nil {
                parameters.inputs = context.array(params, "inputs", in: "the \"params\" of \(what)")
                parameters.outputs = context.array(params, "outputs", in: "the \"params\" of \(what)")
                parameters.headers = context.array(params, "reqHeaders", in: "the \"params\" of \(what)")
            }
        }
        return context.interface(
            node, method: method.uppercased(), methodLocation: methodLocation, parameters: parameters)
    }
}
