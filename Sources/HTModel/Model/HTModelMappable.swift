import Foundation

/// A model the mapper can create from JSON and turn back into JSON. Generated models conform to it;
/// hand-written models can too.
///
/// Conformers are final classes with a parameterless initializer, optional stored properties, an
/// accessor per property, and the two metadata lists of NEI's generated Objective-C models.
public protocol HTModelMappable: AnyObject, HTJSONValueConvertible, HTMappingHooks, SendableMetatype {
    /// Creates a model with every property at its default.
    init()

    /// The equivalent of NEI's `customTypePropertyDic`: for every property whose type (or array element
    /// type) is a model, that model type.
    static var customTypePropertyDic: [String: any HTModelMappable.Type] { get }

    /// The equivalent of NEI's `baseTypePropertyList`: the names of all other properties.
    static var baseTypePropertyList: [String] { get }

    /// Typed access to every property, in declaration order.
    static var htAccessors: [HTPropertyAccessor<Self>] { get }

    /// The mapping used when nothing else is asked for. Generated models store
    /// `HTObjectMapping.defaultMapping()` here once.
    static var htMapping: HTObjectMapping<Self> { get }

    /// Sets the property at `index` in ``htAccessors`` from `json`: the mapper's fast path. Generated
    /// models implement it with a `switch` that writes each stored property directly through
    /// ``HTMapper/decode(_:into:context:)``; the default goes through the accessor.
    static func htDecodeProperty(_ index: Int, of model: Self, from json: HTJSON, context: inout HTMappingContext)

    /// Writes the property at `index` in ``htAccessors`` as JSON and returns `true`, or returns `false`
    /// without writing anything when it is `nil`. Generated models implement it with a `switch` over
    /// ``HTMapper/encode(_:to:)``; the default goes through the accessor.
    static func htEncodeProperty(_ index: Int, of model: Self, to writer: HTJSONWriter) -> Bool

    /// Sets every property of `copy` to this model's value, with deep copies of nested models and
    /// arrays of models: ``htCopy()``'s work, which the response cache does on every memory hit.
    /// Generated models assign each stored property directly; the default goes through the accessors.
    func htCopyProperties(to copy: Self)
}

extension HTModelMappable {
    /// The accessor of the property called `name`.
    public static func htAccessor(named name: String) -> HTPropertyAccessor<Self>? {
        htAccessors.first { $0.name == name }
    }

    public static func htDecodeProperty(_ index: Int, of model: Self, from json: HTJSON, context: inout HTMappingContext) {
        let accessors = htAccessors
        guard accessors.indices.contains(index) else { return }
        accessors[index].decode(model, json, &context)
    }

    public static func htEncodeProperty(_ index: Int, of model: Self, to writer: HTJSONWriter) -> Bool {
        let accessors = htAccessors
        guard accessors.indices.contains(index), let value = accessors[index].encode(model) else { return false }
        writer.write(value)
        return true
    }

    @inlinable
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        guard case .object(let object) = json else {
            context.reportMismatch(expected: "object (\(htTypeDescription))", found: json)
            return nil
        }
        let model = Self()
        htMapping.apply(object, to: model, context: &context)
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
        try htSet(from: json, options: options)
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
        guard case .object(let object) = json else {
            throw HTMappingError(path: HTJSONPath(), message: "expected object, found \(json.kindDescription)")
        }
        var context = HTMappingContext(options: options)
        Self.htMapping.apply(object, to: self, context: &context)
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
        for accessor in Self.htAccessors {
            accessor.copyValue(self, copy)
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
