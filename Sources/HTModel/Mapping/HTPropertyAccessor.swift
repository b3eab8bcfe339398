/// Typed access to one stored property of a model: the Swift replacement for the key-value coding that
/// RestKit used. A model lists one accessor per property (``HTModelMappable/htAccessors``): that table is
/// the model's one description of its properties, and everything else (NEI's metadata lists, the default
/// mapping, copying) is derived from it.
///
/// ## Speed
/// The accessor keeps its conversions as closures made once, when the model's table is built. The
/// key-path initializer is `@inlinable`, so in an optimized build each closure is specialised for the
/// property's type and, the key path being a literal, for the property itself: applying it is a direct
/// stored-property access, as fast as the `switch` per model that generated code used to carry, and the
/// generated source is one short line per property.
public struct HTPropertyAccessor<Model: AnyObject>: Sendable {
    /// The property's name in Swift.
    public let name: String
    /// The JSON key the default mapping reads the property from (the spec's name, which differs from
    /// ``name`` when the spec's name is not a valid or not a safe Swift identifier).
    public let key: String
    /// The property's value type (without the optional).
    public let valueType: any HTJSONValueConvertible.Type

    /// Sets the property of a `Model` passed as `AnyObject` from JSON (the mapper's hot path).
    @usableFromInline let decodeObject: @Sendable (AnyObject, HTJSON, inout HTMappingContext) -> Void
    /// Writes the property of a `Model` passed as `AnyObject`; `false` (nothing written) when `nil`.
    @usableFromInline let writeObject: @Sendable (AnyObject, HTJSONWriter) -> Bool
    /// The property of a `Model` as JSON, `nil` when it is `nil`.
    @usableFromInline let encodeValue: @Sendable (Model) -> HTJSON?
    /// Sets the property of the second model to a deep copy of the first's.
    @usableFromInline let copyValue: @Sendable (Model, Model) -> Void

    /// Creates an accessor from a getter and a setter of an optional property. `key` is the JSON key of
    /// the default mapping, `name` when not given.
    ///
    /// When mapping, JSON `null` sets the property to `nil`; a value that cannot be converted leaves the
    /// property as it was and records a diagnostic.
    public init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String? = nil,
        get: @escaping @Sendable (Model) -> Value?,
        set: @escaping @Sendable (Model, Value?) -> Void
    ) {
        self.name = name
        self.key = key ?? name
        self.valueType = Value.self
        self.decodeObject = { object, json, context in
            let model = unsafeDowncast(object, to: Model.self)
            if case .null = json {
                set(model, nil)
            } else if let value = Value.htDecode(json, context: &context) {
                set(model, value)
            }
        }
        self.writeObject = { object, writer in HTMapper.encode(get(unsafeDowncast(object, to: Model.self)), to: writer) }
        self.encodeValue = { model in get(model)?.htJSON }
        if Value.htModelType == nil {
            // A value (no model inside): copied as it is, without looking at it per call.
            self.copyValue = { source, target in set(target, get(source)) }
        } else {
            self.copyValue = { source, target in set(target, get(source).map(Value.htDeepCopy)) }
        }
    }

    /// Creates an accessor from a key path to an optional stored property: what generated models use
    /// (`.init("name", \.name)` in `static let htAccessors: [HTPropertyAccessor<HTUser>]`). `key` is the
    /// JSON key of the default mapping, `name` when not given.
    ///
    /// Pass a key-path literal: the closures are then specialised for the property (see the type's
    /// documentation).
    @inlinable
    public init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String? = nil,
        _ keyPath: ReferenceWritableKeyPath<Model, Value?>
    ) {
        // The parameter is not `& Sendable` on purpose: an existential key path is opaque to the
        // optimizer, which then calls the key-path runtime (several times slower) instead of accessing
        // the property directly. Sharing it is safe all the same: a key path is an immutable object,
        // and the ones models pass are literals naming stored properties, which capture no values.
        nonisolated(unsafe) let keyPath = keyPath
        self.name = name
        self.key = key ?? name
        self.valueType = Value.self
        self.decodeObject = { object, json, context in
            HTMapper.decode(json, into: &unsafeDowncast(object, to: Model.self)[keyPath: keyPath], context: &context)
        }
        self.writeObject = { object, writer in
            HTMapper.encode(unsafeDowncast(object, to: Model.self)[keyPath: keyPath], to: writer)
        }
        self.encodeValue = { model in model[keyPath: keyPath]?.htJSON }
        if Value.htModelType == nil {
            self.copyValue = { source, target in target[keyPath: keyPath] = source[keyPath: keyPath] }
        } else {
            self.copyValue = { source, target in target[keyPath: keyPath] = source[keyPath: keyPath].map(Value.htDeepCopy) }
        }
    }

    /// The model type for relationship properties (a nested model or an array of models), else `nil`.
    public var relationshipType: (any HTModelMappable.Type)? { valueType.htModelType }

    /// Whether the property holds a model or an array of models.
    public var isRelationship: Bool { relationshipType != nil }

    /// A description of the property's type for diagnostics.
    public var typeDescription: String { valueType.htTypeDescription }

    /// Sets the property of `model` from `json`: `null` sets it to `nil`, a value that converts replaces
    /// it, anything else leaves it as it was and is reported in `context`.
    @inlinable
    public func decode(_ model: Model, _ json: HTJSON, _ context: inout HTMappingContext) {
        decodeObject(model, json, &context)
    }

    /// The property of `model` as JSON, `nil` when it is `nil`.
    @inlinable
    public func encode(_ model: Model) -> HTJSON? {
        encodeValue(model)
    }

    /// Sets the property of `target` to `source`'s value, nested models and arrays of models copied.
    @inlinable
    public func copy(from source: Model, to target: Model) {
        copyValue(source, target)
    }
}

extension HTJSONValueConvertible {
    /// The model type behind this value type, for relationship detection: the type itself for models,
    /// the element's model type for arrays, `nil` for everything else.
    public static var htModelType: (any HTModelMappable.Type)? {
        if let model = Self.self as? any HTModelMappable.Type { return model }
        if let array = Self.self as? any HTArrayOfValues.Type { return array.htElementModelType }
        return nil
    }

    /// A deep copy. Models and arrays implement it themselves; for other types, a value that holds a
    /// model is copied through ``HTModelMappable/htCopy()`` or ``HTArrayOfValues/htDeepCopyElements()``,
    /// and anything else is a value already.
    public static func htDeepCopy(_ value: Self) -> Self {
        guard htModelType != nil else { return value }
        if let model = value as? any HTModelMappable, let copy = model.htCopy() as? Self { return copy }
        if let array = value as? any HTArrayOfValues, let copy = array.htDeepCopyElements() as? Self { return copy }
        return value
    }
}

/// Lets the mapper look inside arrays without knowing their element type statically.
public protocol HTArrayOfValues {
    /// The model type of the elements, if they are models.
    static var htElementModelType: (any HTModelMappable.Type)? { get }
    /// A copy of the array whose model elements are deep copies.
    func htDeepCopyElements() -> Any
}

extension Array: HTArrayOfValues where Element: HTJSONValueConvertible {
    public static var htElementModelType: (any HTModelMappable.Type)? { Element.htModelType }
    public func htDeepCopyElements() -> Any { map(Element.htDeepCopy) }
}
