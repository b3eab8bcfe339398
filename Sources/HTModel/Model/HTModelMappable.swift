import Foundation

/// A model the mapper can create from JSON and turn back into JSON. Generated models conform to it;
/// hand-written models can too.
///
/// Conformers are final classes with a parameterless initializer and optional stored properties. A
/// conformer describes its properties once, in ``htAccessors`` (name, JSON key and access to each);
/// the two metadata lists of NEI's generated Objective-C models, the default mapping and copying are
/// derived from that table:
///
/// ```swift
/// final class HTUser: HTHTTPModel, HTModelMappable {
///     var id: Int?
///     var name: String?
///
///     static let htAccessors: [HTPropertyAccessor<HTUser>] = [
///         .init("id", get: { $0.id }, set: { $0.id = $1 }),
///         .init("name", get: { $0.name }, set: { $0.name = $1 }),
///     ]
///     static let htMapping: HTObjectMapping<HTUser> = .defaultMapping()
/// }
/// ```
///
/// Generated models are `Sendable`: they keep their properties in one struct guarded by a lock
/// (``HTGuardedModel``), and their accessors are `.init("id", guarded: { $1(&$0._htStorage.id) })`.
/// A key path also makes an accessor (`.init("id", \.id)`: shorter, slower to map, see
/// ``HTPropertyAccessor``).
public protocol HTModelMappable: AnyObject, HTJSONValueConvertible, HTMappingHooks, SendableMetatype {
    /// Creates a model with every property at its default.
    init()

    /// The equivalent of NEI's `customTypePropertyDic`: for every property whose type (or array element
    /// type) is a model, that model type. The default derives it from ``htAccessors``.
    static var customTypePropertyDic: [String: any HTModelMappable.Type] { get }

    /// The equivalent of NEI's `baseTypePropertyList`: the names of all other properties, in declaration
    /// order. The default derives it from ``htAccessors``.
    static var baseTypePropertyList: [String] { get }

    /// Typed access to every property, in declaration order: the model's one table of its properties.
    static var htAccessors: [HTPropertyAccessor<Self>] { get }

    /// The mapping used when nothing else is asked for. Models store
    /// `HTObjectMapping.defaultMapping()` here once.
    static var htMapping: HTObjectMapping<Self> { get }

    /// Sets every property of `copy` to this model's value, with deep copies of nested models and
    /// arrays of models: ``htCopy()``'s work, which the response cache does on every memory hit. The
    /// default goes through ``htAccessors``.
    func htCopyProperties(to copy: Self)
}

extension HTModelMappable {
    /// The accessor of the property called `name`.
    public static func htAccessor(named name: String) -> HTPropertyAccessor<Self>? {
        htAccessors.first { $0.name == name }
    }

    /// Derived from ``htAccessors``: every relationship property's name → its model type.
    public static var customTypePropertyDic: [String: any HTModelMappable.Type] {
        var result: [String: any HTModelMappable.Type] = [:]
        for accessor in htAccessors {
            if let type = accessor.relationshipType { result[accessor.name] = type }
        }
        return result
    }

    /// Derived from ``htAccessors``: the names of the properties that hold no model, in declaration order.
    public static var baseTypePropertyList: [String] {
        htAccessors.compactMap { $0.isRelationship ? nil : $0.name }
    }

    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        guard case .object(let object) = json else {
            context.reportMismatch(expected: "object (\(htTypeDescription))", found: json)
            return nil
        }
        let model = Self()
        htMapping.initialize(model, from: object, context: &context)
        return model
    }

    /// The model as a JSON object, without the properties on its serialisation blacklist.
    public var htJSON: HTJSON { .object(Self.htMapping.json(from: self, excluding: [], applyingBlacklist: true)) }

    /// Writes the model as a JSON object (without the properties on its serialisation blacklist).
    public func htWrite(to writer: HTJSONWriter) {
        Self.htMapping.write(self, to: writer, applyingBlacklist: true)
    }

    public static var htTypeDescription: String { String(describing: Self.self) }

    // MARK: Creating and updating models

    /// Creates a model from a JSON value. Throws when the value is not an object, or in strict mode when
    /// any value could not be converted.
    public init(json: HTJSON, options: HTMappingOptions = .lenient) throws(HTMappingError) {
        self.init()
        try htMap(json, options: options, fresh: true)
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

    /// Sets this model's properties from a JSON object; keys the object lacks leave properties as they are.
    /// Returns the diagnostics of values that could not be converted.
    @discardableResult
    public func htSet(from json: HTJSON, options: HTMappingOptions = .lenient) throws(HTMappingError)
        -> [HTMappingDiagnostic]
    {
        try htMap(json, options: options, fresh: false)
    }

    /// ``htSet(from:options:)``; `fresh` when `self` was just created and no other thread can see it.
    @discardableResult
    private func htMap(_ json: HTJSON, options: HTMappingOptions, fresh: Bool) throws(HTMappingError)
        -> [HTMappingDiagnostic]
    {
        guard case .object(let object) = json else {
            throw HTMappingError(path: HTJSONPath(), message: "expected object, found \(json.kindDescription)")
        }
        var context = HTMappingContext(options: options)
        if fresh {
            Self.htMapping.initialize(self, from: object, context: &context)
        } else {
            Self.htMapping.apply(object, to: self, context: &context)
        }
        try context.checkStrict()
        return context.diagnostics
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

    public func htCopyProperties(to copy: Self) {
        var context = HTMappingContext()
        for accessor in Self.htAccessors {
            _ = accessor.perform(.copy, self, .null, copy, &context)
        }
    }

    public static func htDeepCopy(_ value: Self) -> Self {
        value.htCopy()
    }

    /// A deep copy: nested models and arrays of models are copied too.
    public func htCopy() -> Self {
        let copy = Self()
        htCopyProperties(to: copy)
        return copy
    }
}
