/// Typed access to one field of a model's ``HTModelStorage``: the Swift replacement for the key-value
/// coding that RestKit used. A model lists one accessor per field (`htAccessors`):
/// that table is the model's one description of its properties, and everything else (NEI's metadata
/// lists, the default mapping, equality's field names in `dump`) is derived from it.
///
/// Generated code makes accessors; apps name them only in hand-written models, which import HTModel with
/// `@_spi(Generated)`.
///
/// ## Speed
/// The accessor keeps its work in closures made once, when the model's table is built: one that reads
/// the field from a model and writes it as JSON (the encoder's hot path), one that converts a JSON value
/// into the field of a storage being filled (the mapper's hot path), and two for the slower paths. The
/// initializers are `@inlinable`: in an optimized build, with closure literals for `get` and `set`, each
/// closure is specialised for the field, and each access is a direct stored-field access. With a key
/// path (`init(_:key:required:presence:readOnly:dateFormat:_:)` with `\.name`, what generated models
/// pass) each access is at the field's offset, which the accessor keeps instead of the key path (whose
/// accesses would go through the key-path runtime).
public struct HTPropertyAccessor<Model: HTModelMappable>: Sendable {
    /// The property's name in Swift.
    @usableFromInline package let name: String
    /// The JSON key the default mapping reads the property from (the spec's name, which differs from
    /// ``name`` when the spec's name is not a valid or not a safe Swift identifier).
    @usableFromInline package let key: String
    /// The property's value type (without the optional).
    @usableFromInline package let valueType: any HTJSONValueConvertible.Type
    /// What the mapper requires of the field's key (``HTFieldPresence``): ``HTFieldPresence/reported``
    /// when made with `required: true`.
    @usableFromInline package let presence: HTFieldPresence
    /// Whether mapping checks the field's key at all (``presence`` is not ``HTFieldPresence/optional``).
    package var isRequired: Bool { presence != .optional }
    /// Whether the field is read-only (OpenAPI `readOnly`): the server sends it and the app never does,
    /// so a model written as a request body leaves it out (`htRequestJSON`).
    @usableFromInline package let isReadOnly: Bool
    /// How the field's dates are read and written when the spec declares a format (`nil`:
    /// ``HTDateFormat/automatic``).
    @usableFromInline package let dateFormat: HTDateFormat?

    /// Writes the field of a `Model` to the writer; `false` (nothing written) when it is `nil`.
    @usableFromInline let writeValue: @Sendable (AnyObject, HTJSONWriter) -> Bool
    /// The field of a `Model` as JSON, `nil` when it is `nil`.
    @usableFromInline let encodeValue: @Sendable (AnyObject) -> HTJSON?
    /// The field of a `Model`, unwrapped, or `nil`: for `dump`, `Mirror` and descriptions.
    @usableFromInline let readValue: @Sendable (AnyObject) -> Any?
    /// Whether the field of the `Model.Storage` at the pointer has a value: how the mapper checks a
    /// ``HTFieldPresence/required`` field once it has mapped an object.
    @usableFromInline let isSet: @Sendable (UnsafeRawPointer) -> Bool
    /// Whether the field is equal in two `Model`s: how models compare (``HTHTTPModel``), field by field
    /// through the table, so that a model's `Storage` needs no `Equatable` of its own (a synthesized one is
    /// the largest function of a model in a debug build).
    @usableFromInline let equalFields: @Sendable (AnyObject, AnyObject) -> Bool
    /// Feeds the field of a `Model` to the hasher: how models hash, as ``equalFields`` compares.
    @usableFromInline let hashField: @Sendable (AnyObject, inout Hasher) -> Void
    /// Sets the field of the `Model.Storage` at the first pointer from the JSON value at the second (see
    /// ``decode(_:into:context:)``). The value is read in place: the mapper hands over the member of the
    /// parsed object itself, so calling the decoder copies nothing it does not keep.
    @usableFromInline let decodeValue:
        @Sendable (UnsafeMutableRawPointer, UnsafePointer<HTJSON>, inout HTMappingContext) -> Void
    /// What the mapper does with the field when it keeps the members no other property maps (an
    /// accessor made with ``init(additionalProperties:dateFormat:_:)``), else `nil`: such a field has no
    /// key of its own.
    @usableFromInline let additionalPropertiesField: HTAdditionalPropertiesField?

    /// Creates an accessor from a getter and a setter of an optional field of the model's storage:
    /// `.init("name", get: { $0.name }, set: { $0.name = $1 })`. `key` is the JSON key of the default
    /// mapping, `name` when not given; `required` marks a field the JSON must have (``isRequired``);
    /// `dateFormat` is how the field's dates (a `Date`, or dates in an array or map) are read and written,
    /// ``HTDateFormat/automatic`` when not given.
    ///
    /// When mapping, JSON `null` sets the field to `nil`; a value that cannot be converted leaves the
    /// field as it was and records a diagnostic.
    @_spi(Generated)
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible & Hashable>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        dateFormat: HTDateFormat? = nil,
        get: @escaping @Sendable (Model.Storage) -> Value?,
        set: @escaping @Sendable (inout Model.Storage, Value?) -> Void
    ) {
        self.init(
            name, key: key, required: required, dateFormat: dateFormat, get: get,
            decode: { pointer, json, context in
                Self.decodeField(pointer, json, &context) { storage, value in set(&storage, value) }
            })
    }

    /// The initializer the others share. `decode` sets the field of the `Model.Storage` at its first
    /// argument from the JSON value at its second (`decodeField(_:_:_:_:)` with a closure that stores the
    /// value, or `decodeField(at:_:_:)` at the field's address). `@_spi(Generated)`, not internal,
    /// because it writes fields with the SPI `htWrite(to:)` and the other initializers inline it.
    @_spi(Generated)
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible & Hashable>(
        _ name: String,
        key: String?,
        required: Bool,
        presence: HTFieldPresence = .optional,
        readOnly: Bool = false,
        dateFormat: HTDateFormat?,
        get: @escaping @Sendable (Model.Storage) -> Value?,
        decode: @escaping @Sendable (UnsafeMutableRawPointer, UnsafePointer<HTJSON>, inout HTMappingContext) -> Void
    ) {
        self.name = name
        self.key = key ?? name
        self.valueType = Value.self
        let presence = required && presence == .optional ? .reported : presence
        self.presence = presence
        self.isReadOnly = readOnly
        self.additionalPropertiesField = nil
        self.isSet = { pointer in
            get(pointer.assumingMemoryBound(to: Model.Storage.self).pointee) != nil
        }
        (self.equalFields, self.hashField) = Self.comparison(get)
        self.dateFormat = dateFormat
        if let dateFormat {
            self.writeValue = { object, writer in
                let outer = writer.dateFormat
                writer.dateFormat = dateFormat
                defer { writer.dateFormat = outer }
                return HTMapper.encode(get(unsafeDowncast(object, to: Model.self).htStorage), to: writer)
            }
            self.encodeValue = { object in
                get(unsafeDowncast(object, to: Model.self).htStorage)?.htJSON(dateFormat: dateFormat)
            }
            self.readValue = { object in get(unsafeDowncast(object, to: Model.self).htStorage) }
            self.decodeValue = { pointer, json, context in
                let outer = context.dateFormat
                context.dateFormat = dateFormat
                defer { context.dateFormat = outer }
                decode(pointer, json, &context)
            }
            return
        }
        // One closure per job: each captures only `get` or `set`, which in an optimized build are
        // constants the closure is specialised for (a captured flag choosing the job would stop that).
        self.writeValue = { object, writer in
            HTMapper.encode(get(unsafeDowncast(object, to: Model.self).htStorage), to: writer)
        }
        self.encodeValue = { object in get(unsafeDowncast(object, to: Model.self).htStorage)?.htJSON }
        self.readValue = { object in get(unsafeDowncast(object, to: Model.self).htStorage) }
        self.decodeValue = decode
    }

    /// How the field `get` reads compares and hashes in two `Model`s (``equalFields``, ``hashField``).
    @inlinable @inline(__always)
    static func comparison<Field: Hashable & Sendable>(_ get: @escaping @Sendable (Model.Storage) -> Field) -> (
        @Sendable (AnyObject, AnyObject) -> Bool, @Sendable (AnyObject, inout Hasher) -> Void
    ) {
        (
            { lhs, rhs in
                get(unsafeDowncast(lhs, to: Model.self).htStorage) == get(unsafeDowncast(rhs, to: Model.self).htStorage)
            },
            { object, hasher in hasher.combine(get(unsafeDowncast(object, to: Model.self).htStorage)) }
        )
    }

    /// Decodes the JSON value at `json` into the field of the `Model.Storage` at `pointer` with `store`:
    /// `null` clears it, a value that converts is moved in (not copied: a string, array or model is not
    /// retained again), anything else leaves it as it was and is reported in `context`.
    @inlinable @inline(__always)
    static func decodeField<Value: HTJSONValueConvertible>(
        _ pointer: UnsafeMutableRawPointer, _ json: UnsafePointer<HTJSON>, _ context: inout HTMappingContext,
        _ store: (inout Model.Storage, inout Value?) -> Void
    ) {
        let storage = pointer.assumingMemoryBound(to: Model.Storage.self)
        var value: Value? = nil
        if case .null = json.pointee, !Value.htDecodesNull {
            store(&storage.pointee, &value)
        } else if let decoded = Value.htDecode(json.pointee, context: &context) {
            value = consume decoded
            store(&storage.pointee, &value)
        }
    }

    /// Decodes the JSON value at `json` into the field at `field`, as `decodeField(_:_:_:_:)` does
    /// into a field a closure stores: `null` clears it, a value that converts is moved in, anything
    /// else leaves it as it was and is reported in `context`.
    @inlinable @inline(__always)
    static func decodeField<Value: HTJSONValueConvertible>(
        at field: UnsafeMutablePointer<Value?>, _ json: UnsafePointer<HTJSON>, _ context: inout HTMappingContext
    ) {
        if case .null = json.pointee, !Value.htDecodesNull {
            field.pointee = nil
        } else if let decoded = Value.htDecode(json.pointee, context: &context) {
            field.pointee = consume decoded
        }
    }

    /// Creates an accessor from one closure that hands the field of a storage to its second argument:
    /// `.init("name", { $1(&$0.name) })`, for hand-written models with `var` fields (one closure
    /// type-checks faster than a getter and a setter; generated models pass key paths instead). `key`, `required` and `dateFormat` are as for
    /// `init(_:key:required:dateFormat:get:set:)`; `presence` says what mapping requires of the key
    /// (``HTFieldPresence``; `required: true` is ``HTFieldPresence/reported``), `readOnly` that a request
    /// body leaves the field out. A required non-optional field hands over its ``HTRequired/htSlot``:
    /// `.init("name", presence: .required, { $1(&$0.name.htSlot) })`.
    ///
    /// To read a field of a built model, the closure is handed the model's storage in place, and the
    /// second argument only copies the field out: `access` must do nothing but hand the field over.
    @_spi(Generated)
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible & Hashable>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        presence: HTFieldPresence = .optional,
        readOnly: Bool = false,
        dateFormat: HTDateFormat? = nil,
        _ access: @escaping @Sendable (inout Model.Storage, (inout Value?) -> Void) -> Void
    ) {
        self.init(
            name, key: key, required: required, presence: presence, readOnly: readOnly, dateFormat: dateFormat,
            get: { storage in
                // The storage is borrowed in place (no copy, no retain of its fields); nothing writes
                // through this pointer: `access` hands the field to the closure, which copies it out.
                withUnsafePointer(to: storage) { pointer in
                    let borrowed = UnsafeMutablePointer(mutating: pointer)
                    var value: Value?
                    access(&borrowed.pointee) { value = $0 }
                    return value
                }
            },
            decode: { pointer, json, context in
                Self.decodeField(pointer, json, &context) { storage, value in access(&storage) { swap(&$0, &value) } }
            })
    }

    /// Creates an accessor from a key path to a stored optional field of the model's storage:
    /// `.init("name", \.name)`, what generated models pass, whose storage fields are `let`s
    /// (`.init("name", presence: .required, \.name.htSlot)` for a required field, ``HTRequired``).
    /// `key`, `required`, `presence`, `readOnly` and `dateFormat` are as for the closure initializer
    /// `init(_:key:required:presence:readOnly:dateFormat:_:)`.
    ///
    /// The field is read and written at its offset in the storage (`MemoryLayout.offset(of:)`), taken
    /// once here: a key-path literal type-checks faster than a closure, and a debug build makes no
    /// function for it, where a closure, and a `var` field's setter and `modify` accessors, are functions
    /// of their own. The key path must name stored properties of structs only (`\.name`,
    /// `\.name.htSlot`); a computed property stops the program, naming the accessor.
    @_spi(Generated)
    @inlinable @inline(__always)
    public init<Value: HTJSONValueConvertible & Hashable>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        presence: HTFieldPresence = .optional,
        readOnly: Bool = false,
        dateFormat: HTDateFormat? = nil,
        _ field: KeyPath<Model.Storage, Value?>
    ) {
        // The closures use the offset directly (not a closure made from it): in an optimized build each
        // reads or decodes at the field's address, with no closure call between.
        let offset = Self.offset(of: field, accessor: name)
        self.init(
            name, key: key, required: required, presence: presence, readOnly: readOnly, dateFormat: dateFormat,
            get: { storage in
                // Borrowed in place, as in the closure initializer; the field is copied out.
                withUnsafePointer(to: storage) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value?.self) }
            },
            decode: { pointer, json, context in
                Self.decodeField(
                    at: pointer.advanced(by: offset).assumingMemoryBound(to: Value?.self), json, &context)
            })
    }

    /// Creates an accessor from a key path to a stored ``HTNullable`` field of the model's storage:
    /// `.init("nickname", nullable: \.nickname)`. An absent field is `nil` to the mapper and the
    /// encoder, as its ``HTNullable/htSlot``. The other arguments are as for
    /// `init(_:key:required:presence:readOnly:dateFormat:_:)`.
    @_spi(Generated)
    @inlinable @inline(__always)
    public init<Wrapped: HTJSONValueConvertible & Hashable>(
        _ name: String,
        key: String? = nil,
        required: Bool = false,
        presence: HTFieldPresence = .optional,
        readOnly: Bool = false,
        dateFormat: HTDateFormat? = nil,
        nullable field: KeyPath<Model.Storage, HTNullable<Wrapped>>
    ) {
        let offset = Self.offset(of: field, accessor: name)
        self.init(
            name, key: key, required: required, presence: presence, readOnly: readOnly, dateFormat: dateFormat,
            get: { storage in
                withUnsafePointer(to: storage) {
                    UnsafeRawPointer($0).load(fromByteOffset: offset, as: HTNullable<Wrapped>.self).htSlot
                }
            },
            decode: { pointer, json, context in
                var value: HTNullable<Wrapped>? = nil
                Self.decodeField(at: &value, json, &context)
                if let value {
                    pointer.advanced(by: offset).assumingMemoryBound(to: HTNullable<Wrapped>.self).pointee = value
                }
            })
    }

    /// The offset of the field at `field` in the storage (`MemoryLayout.offset(of:)`); stops the program
    /// when `field` is not made of stored properties, naming the accessor `name`.
    ///
    /// Reading and writing a field at it is what `&storage.field` does: the storage's bytes hold the
    /// field's type there (a stored property's memory is bound to its type).
    @inlinable
    static func offset<Field>(of field: KeyPath<Model.Storage, Field>, accessor name: String) -> Int {
        guard let offset = MemoryLayout<Model.Storage>.offset(of: field) else {
            preconditionFailure(
                "the accessor '\(name)' of \(Model.self) names a computed property: its key path must name stored fields"
            )
        }
        return offset
    }

    /// A closure that hands over the field at `field` of a storage, at its offset (for the
    /// additional-properties accessor, whose work is done by the closure initializer).
    @inlinable
    static func storedField<Field: Sendable>(_ field: KeyPath<Model.Storage, Field>, of name: String)
        -> @Sendable (inout Model.Storage, (inout Field) -> Void) -> Void
    {
        let offset = Self.offset(of: field, accessor: name)
        return { storage, body in
            withUnsafeMutablePointer(to: &storage) { pointer in
                body(&UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Field.self).pointee)
            }
        }
    }

    /// The model type for relationship properties (a nested model, or an array or map of models), else `nil`.
    package var relationshipType: (any HTModelMappable.Type)? { valueType.htModelType }

    /// Whether the property holds a model or an array of models.
    package var isRelationship: Bool { relationshipType != nil }

    /// A description of the property's type for diagnostics.
    package var typeDescription: String { valueType.htTypeDescription }

    /// Sets the field in `storage` from `json`: `null` sets it to `nil`, a value that converts replaces
    /// it, anything else leaves it as it was and is reported in `context`.
    package func decode(_ json: HTJSON, into storage: inout Model.Storage, context: inout HTMappingContext) {
        withUnsafeMutablePointer(to: &storage) { storage in
            withUnsafePointer(to: json) { decodeValue(UnsafeMutableRawPointer(storage), $0, &context) }
        }
    }

    /// The property of `model` as JSON, `nil` when it is `nil`.
    package func encode(_ model: Model) -> HTJSON? {
        encodeValue(model)
    }

    /// The property of `model`, unwrapped, or `nil` when it is `nil`.
    package func value(of model: Model) -> Any? {
        readValue(model)
    }

    /// Whether the property is equal in `lhs` and `rhs`.
    package func isEqual(_ lhs: Model, _ rhs: Model) -> Bool {
        equalFields(lhs, rhs)
    }

    /// Feeds the property of `model` to `hasher`.
    package func hash(_ model: Model, into hasher: inout Hasher) {
        hashField(model, &hasher)
    }
}

extension HTJSONValueConvertible {
    /// The model type behind this value type, for relationship detection: the type itself for models,
    /// the element's model type for arrays and maps, `nil` for everything else.
    package static var htModelType: (any HTModelMappable.Type)? {
        if let model = Self.self as? any HTModelMappable.Type { return model }
        if let array = Self.self as? any HTArrayOfValues.Type { return array.htElementModelType }
        if let map = Self.self as? any HTDictionaryOfValues.Type { return map.htValueModelType }
        return nil
    }
}

/// Lets the mapper look inside arrays without knowing their element type statically.
package protocol HTArrayOfValues {
    /// The model type of the elements, if they are models.
    static var htElementModelType: (any HTModelMappable.Type)? { get }
}

extension Array: HTArrayOfValues where Element: HTJSONValueConvertible {
    package static var htElementModelType: (any HTModelMappable.Type)? { Element.htModelType }
}
