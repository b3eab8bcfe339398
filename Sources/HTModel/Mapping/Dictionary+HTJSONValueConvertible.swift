/// String-keyed maps (`{"en": "Hello", "zh": "你好"}` as `[String: String]`, `[String: HTPrice]`).
///
/// Mapping keeps every key. A value that cannot be converted (or is `null`) drops that entry and is
/// reported at its key's path; strict mapping turns the report into an error. When the JSON object has
/// a key twice, the last value wins, as for object lookups. Maps are written with their keys sorted, so
/// the same map always gives the same bytes (a cache key, a signature).
extension Dictionary: HTJSONValueConvertible where Key == String, Value: HTJSONValueConvertible {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> [String: Value]? {
        guard case .object(let object) = json else {
            context.reportMismatch(expected: htTypeDescription, found: json)
            return nil
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for member in object.members {
            let before = context.diagnosticCount
            if case .null = member.value {
                result[member.key] = nil
                context.report("expected \(Value.htTypeDescription), found null")
            } else if let value = Value.htDecode(member.value, context: &context) {
                result[member.key] = value
            } else {
                result[member.key] = nil
            }
            if context.diagnosticCount != before {
                context.prefixDiagnostics(since: before, with: .key(member.key))
            }
        }
        return result
    }

    public var htJSON: HTJSON { htJSONObject { $0.htJSON } }

    public func htJSON(dateFormat: HTDateFormat) -> HTJSON { htJSONObject { $0.htJSON(dateFormat: dateFormat) } }

    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        writer.beginObject()
        var first = true
        for key in keys.sorted() {
            guard let value = self[key] else { continue }
            if !first { writer.writeComma() }
            first = false
            writer.writeKey(key)
            value.htWrite(to: writer)
        }
        writer.endObject()
    }

    public static var htTypeDescription: String { "map of \(Value.htTypeDescription)" }

    /// The map as a JSON object, keys sorted.
    private func htJSONObject(_ convert: (Value) -> HTJSON) -> HTJSON {
        var object = HTJSONObject()
        object.members.reserveCapacity(count)
        for key in keys.sorted() {
            guard let value = self[key] else { continue }
            object.append(key, convert(value))
        }
        return .object(object)
    }
}

/// Lets the mapper look inside string-keyed maps without knowing their value type statically.
package protocol HTDictionaryOfValues {
    /// The model type of the values, if they are models.
    static var htValueModelType: (any HTModelMappable.Type)? { get }
}

extension Dictionary: HTDictionaryOfValues where Key == String, Value: HTJSONValueConvertible {
    package static var htValueModelType: (any HTModelMappable.Type)? { Value.htModelType }
}
