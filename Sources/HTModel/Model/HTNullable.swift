/// A field whose spec allows `null` and does not require it: three states, so that an app can tell a
/// server's `null` from a missing key and send `{"nickname": null}` to clear a value (a PATCH), which a
/// plain optional cannot say.
///
/// ```swift
/// let patch = HTPetPatch { $0.nickname = .null }         // sends {"nickname":null}
/// let rename = HTPetPatch { $0.nickname = .value("Rex") } // sends {"nickname":"Rex"}
/// let none = HTPetPatch { _ in }                          // sends {}
/// switch pet.nickname {
/// case .value(let name): show(name)
/// case .null: showCleared()
/// case .absent: break
/// }
/// pet.nickname.value                                       // String?: the value, nil for null or absent
/// ```
public enum HTNullable<Wrapped: Sendable & Hashable>: Sendable, Hashable {
    /// The key is missing: the server did not send it, and the app does not send it.
    case absent
    /// JSON `null`: the server sent it, or the app sends it (to clear the value).
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or `nil` when the field is `null` or absent.
    @inlinable
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    /// The field as the mapper fills it: `nil` when absent. Generated code reads and writes it.
    @inlinable
    public var htSlot: HTNullable<Wrapped>? {
        get {
            if case .absent = self { return nil }
            return self
        }
        set { self = newValue ?? .absent }
    }
}

extension HTNullable: HTJSONValueConvertible where Wrapped: HTJSONValueConvertible {
    /// `null` becomes ``null``; any other value is mapped as `Wrapped`.
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> HTNullable<Wrapped>? {
        if case .null = json { return .null }
        return Wrapped.htDecode(json, context: &context).map(HTNullable.value)
    }

    /// ``null`` is read from JSON `null`, not taken for a missing value.
    public static var htDecodesNull: Bool { true }

    public var htJSON: HTJSON {
        switch self {
        case .value(let wrapped): return wrapped.htJSON
        case .null, .absent: return .null
        }
    }

    public func htJSON(dateFormat: HTDateFormat) -> HTJSON {
        switch self {
        case .value(let wrapped): return wrapped.htJSON(dateFormat: dateFormat)
        case .null, .absent: return .null
        }
    }

    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        switch self {
        case .value(let wrapped): wrapped.htWrite(to: writer)
        case .null, .absent: writer.write(HTJSON.null)
        }
    }

    public static var htTypeDescription: String { Wrapped.htTypeDescription + " or null" }
}
