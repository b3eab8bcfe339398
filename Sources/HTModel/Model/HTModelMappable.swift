import Foundation

/// An immutable model the mapper can build from JSON and turn back into JSON. Generated models conform
/// to it; hand-written models can too.
///
/// A model keeps its fields in one `let` value, its `Storage`, and is read like any class
/// (`user.name`, `articles.map(\.title)`): each field is read from the storage, with no lock, since
/// nothing can change a model once it is built. Building and editing go through the storage:
///
/// ```swift
/// let user = HTUser { $0.name = "Ann"; $0.address = HTAddress { $0.city = "Shanghai" } }
/// let renamed = user.with { $0.name = "Anne" }   // a new model; `user` is unchanged
/// ```
///
/// Two models are equal when they are of the same type and their storage is equal, field by field
/// (``HTHTTPModel``). Because a model never changes, one model can be shared between threads, tasks and
/// requests, and kept in a `Set` or as a dictionary key.
///
/// A conformer is a final class with one stored property, `let htStorage: Storage`, an initializer from
/// it, and a table with one accessor per field (`htAccessors`); the two metadata lists of NEI's
/// generated Objective-C models and the default mapping are derived from that table. That part of the
/// shape is what generated code uses, behind `@_spi(Generated) import HTModel` (see
/// the article "API stability of generated code"):
///
/// ```swift
/// @_spi(Generated) import HTModel
///
/// final class HTUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
///     // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct, and
///     // HTHTTPModel holds no state.
///     struct Storage: HTOptionalFieldsStorage {
///         var id: Int?
///         var name: String?
///     }
///     let htStorage: Storage
///     init(htStorage: Storage) { self.htStorage = htStorage; super.init() }
///
///     static let htAccessors: [HTPropertyAccessor<HTUser>] = [
///         .init("id", { $1(&$0.id) }),
///         .init("name", { $1(&$0.name) }),
///     ]
///     static let htMapping: HTObjectMapping<HTUser> = .defaultMapping()
/// }
/// ```
@dynamicMemberLookup
public protocol HTModelMappable: AnyObject, HTJSONValueConvertible, HTMappingHooks, Codable
where Storage: HTModelStorage {
    /// The fields, as one value (its type is the model's `Storage`, the value a builder fills and
    /// ``with(_:)`` edits). Read single fields through the model (`user.name`).
    var htStorage: Storage { get }

    /// Creates a model holding `storage`. Build models with ``init(_:)`` instead.
    @_spi(Generated) init(htStorage storage: Storage)

    /// The equivalent of NEI's `customTypePropertyDic`: for every property whose type (or array element
    /// type) is a model, that model type. The default derives it from `htAccessors`.
    static var customTypePropertyDic: [String: any HTModelMappable.Type] { get }

    /// The equivalent of NEI's `baseTypePropertyList`: the names of all other properties, in declaration
    /// order. The default derives it from `htAccessors`.
    static var baseTypePropertyList: [String] { get }

    /// Typed access to every field, in declaration order: the model's one table of its properties.
    @_spi(Generated) static var htAccessors: [HTPropertyAccessor<Self>] { get }

    /// The mapping used when nothing else is asked for: the default mapping of `htAccessors`, unless
    /// the model declares another.
    static var htMapping: HTObjectMapping<Self> { get }
}

extension HTModelMappable {
    /// The field at `field` of the model's `Storage`: `user.name` reads `name` from the storage.
    @inlinable
    public subscript<Value>(dynamicMember field: KeyPath<Storage, Value>) -> Value {
        htStorage[keyPath: field]
    }

    /// The required field at `field` of the model's `Storage`, as its value: `pet.name` is a `String`
    /// when the spec requires it (``HTRequired``).
    @inlinable
    public subscript<Value>(dynamicMember field: KeyPath<Storage, HTRequired<Value>>) -> Value {
        htStorage[keyPath: field].value
    }

    /// The accessor of the property called `name`.
    @_spi(Generated)
    public static func htAccessor(named name: String) -> HTPropertyAccessor<Self>? {
        htAccessors.first { $0.name == name }
    }

    /// Derived from the model's accessors: every relationship property's name → its model type.
    public static var customTypePropertyDic: [String: any HTModelMappable.Type] {
        var result: [String: any HTModelMappable.Type] = [:]
        for accessor in htAccessors {
            if let type = accessor.relationshipType { result[accessor.name] = type }
        }
        return result
    }

    /// Derived from the model's accessors: the names of the properties that hold no model, in
    /// declaration order.
    public static var baseTypePropertyList: [String] {
        htAccessors.compactMap { $0.isRelationship ? nil : $0.name }
    }

    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        guard case .object(let object) = json else {
            context.reportMismatch(expected: "object (\(htTypeDescription))", found: json)
            return nil
        }
        return htMapping.model(from: object, context: &context)
    }

    /// The model as a JSON object, without the properties on its serialisation blacklist.
    public var htJSON: HTJSON { .object(Self.htMapping.json(from: self, excluding: [], applyingBlacklist: true)) }

    /// Writes the model as a JSON object (without the properties on its serialisation blacklist).
    @_spi(Generated) public func htWrite(to writer: HTJSONWriter) {
        Self.htMapping.write(self, to: writer, applyingBlacklist: true)
    }

    public static var htTypeDescription: String { String(describing: Self.self) }

    // MARK: Creating models from JSON

    /// Creates a model from a JSON value. Throws when the value is not an object, or in strict mode when
    /// any value could not be converted.
    public init(json: HTJSON, options: HTMappingOptions = .lenient) throws(HTMappingError) {
        self.init(htStorage: try Self.htStorage(mapping: json, over: nil, options: options).storage)
    }

    /// Creates a model from JSON bytes.
    public init(jsonData data: Data, options: HTMappingOptions = .lenient) throws {
        let json = try HTJSON(parsing: data)
        try self.init(json: json, options: options)
    }

    /// Creates a model from a JSON string.
    public init(jsonString string: String, options: HTMappingOptions = .lenient) throws {
        let json = try HTJSON(parsing: string)
        try self.init(json: json, options: options)
    }

    /// A new model with the JSON object's keys applied over this model's values (the original's
    /// `modelSetWithJSON:`): keys the object lacks keep this model's values; this model is unchanged.
    public func htUpdated(from json: HTJSON, options: HTMappingOptions = .lenient) throws(HTMappingError) -> Self {
        try Self.htMapped(from: json, over: self, options: options).model
    }

    /// A model mapped from the JSON object `json`, over `base`'s values when given (keys the object
    /// lacks keep them), and the diagnostics of the values that could not be converted. Throws when
    /// `json` is not an object, or in strict mode when any value could not be converted.
    public static func htMapped(from json: HTJSON, over base: Self? = nil, options: HTMappingOptions = .lenient)
        throws(HTMappingError) -> (model: Self, diagnostics: [HTMappingDiagnostic])
    {
        let mapped = try htStorage(mapping: json, over: base?.htStorage, options: options)
        return (Self(htStorage: mapped.storage), mapped.diagnostics)
    }

    /// `storage` with the JSON object's mapped keys applied, and the diagnostics: the work of
    /// ``htMapped(from:over:options:)`` and ``init(json:options:)``, before a model is made.
    /// A required field without a value fails it in lenient mode too (``HTRequired``); `base` is the
    /// storage of the model mapped over, if any.
    private static func htStorage(mapping json: HTJSON, over base: Storage?, options: HTMappingOptions)
        throws(HTMappingError) -> (storage: Storage, diagnostics: [HTMappingDiagnostic])
    {
        guard case .object(let object) = json else {
            throw HTMappingError(path: HTJSONPath(), message: "expected object, found \(json.kindDescription)")
        }
        var context = HTMappingContext(options: options)
        context.mapsOverModel = base != nil
        var storage = base ?? Storage()
        _ = htMapping.applyChecking(object, to: &storage, context: &context)
        try context.checkStrict()
        return (storage, context.diagnostics)
    }

    // MARK: Turning models into JSON

    /// The model as a JSON object, leaving out `nil` properties, the properties named in `excluding`
    /// (the original's `ht_modelToJSONObject:` blacklist) and those on the model's
    /// ``HTMappingHooks/htSerializationBlacklist``.
    public func htJSONObject(excluding: Set<String> = []) -> HTJSONObject {
        Self.htMapping.json(from: self, excluding: excluding, applyingBlacklist: true)
    }

    /// The model as JSON bytes. Compact output (no options) is written straight from the properties;
    /// other options go through ``HTJSONValueConvertible/htJSON``.
    public func htJSONData(options: HTJSONSerializer.Options = []) -> Data {
        guard options.isEmpty else { return htJSON.serializedData(options: options) }
        let writer = HTJSONWriter()
        htWrite(to: writer)
        return writer.data
    }

    /// The model as a JSON string.
    public func htJSONString(options: HTJSONSerializer.Options = []) -> String {
        guard options.isEmpty else { return htJSON.serializedString(options: options) }
        let writer = HTJSONWriter()
        htWrite(to: writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
