/// String-keyed maps (`{"en": "Hello", "zh": "你好"}` as `[String: String]`, `[String: HTPrice]`).
///
/// Mapping keeps every key. A value that cannot be converted (or is `null`) drops that entry and is
/// reported at its key's path; strict mapping turns the report into an error. When the JSON object has
/// a key twice, the last value wins, as for object lookups. Two keys that differ only in Unicode
/// normalization (`"\u00e9"` and `"e\u0301"`) are different JSON keys but the same Swift `String`, so a
/// `[String: Value]` cannot hold both: the first is kept, and the later one is left out and reported at
/// its own path (an error in strict mapping), never merged silently. Maps are written with their keys
/// sorted, so the same map always gives the same bytes (a cache key, a signature).
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
            htDecodeMember(member.key, member.value, into: &result, keepsNull: false, context: &context)
            if context.diagnosticCount != before {
                context.prefixDiagnostics(since: before, with: .key(member.key))
            }
        }
        return result
    }

    /// Adds the member `key` of a JSON object, whose value is `json`, to `result`: the value converted
    /// as `Value` (the last value of a key wins); a value that cannot be converted, or `null` unless
    /// `keepsNull` (then `Value` converts it), removes the key's entry and is reported in `context` at
    /// the current path (the caller adds the key). A key that differs from one in `result` only in
    /// Unicode normalization is left out and reported (see the type's documentation). What ``htDecode(_:context:)``
    /// does for each member, and the additional properties of a model
    /// (``HTPropertyAccessor/init(additionalProperties:dateFormat:_:)``) for each member no property maps.
    @usableFromInline
    static func htDecodeMember(
        _ key: String, _ json: HTJSON, into result: inout [String: Value], keepsNull: Bool,
        context: inout HTMappingContext
    ) {
        if case .null = json, !keepsNull {
            removeUnlessTwin(key, from: &result)
            context.report("expected \(Value.htTypeDescription), found null")
        } else if let value = Value.htDecode(json, context: &context) {
            if let replaced = result.updateValue(value, forKey: key) {
                // Rare: the key was there. The same bytes: the last value wins. A normalization twin:
                // the first stays, with its own key's bytes, and this member is reported.
                if let twin = twin(of: key, in: result) {
                    result[key] = replaced
                    context.report(Self.twinMessage(twin))
                }
            }
        } else {
            removeUnlessTwin(key, from: &result)
        }
    }

    /// The key of `map` equal to `key` as a `String` but with other bytes (its normalization twin), if any.
    private static func twin(of key: String, in map: [String: Value]) -> String? {
        guard let index = map.index(forKey: key) else { return nil }
        let stored = map[index].key
        return stored.utf8.elementsEqual(key.utf8) ? nil : stored
    }

    /// Removes the entry of a member whose value was dropped (the last value wins), unless the entry is
    /// a normalization twin's, which stays (the member has its diagnostic already: `null` or the value's).
    private static func removeUnlessTwin(_ key: String, from map: inout [String: Value]) {
        if twin(of: key, in: map) == nil { map[key] = nil }
    }

    /// The diagnostic for a key that differs from the earlier key `twin` only in Unicode normalization.
    private static func twinMessage(_ twin: String) -> String {
        "the key differs from the earlier key \"\(twin)\" only in Unicode normalization; "
            + "a map with String keys cannot hold both, so this member is left out"
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
