/// Reading values out of an ``HTJSON`` without mapping it to a model: children by key, index or key
/// path, and scalars converted through the coercion table the mapper uses (the article "Mapping and
/// Coercion").
///
/// These return optionals, one step at a time. ``HTJSON/responseData`` gives the full accessor
/// (``HTResponseData``): non-optional chains that remember their path, value kinds, and lenient or
/// throwing scalars and dates whose errors say where and what was found.
extension HTJSON {
    /// The member `key` of an object; `nil` for other kinds or a missing key.
    public subscript(key: String) -> HTJSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; `nil` for other kinds or an index out of range.
    public subscript(index: Int) -> HTJSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at a dotted key path (`data.items`); `nil` when any step is missing.
    public func value(atKeyPath keyPath: String) -> HTJSON? {
        var current: HTJSON? = self
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(key)]
        }
        return current
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a string, if it is a string (no coercion).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as text, coerced (numbers and booleans become their text).
    public var coercedString: String? { HTValueCoercion.string(self) }
    /// The value as an integer, coerced exactly (`"42"` → 42; `4.5` → `nil`).
    public var intValue: Int? { HTValueCoercion.int(self) }
    /// The value as a 64-bit integer, coerced exactly.
    public var int64Value: Int64? { HTValueCoercion.int64(self) }
    /// The value as a double, coerced (`"1.5"` → 1.5).
    public var doubleValue: Double? { HTValueCoercion.double(self) }
    /// The value as a boolean, coerced (`1`, `"yes"`, `"true"` → `true`).
    public var boolValue: Bool? { HTValueCoercion.bool(self) }

    /// The elements, if this is an array.
    public var arrayValue: [HTJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: HTJSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}
