/// Typed access to one stored property of a model: the Swift replacement for the key-value coding that
/// RestKit used. Generated models list one accessor per property (`htAccessors`); mappings refer to
/// properties by name and use these accessors to read and write them without reflection.
public struct HTPropertyAccessor<Model: AnyObject>: Sendable {
    /// The property's name in Swift.
    public let name: String
    /// The JSON key the default mapping reads the property from (the spec's name, which differs from
    /// ``name`` when the spec's name is not a valid or not a safe Swift identifier).
    public let key: String
    /// The model type for relationship properties (a nested model or an array of models), else `nil`.
    public let relationshipType: (any HTModelMappable.Type)?
    /// A description of the property's type for diagnostics.
    public let typeDescription: String

    @usableFromInline let decode: @Sendable (Model, HTJSON, inout HTMappingContext) -> Void
    @usableFromInline let encode: @Sendable (Model) -> HTJSON?
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
        self.relationshipType = Value.htModelType
        self.typeDescription = Value.htTypeDescription
        self.decode = { model, json, context in
            if case .null = json {
                set(model, nil)
            } else if let value = Value.htDecode(json, context: &context) {
                set(model, value)
            }
        }
        self.encode = { model in get(model)?.htJSON }
        if relationshipType == nil {
            // A value (no model inside): copied as it is, without looking at it per call.
            self.copyValue = { source, target in set(target, get(source)) }
        } else {
            self.copyValue = { source, target in set(target, get(source).map(Value.htDeepCopy)) }
        }
    }

    /// Creates an accessor from a key path to an optional property: what generated models use
    /// (`HTPropertyAccessor<HTUser>("name", \HTUser.name)`). `key` is the JSON key of the default
    /// mapping, `name` when not given.
    public init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String? = nil,
        _ keyPath: ReferenceWritableKeyPath<Model, Value?> & Sendable
    ) {
        self.init(name, key: key, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// Whether the property holds a model or an array of models.
    public var isRelationship: Bool { relationshipType != nil }
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
