/// What both NEI readers share while reading one export: the diagnostics, the datatypes by id, and
/// typed access to the export's JSON that reports every wrong value at its position.
///
/// Exports carry many keys the generator does not use (`createTime`, `creator`, `testcases`, ...);
/// unlike the native reader, unknown keys are not reported. Keys that are read must have the right
/// kind of value, and required keys must be present; everything else is a diagnostic, never a crash.
struct NEIReadContext {
    /// The file, as named in diagnostics.
    let file: String
    /// Everything reported so far.
    var diagnostics = DiagnosticBag()
    /// The datatypes by id.
    var types = NEITypeTable()
    /// The `defaultValue` of each input that may be a page number or an offset, by where its name is
    /// written: the first page for ``NEIPagingInference``.
    var pagingInputDefaults: [SourceLocation: String] = [:]

    /// Creates a context for `file`.
    init(file: String) {
        self.file = file
    }

    // MARK: Values

    /// The elements of the array under `key`; `[]` when the key is missing or `null`, an error when it
    /// holds something else.
    mutating func array(_ node: JSONNode, _ key: String, in what: String) -> [JSONNode] {
        guard let member = node[key] else { return [] }
        switch member.value.value {
        case .array(let elements): return elements
        case .null: return []
        default:
            diagnostics.error(
                "\"\(key)\" of \(what) must be an array, found \(member.value.kindName)", at: member.value.location)
            return []
        }
    }

    /// The members of `node`, or an error when it is not an object.
    mutating func object(_ node: JSONNode, _ what: String) -> [JSONMember]? {
        guard let members = node.objectMembers else {
            diagnostics.error("\(what) must be an object, found \(node.kindName)", at: node.location)
            return nil
        }
        return members
    }

    /// The integer under `key` and where it is; an error when it is missing (if `required`) or not an
    /// integer.
    mutating func integer(_ node: JSONNode, _ key: String, in what: String, required: Bool) -> (Int, SourceLocation)? {
        guard let member = node[key], member.value.value != .null else {
            if required { diagnostics.error("\(what) has no \"\(key)\"", at: node.location) }
            return nil
        }
        guard let value = Self.integerValue(member.value) else {
            diagnostics.error(
                "\"\(key)\" of \(what) must be an integer, found \(Self.shown(member.value))", at: member.value.location
            )
            return nil
        }
        return (value, member.value.location)
    }

    /// The integer under `key` without reporting anything (for looking ahead).
    static func integer(_ node: JSONNode, _ key: String) -> Int? {
        node[key].flatMap { integerValue($0.value) }
    }

    /// The string under `key` and where it is. Missing: an error if `required`, else `nil`. `null`
    /// counts as missing; numbers are taken as written (NEI stores some values either way).
    mutating func text(_ node: JSONNode, _ key: String, in what: String, required: Bool) -> (String, SourceLocation)? {
        guard let member = node[key], member.value.value != .null else {
            if required { diagnostics.error("\(what) has no \"\(key)\"", at: node.location) }
            return nil
        }
        switch member.value.value {
        case .string(let text), .number(let text):
            return (text, member.value.location)
        default:
            diagnostics.error(
                "\"\(key)\" of \(what) must be a string, found \(member.value.kindName)", at: member.value.location)
            return nil
        }
    }

    /// A description: the string under `key`, `nil` when missing, `null` or blank.
    mutating func description(_ node: JSONNode, _ key: String = "description", in what: String) -> String? {
        guard let (text, _) = text(node, key, in: what, required: false), !text.trimmingSpaces.isEmpty else {
            return nil
        }
        return text
    }

    /// A flag such as `isArray`: `0`/`1` (any non-zero number is true) or a boolean; missing or `null`
    /// is false.
    mutating func flag(_ node: JSONNode, _ key: String, in what: String) -> Bool {
        guard let member = node[key] else { return false }
        switch member.value.value {
        case .null: return false
        case .bool(let value): return value
        case .number(let text):
            if let value = Double(text) { return value != 0 }
        default: break
        }
        diagnostics.error(
            "\"\(key)\" of \(what) must be 0, 1 or a boolean, found \(Self.shown(member.value))",
            at: member.value.location)
        return false
    }

    // MARK: Type references

    /// The type a parameter refers to: its `type` id (resolved to a name) and `isArray` (one array
    /// level). An unknown id is an error at the id.
    mutating func typeRef(
        _ parameter: JSONNode, in what: String, typeKey: String = "type", arrayKey: String? = "isArray"
    ) -> TypeRef? {
        let isArray = arrayKey.map { flag(parameter, $0, in: what) } ?? false
        guard let (id, location) = integer(parameter, typeKey, in: what, required: true) else { return nil }
        return typeRef(id: id, location: location, arrayDepth: isArray ? 1 : 0, in: what)
    }

    /// The type with `id`, written at `location`.
    mutating func typeRef(id: Int, location: SourceLocation, arrayDepth: Int, in what: String) -> TypeRef? {
        guard let name = types.name(for: id) else {
            diagnostics.error("\(what) refers to the datatype id \(id), which is not in \"datatypes\"", at: location)
            return nil
        }
        if id == NEISystemTypes.file {
            diagnostics.warning("\(what): \(NEISystemTypes.fileWarning)", at: location)
        }
        return TypeRef(name: name, arrayDepth: arrayDepth, location: location)
    }

    // MARK: Helpers

    /// An integer JSON number (`12`, `12.0`), or `nil`.
    static func integerValue(_ node: JSONNode) -> Int? {
        guard case .number(let text) = node.value else { return nil }
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// A value for a message: numbers and strings as written, other kinds by name.
    static func shown(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let text): return text
        case .string(let text): return "\"\(text)\""
        default: return node.kindName
        }
    }
}
