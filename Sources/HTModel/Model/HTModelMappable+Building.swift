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
    /// The storage of `fields` changed by `build`: what the initializer of a generated model with
    /// required fields runs once it has set them.
    @_spi(Generated)
    public static func htBuilt(_ fields: HTModelFields<Storage>, _ build: (inout HTModelFields<Storage>) throws -> Void)
        rethrows -> Storage
    {
        var fields = fields
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

    /// Fields to fill, starting from `storage`: what a generated initializer with required fields
    /// starts from (`HTModelFields(Storage())`).
    @_spi(Generated)
    @inlinable
    public init(_ storage: Storage) {
        self.storage = storage
    }

    /// The field at `field`. Editing it in place (`$0.tags?.append(x)`) edits the storage's value, not
    /// a copy: an array field is not copied to append to it.
    @inlinable
    public subscript<Value>(dynamicMember field: KeyPath<Storage, Value>) -> Value {
        get { storage[keyPath: field] }
        set { write(newValue, at: field) }
        _modify {
            if let offset = MemoryLayout<Storage>.offset(of: field) {
                // The field is moved out, edited and moved back, so that an array or string in it stays
                // uniquely referenced. In between, nothing else can reach `storage`: the edit holds
                // exclusive access to these fields, and `defer` moves the value back on every path out.
                var value = withField(at: offset) { (field: UnsafeMutablePointer<Value>) in field.move() }
                defer { withField(at: offset) { $0.initialize(to: value) } }
                yield &value
            } else {
                yield &storage[keyPath: Self.writable(field)]
            }
        }
    }

    /// The required field at `field`, as its value.
    @inlinable
    public subscript<Value>(dynamicMember field: KeyPath<Storage, HTRequired<Value>>) -> Value {
        get { storage[keyPath: field].value }
        set { write(HTRequired(newValue), at: field) }
    }

    /// Sets the required field at `field` to `value`: how a generated initializer sets the fields it
    /// takes.
    @_spi(Generated)
    @inlinable
    public mutating func htSet<Value>(_ field: KeyPath<Storage, HTRequired<Value>>, to value: Value) {
        write(HTRequired(value), at: field)
    }

    /// Writes `value` to the field at `field`. A generated storage's fields are `let`s (no setter to
    /// compile per field: see the article "Model representation"), written here at their offset, as the
    /// mapper writes them; a writable computed property that an app adds to a storage is written
    /// through its setter. A read-only computed property can't be written, and stops the program.
    @inlinable
    mutating func write<Value>(_ value: Value, at field: KeyPath<Storage, Value>) {
        if let offset = MemoryLayout<Storage>.offset(of: field) {
            withField(at: offset) { $0.pointee = value }
        } else {
            storage[keyPath: Self.writable(field)] = value
        }
    }

    /// Runs `body` with the address of the `Value` at `offset` in `storage`: a stored field's memory is
    /// bound to its type, and `storage` is accessed exclusively for the call, as `&storage.field` is.
    @inlinable
    mutating func withField<Value, Result>(at offset: Int, _ body: (UnsafeMutablePointer<Value>) -> Result) -> Result {
        withUnsafeMutableBytes(of: &storage) { bytes in
            body(bytes.baseAddress.unsafelyUnwrapped.advanced(by: offset).assumingMemoryBound(to: Value.self))
        }
    }

    /// `field`, a computed property of the storage, as a writable key path; stops the program when it is
    /// read-only (a builder can't set it).
    @inlinable
    static func writable<Value>(_ field: KeyPath<Storage, Value>) -> WritableKeyPath<Storage, Value> {
        guard let writable = field as? WritableKeyPath<Storage, Value> else {
            preconditionFailure("\(field) is a read-only computed property of \(Storage.self): a builder can't set it")
        }
        return writable
    }
}
