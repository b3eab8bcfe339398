/// OpenAPI's scalar `type`s and `format`s, and the built-in types they become.
///
/// | type | format | type name |
/// |---|---|---|
/// | integer | int32 / int64 / uint64 / none or other | Int32 / Int64 / UInt64 / Integer |
/// | number | decimal / int32 / int64 / float, double, none or other | Decimal / Int32 / Int64 / Number |
/// | string | date-time / date | Date (ISO 8601 / calendar date) |
/// | string | uuid / uri, url / byte, binary / decimal | UUID / URL / Data / Decimal |
/// | string | anything else | String |
/// | boolean | | Boolean |
enum OpenAPIScalars {
    /// A scalar's type name and whether it is a calendar date.
    struct Scalar {
        var name: String
        var isDateOnly = false
    }

    /// The scalar of `type` with `format`, or `nil` when `type` is not a scalar type.
    static func scalar(type: String, format: String?) -> Scalar? {
        switch type {
        case "integer":
            switch format {
            case "int32": return Scalar(name: "Int32")
            case "int64": return Scalar(name: "Int64")
            case "uint64": return Scalar(name: "UInt64")
            default: return Scalar(name: "Integer")
            }
        case "number":
            switch format {
            case "decimal": return Scalar(name: "Decimal")
            case "int32": return Scalar(name: "Int32")
            case "int64": return Scalar(name: "Int64")
            default: return Scalar(name: "Number")
            }
        case "string":
            switch format {
            case "date-time": return Scalar(name: "Date")
            case "date": return Scalar(name: "Date", isDateOnly: true)
            case "uuid": return Scalar(name: "UUID")
            case "uri", "url": return Scalar(name: "URL")
            case "byte", "binary": return Scalar(name: "Data")
            case "decimal": return Scalar(name: "Decimal")
            default: return Scalar(name: "String")
            }
        case "boolean":
            return Scalar(name: "Boolean")
        case "null":
            return Scalar(name: "Variable")
        default:
            return nil
        }
    }

    /// The schema's types other than `"null"`: `type` as a string or a 3.1 array.
    static func types(of schema: JSONNode) -> [String] {
        guard let member = schema["type"] else { return [] }
        if let single = member.value.stringValue { return single == "null" ? ["null"] : [single] }
        let all = (member.value.arrayElements ?? []).compactMap(\.stringValue)
        let nonNull = all.filter { $0 != "null" }
        return nonNull.isEmpty && !all.isEmpty ? ["null"] : nonNull
    }

    /// The type of a schema without `type`, from the keys it has: `properties` or
    /// `additionalProperties` → object, `items` → array, a `format` or `enum` of strings → string.
    static func impliedType(_ schema: JSONNode) -> String? {
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        if let values = schema["enum"]?.value.arrayElements ?? schema["const"].map({ [$0.value] }) {
            let kinds = Set(
                values.compactMap { value -> String? in
                    switch value.value {
                    case .string: return "string"
                    case .number(let text): return Int(text) != nil ? "integer" : "number"
                    case .bool: return "boolean"
                    default: return nil
                    }
                })
            if kinds.count == 1 { return kinds.first }
        }
        if schema["format"] != nil { return "string" }
        return nil
    }

    /// The raw type of an enumeration `schema` declares: strings (every value a string) or integers
    /// (`type: integer` or every value an integer); `nil` when it is not an enum of either (`null`
    /// values aside).
    static func enumRawType(_ schema: JSONNode) -> TypeDecl.EnumRawType? {
        guard let values = schema["enum"]?.value.arrayElements else { return nil }
        let nonNull = values.filter { $0.value != .null }
        guard !nonNull.isEmpty else { return nil }
        let declared = types(of: schema)
        if nonNull.allSatisfy({ $0.stringValue != nil }), declared.isEmpty || declared == ["string"] {
            return .string
        }
        let allIntegers = nonNull.allSatisfy {
            if case .number(let text) = $0.value { return Int(text) != nil }
            return false
        }
        if allIntegers, declared.isEmpty || declared == ["integer"] { return .integer }
        return nil
    }
}
