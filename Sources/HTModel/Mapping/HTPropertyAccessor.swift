/// Typed access to one stored property of a model: the Swift replacement for the key-value coding that
/// RestKit used. A model lists one accessor per property (``HTModelMappable/htAccessors``): that table is
/// the model's one description of its properties, and everything else (NEI's metadata lists, the default
/// mapping, copying) is derived from it.
///
/// ## Speed
/// The accessor keeps its work in two closures made when the model's table is built: one that writes
/// the property as JSON (the encoder's hot path) and one that is told what else to do (decode, encode,
/// copy). The getter-and-setter initializer is `@inlinable`: in an optimized build, with closure literals
/// for `get` and `set` (what generated models pass), both are specialised for the property, and each
/// access is a direct stored-property access, as fast as the `switch` per model that generated code used
/// to carry, while the generated source is one line per property. (A key path does not get there in
/// Swift 6, see ``init(_:key:_:)``; nor does a flag captured next to `get` and `set`, hence one closure
/// per case.)
public struct HTPropertyAccessor<Model: AnyObject>: Sendable {
    /// The property's name in Swift.
    public let name: String
    /// The JSON key the default mapping reads the property from (the spec's name, which differs from
    /// ``name`` when the spec's name is not a valid or not a safe Swift identifier).
    public let key: String
    /// The property's value type (without the optional).
    public let valueType: any HTJSONValueConvertible.Type
    /// Whether the spec marks the field required (`"required": true`): mapping an object without it, or
    /// with JSON `null` for it, records a diagnostic at the key's path (an ``HTMappingError`` in strict
    /// mode). The property stays optional in Swift, so a model can still be built empty and filled in.
    public let isRequired: Bool

    /// Writes the property of a `Model` to the writer; `false` (nothing written) when it is `nil`. Apart
    /// from ``perform`` so that writing needs no mapping context (the encoder's hot path).
    @usableFromInline let writeValue: @Sendable (AnyObject, HTJSONWriter) -> Bool

    /// Does `operation` on `model` (a `Model`); see ``HTPropertyOperation`` for the other arguments.
    @usableFromInline let perform:
        @Sendable (
            _ operation: HTPropertyOperation, _ model: AnyObject, _ json: HTJSON, _ other: AnyObject?,
            _ context: inout HTMappingContext
        ) -> HTJSON?

    /// Creates an accessor from a getter and a setter of an optional property. `key` is the JSON key of
    /// the default mapping, `name` when not given; `required` marks a field the JSON must have
    /// (``isRequired``).
    ///
    /// When mapping, JSON `null` sets the property to `nil`; a value that cannot be converted leaves the
    /// property as it was and records a diagnostic.
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        get: @escaping @Sendable (Model) -> Value?,
        set: @escaping @Sendable (Model, Value?) -> Void
    ) {
        self.init(name, key: key, required: required, get: get, set: set, initialize: set)
    }

    /// Creates an accessor for a property of a `Sendable` model that keeps its properties in one struct
    /// guarded by ``HTModelLock``, from one closure that hands the property's storage to its second
    /// argument: `.init("name", guarded: { $1(&$0._htStorage.name) })` (what generated models pass).
    /// Reads and writes take the model's lock; the mapper fills a model it has just created, which no
    /// other thread can see yet, without it. `key` and `required` are as for
    /// ``init(_:key:required:get:set:)``.
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible & Sendable>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        guarded access: @escaping @Sendable (Model, (inout Value?) -> Void) -> Void
    ) {
        self.init(
            name, key: key, required: required,
            get: { model in
                HTModelLock.withLock(model) {
                    var value: Value?
                    access(model) { value = $0 }
                    return value
                }
            },
            set: { model, value in
                // The replaced value is released after unlocking: its deinit never runs under the lock.
                var replaced = value
                HTModelLock.withLock(model) { access(model) { swap(&$0, &replaced) } }
            },
            initialize: { model, value in access(model) { $0 = value } })
    }

    /// The designated initializer: `set` writes a model others may see, `initialize` one only the
    /// mapper holds (``HTPropertyOperation/initialize``).
    @inlinable @inline(__always)
    init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String?,
        required: Bool,
        get: @escaping @Sendable (Model) -> Value?,
        set: @escaping @Sendable (Model, Value?) -> Void,
        initialize: @escaping @Sendable (Model, Value?) -> Void
    ) {
        self.name = name
        self.key = key ?? name
        self.valueType = Value.self
        self.isRequired = required
        // Two closures, chosen once: each captures only `get`, `set` and `initialize`, which in an
        // optimized build are constants the closure is specialised for (a captured flag would stop that).
        self.writeValue = { object, writer in HTMapper.encode(get(unsafeDowncast(object, to: Model.self)), to: writer) }
        if Value.htModelType == nil {
            self.perform = { operation, object, json, other, context in
                Self.perform(
                    operation, object, json, other, &context, get: get, set: set, initialize: initialize,
                    copy: { $0 })
            }
        } else {
            self.perform = { operation, object, json, other, context in
                Self.perform(
                    operation, object, json, other, &context, get: get, set: set, initialize: initialize,
                    copy: { $0.map(Value.htDeepCopy) })
            }
        }
    }

    /// The body of ``perform`` for a property read with `get` and written with `set`.
    @inlinable @inline(__always)
    static func perform<Value: HTJSONValueConvertible>(
        _ operation: HTPropertyOperation, _ object: AnyObject, _ json: HTJSON, _ other: AnyObject?,
        _ context: inout HTMappingContext, get: (Model) -> Value?, set: (Model, Value?) -> Void,
        initialize: (Model, Value?) -> Void, copy: (Value?) -> Value?
    ) -> HTJSON? {
        let model = unsafeDowncast(object, to: Model.self)
        switch operation {
        case .decode, .initialize:
            let value: Value?
            if case .null = json {
                value = nil
            } else if let decoded = Value.htDecode(json, context: &context) {
                value = decoded
            } else {
                return nil
            }
            if operation == .initialize { initialize(model, value) } else { set(model, value) }
            return nil
        case .encode:
            return get(model)?.htJSON
        case .copy:
            guard let other else { return nil }
            set(unsafeDowncast(other, to: Model.self), copy(get(model)))
            return nil
        }
    }

    /// Creates an accessor from a key path to an optional stored property
    /// (`HTPropertyAccessor<HTUser>("name", \.name)`), for hand-written models. `key` is the JSON key of
    /// the default mapping, `name` when not given.
    ///
    /// Shorter than a getter and a setter, but slower to map: in Swift 6 a key-path literal is a
    /// `Sendable` existential, which the optimizer does not see through, so every access goes through
    /// the key-path runtime. Generated models pass closures.
    public init<Value: HTJSONValueConvertible>(
        _ name: String,
        key: String? = nil,
        _ keyPath: ReferenceWritableKeyPath<Model, Value?> & Sendable
    ) {
        self.init(name, key: key, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
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
        _ = perform(.decode, model, json, nil, &context)
    }

    /// The property of `model` as JSON, `nil` when it is `nil`.
    @inlinable
    public func encode(_ model: Model) -> HTJSON? {
        var context = HTMappingContext()
        return perform(.encode, model, .null, nil, &context)
    }

    /// Sets the property of `target` to `source`'s value, nested models and arrays of models copied.
    @inlinable
    public func copy(from source: Model, to target: Model) {
        var context = HTMappingContext()
        _ = perform(.copy, source, .null, target, &context)
    }

}

/// What one call of an accessor's closure (``HTPropertyAccessor/perform``) does.
@usableFromInline
enum HTPropertyOperation: Sendable {
    /// Set the property of `model` from `json` (`null` sets `nil`), reporting in `context`.
    case decode
    /// As ``decode``, for a model the mapper has just created and no other thread can see yet: a
    /// guarded property (``HTModelLock``) is written without taking the model's lock.
    case initialize
    /// Return the property of `model` as JSON, `nil` when it is `nil`.
    case encode
    /// Set the property of `other` (a `Model`) to a deep copy of `model`'s.
    case copy
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
