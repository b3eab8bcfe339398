/// How a model takes part in its own mapping (the original's `HTHTTPModel` / `NSObject+HTModel` hooks and
/// RestGoatee's overrides). Every requirement has a default that does nothing, so models implement only
/// what they need, usually as `static let`s in an extension:
///
/// ```swift
/// extension HTUser {
///     static let htOverrideKeys = ["super_secret_str": "name"]
///     static let htValueTransforms: [String: HTValueTransform<HTUser>] = [
///         "created": HTValueTransform(
///             fromJSON: { storage, json, _ in
///                 storage.created = json.intValue.map { Date(timeIntervalSince1970: Double($0)) }
///             },
///             toJSON: { user in user.created.map { .integer(Int64($0.timeIntervalSince1970)) } })
///     ]
///     static let htShouldTransformValue: HTShouldTransformValue<HTUser>? = { storage, value, property in
///         guard property == "name" else { return true }
///         storage.name = value.stringValue?.uppercased()
///         return false
///     }
///     static let htSerializationBlacklist: Set<String> = ["password"]
/// }
/// ```
///
/// Hooks that set fields get the model's storage being filled, never a half-built
/// model: the mapper builds the model once, after every hook has run.
///
/// The hooks are read once per model type, when its mapping is built (`defaultMapping()`
/// for the overrides; the first use of the mapping for the rest): a model without hooks maps exactly as
/// fast as if they did not exist, and changing a hook's value after that has no effect.
public protocol HTMappingHooks: AnyObject {
    /// The fields the hooks set: a model's storage (see ``HTModelStorage``).
    associatedtype Storage

    /// JSON keys for properties whose key differs from the default one, as `[JSON key: property name]`
    /// (RestGoatee's `+overrideKeysForMapping`). The default mapping reads and writes the property under
    /// this key instead of its own. Names that are not properties are ignored.
    static var htOverrideKeys: [String: String] { get }

    /// Custom conversions by JSON key path (`"created"`, `"meta.created"`): when mapping, the transform
    /// is called with the value at that key path instead of the standard conversion of the property
    /// mapped from it (or as an extra step when no property is); when turning the model into JSON, it
    /// gives the value written at that key path.
    static var htValueTransforms: [String: HTValueTransform<Self>] { get }

    /// Called before each property is set from JSON (RestGoatee's `-shouldTransformValue:forProperty:`)
    /// with the storage being filled, the JSON value (never absent; it may be `null`) and the property's name.
    /// Returning `false` means the hook set the field itself (or chose to leave it), and the mapper
    /// does nothing more. `nil` (the default) maps every property normally.
    static var htShouldTransformValue: HTShouldTransformValue<Self>? { get }

    /// Properties left out when the model is turned into JSON (the original's `ht_modelToJSONObject`
    /// blacklist): ``HTJSONValueConvertible/htJSON``, ``HTModelMappable/htJSONObject(excluding:)``,
    /// ``HTModelMappable/htJSONData(options:)`` and ``HTModelMappable/htJSONString(options:)``.
    static var htSerializationBlacklist: Set<String> { get }
}

/// A model's hook deciding, per property, whether the mapper sets it (`true`) or the hook did (`false`).
/// Arguments: the storage being filled, the JSON value, the property's name.
public typealias HTShouldTransformValue<Model: HTMappingHooks> =
    @Sendable (_ storage: inout Model.Storage, _ value: HTJSON, _ property: String) -> Bool

/// A custom conversion of one JSON key path of a model, in either direction or both.
public struct HTValueTransform<Model: HTMappingHooks>: Sendable {
    /// Sets fields of the storage being filled from the JSON value at the key path (never called for an
    /// absent key). Report values it cannot use through the context.
    public let fromJSON:
        (@Sendable (_ storage: inout Model.Storage, _ value: HTJSON, _ context: inout HTMappingContext) -> Void)?
    /// The JSON value to write at the key path, or `nil` to leave it out.
    public let toJSON: (@Sendable (_ model: Model) -> HTJSON?)?

    /// Creates a transform. A direction left `nil` uses the standard conversion of the property mapped
    /// at the key path (if any).
    public init(
        fromJSON: (
            @Sendable (_ storage: inout Model.Storage, _ value: HTJSON, _ context: inout HTMappingContext) -> Void
        )? = nil,
        toJSON: (@Sendable (_ model: Model) -> HTJSON?)? = nil
    ) {
        self.fromJSON = fromJSON
        self.toJSON = toJSON
    }
}

extension HTMappingHooks {
    public static var htOverrideKeys: [String: String] { [:] }
    public static var htValueTransforms: [String: HTValueTransform<Self>] { [:] }
    public static var htShouldTransformValue: HTShouldTransformValue<Self>? { nil }
    public static var htSerializationBlacklist: Set<String> { [] }
}
