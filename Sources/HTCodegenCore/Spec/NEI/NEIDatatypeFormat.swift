/// The `format` of an NEI datatype (`MDL_FMT_*` in NEI's `db.json`). v0.x exports use only hash, enum
/// and array; v3.x adds the basic formats, file, and (in later versions) a map type.
enum NEIDatatypeFormat: Int {
    /// A hash (object) type: a model.
    case hash = 0
    /// An enumeration.
    case enumeration = 1
    /// An array type: inlined as an array where used (nei-toolkit issue #22).
    case array = 2
    /// A user-defined string type.
    case string = 3
    /// A user-defined number type.
    case number = 4
    /// A user-defined boolean type.
    case boolean = 5
    /// A file type.
    case file = 6
    /// A string-keyed map (`MDL_FMT_HASHMAP`, later NEI versions).
    case hashMap = 7

    /// The system type a user-defined basic type of this format stands for.
    var basicTypeName: String? {
        switch self {
        case .string, .file: return "String"
        case .number: return "Number"
        case .boolean: return "Boolean"
        case .hashMap: return "Variable"
        case .hash, .enumeration, .array: return nil
        }
    }
}
