/// NEI's built-in data types, which exports refer to by fixed ids.
///
/// | id | NEI | generated as |
/// |---|---|---|
/// | 9999 | File (v3.x only) | `String`, with a warning at every use (see below) |
/// | 10000 | Variable | `Variable` (any JSON value, `HTJSON`) |
/// | 10001 | String | `String` |
/// | 10002 | Number | `Number` (`Double`) |
/// | 10003 | Boolean | `Boolean` (`Bool`) |
///
/// **File.** NEI's File type stands for a multipart upload. The runtime sends JSON or form parameters
/// and has no upload API, so no type can carry a file's bytes. A File parameter is generated as a
/// `String` (what JSON APIs usually send for a file: a URL, a name or base64 text) and every use gets
/// a warning saying so, rather than `Variable`, which would accept any JSON and hide the problem.
enum NEISystemTypes {
    /// NEI's File type (v3.x).
    static let file = 9999
    /// NEI's Variable type: any JSON value; the field an envelope's payload goes in.
    static let variable = 10000
    /// NEI's String type.
    static let string = 10001
    /// NEI's Number type.
    static let number = 10002
    /// NEI's Boolean type.
    static let boolean = 10003

    /// The generator's type name for a system type id, or `nil` when `id` is not a system type.
    static func typeName(forID id: Int) -> String? {
        switch id {
        case file: return "String"
        case variable: return "Variable"
        case string: return "String"
        case number: return "Number"
        case boolean: return "Boolean"
        default: return nil
        }
    }

    /// Whether `id` is one of NEI's built-in types.
    static func isSystem(_ id: Int) -> Bool {
        typeName(forID: id) != nil
    }

    /// The warning for a use of the File type.
    static let fileWarning =
        "NEI's File type is generated as a String (a file name, URL or base64 text): the runtime sends JSON and form parameters and has no file upload"
}
