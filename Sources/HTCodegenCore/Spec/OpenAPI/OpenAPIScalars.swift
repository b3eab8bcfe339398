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
///
/// A string whose content is bytes (3.1's `contentEncoding: base64`, `base64url` or `binary`, or a
/// `contentMediaType` that is not text, JSON or XML: FastAPI's `UploadFile` is
/// `{type: string, contentMediaType: application/octet-stream}`) is `Data` whatever its `format`,
/// as `format: byte` and `format: binary` are.
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

    /// The scalar of `schema` read as `type`: ``scalar(type:format:)``, except that a string whose
    /// content is bytes (``holdsBytes(_:)``) is `Data`.
    static func scalar(of schema: JSONNode, type: String) -> Scalar? {
        if type == "string", holdsBytes(schema) { return Scalar(name: "Data") }
        return scalar(type: type, format: schema.string("format"))
    }

    /// Whether a string schema's content is bytes, by OpenAPI 3.1's (JSON Schema's) keywords:
    /// `contentEncoding` `base64`, `base64url` or `binary`, or a `contentMediaType` that is not text
    /// (`text/*`), JSON, XML or a form.
    static func holdsBytes(_ schema: JSONNode) -> Bool {
        if let encoding = schema.string("contentEncoding")?.lowercased() {
            if ["base64", "base64url", "binary"].contains(encoding) { return true }
        }
        guard let mediaType = schema.string("contentMediaType") else { return false }
        let bare = OpenAPIReadContext.bareMediaType(mediaType).lowercased()
        if bare.isEmpty || bare.hasPrefix("text/") { return false }
        if OpenAPIReadContext.MediaKind(bare) != .other { return false }
        return !(bare.hasSuffix("/xml") || bare.hasSuffix("+xml") || bare == "application/javascript")
    }

    /// The schema's types other than `"null"`, each once: `type` as a string or a 3.1 array.
    static func types(of schema: JSONNode) -> [String] {
        guard let member = schema["type"] else { return [] }
        if let single = member.value.stringValue { return single == "null" ? ["null"] : [single] }
        let all = (member.value.arrayElements ?? []).compactMap(\.stringValue)
        var seen: Set<String> = []
        let nonNull = all.filter { $0 != "null" && seen.insert($0).inserted }
        return nonNull.isEmpty && !all.isEmpty ? ["null"] : nonNull
    }

    /// The type of a schema without `type`, from the keys it has: `properties` or
    /// `additionalProperties` → object, `items` or `prefixItems` → array, a `format`, `contentMediaType`,
    /// `contentEncoding` or `enum` of strings → string.
    static func impliedType(_ schema: JSONNode) -> String? {
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil || schema["prefixItems"] != nil { return "array" }
        if let values = enumValues(schema) {
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
        if schema["format"] != nil || schema["contentMediaType"] != nil || schema["contentEncoding"] != nil {
            return "string"
        }
        return nil
    }

    /// The values of `enum`, else the one value of `const` (an enumeration of one value), else `nil`.
    static func enumValues(_ schema: JSONNode) -> [JSONNode]? {
        schema["enum"]?.value.arrayElements ?? schema["const"].map { [$0.value] }
    }

    /// The raw type of an enumeration `schema` declares (by `enum`, or `const`: an enumeration of one
    /// value): strings (every value a string) or integers (`type: integer` or every value an integer);
    /// `nil` when it is not an enum of either (`null` values aside).
    static func enumRawType(_ schema: JSONNode) -> TypeDecl.EnumRawType? {
        guard let values = enumValues(schema) else { return nil }
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
