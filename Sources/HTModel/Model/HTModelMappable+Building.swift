/// Building and editing models. A model never changes once built; a builder fills a fresh
/// `Storage`, and ``HTModelMappable/with(_:)`` edits a copy of a model's storage into
/// a new model. Both closures get the fields as ``HTModelFields``, where a required field reads and
/// writes as its value:
///
/// ```swift
/// let update = HTProfileUpdate {
///     $0.displayName = "Alice L."
///     $0.address = HTAddress { $0.city = "Shanghai" }
/// }
/// let pet = HTPet(name: "Rex") { $0.tag = "indoor" }   // `name` is required: the initializer takes it
/// let renamed = pet.with { $0.name = "Max" }
/// ```
extension HTModelMappable {
    /// A new model with this model's fields, changed by `changes`. This model is unchanged, and the
    /// new one is a different object (equal to this one only when `changes` changed nothing). Required
    /// fields stay set: they are assigned values, never "missing".
    public func with(_ changes: (inout HTModelFields<Storage>) throws -> Void) rethrows -> Self {
        var fields = HTModelFields(htStorage)
        try changes(&fields)
        return Self(htStorage: fields.storage)
    }
}

extension HTModelMappable {
    /// `storage` changed by `build`: what the initializer of a generated model with required fields
    /// runs once it has set them.
    @_spi(Generated)
    public static func htBuilt(_ storage: Storage, _ build: (inout HTModelFields<Storage>) throws -> Void) rethrows
        -> Storage
    {
        var fields = HTModelFields(storage)
        try build(&fields)
        return fields.storage
    }
}

extension HTModelMappable where Storage: HTOptionalFieldsStorage {
    /// Creates a model with the fields `build` sets; the others are `nil`. Only for models without
    /// required fields: a generated model with some has an initializer that takes them
    /// (`HTPet(name: "Rex") { $0.tag = "indoor" }`).
    public init(_ build: (inout HTModelFields<Storage>) throws -> Void) rethrows {
        var fields = HTModelFields(Storage())
        try build(&fields)
        self.init(htStorage: fields.storage)
    }

    /// Creates a model with every field `nil` (only for models without required fields).
    public init() {
        self.init(htStorage: Storage())
    }
}

/// The fields of a model being built or edited (the argument of a builder or `with` closure): each
/// field reads and writes as it does on the model, a required field (``HTRequired``) as its value.
///
/// ```swift
/// let renamed = pet.with {
///     $0.name = "Max"            // a required String
///     $0.tags?.append("old")     // an optional array, edited in place
/// }
/// ```
@dynamicMemberLookup
public struct HTModelFields<Storage: HTModelStorage> {
    /// The storage being filled.
    @usableFromInline var storage: Storage

    @usableFromInline init(_ storage: Storage) {
        self.storage = storage
    }

    /// The field at `field`.
    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<Storage, Value>) -> Value {
        get { storage[keyPath: field] }
        set { storage[keyPath: field] = newValue }
    }

    /// The required field at `field`, as its value.
    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<Storage, HTRequired<Value>>) -> Value {
        get { storage[keyPath: field].value }
        set { storage[keyPath: field] = HTRequired(newValue) }
    }
}
