/// The field of a model that keeps the members of its JSON object that no other property maps (OpenAPI
/// `additionalProperties` beside `properties`), `[String: Value]`, empty when there are none.
///
/// A model lists it in `htAccessors` like any field, made with
/// ``HTPropertyAccessor/init(additionalProperties:dateFormat:_:)``. The mapping does not give it a key:
///
/// - **Mapping.** Every member whose key is not a key the mapping maps goes into the map, its value
///   converted as `Value`. Keys match exactly: implicit key matching
///   (``HTMappingOptions/implicitKeyMatching``) is off for a model with such a field, since a key that
///   is not a property's is one of its additional properties, not a misspelt property. A value that
///   cannot be converted, or `null` (unless `Value` is ``HTJSON``, which keeps it), is left out and
///   reported at its key, as a value of any field is: a warning in lenient mapping, an error in strict
///   mapping. A model value that lacks a required field fails the mapping, as anywhere.
/// - **Writing.** The map's members are written after the other properties, flattened into the same
///   object, keys sorted; a key that the mapping maps is never written from the map (the property wins,
///   even when it is `nil` and left out). So a model mapped from JSON and written back gives the same
///   members.
///
/// The plan keeps this type-erased form: the closures are made for `Value` where the accessor is.
@usableFromInline
struct HTAdditionalPropertiesField: Sendable {
    /// Converts the value at the pointer and puts it in the map of the `Model.Storage` at the first
    /// pointer, under the key (see `Dictionary.htDecodeMember`).
    let decodeMember: @Sendable (UnsafeMutableRawPointer, String, UnsafePointer<HTJSON>, inout HTMappingContext) -> Void
    /// The members of the map of a `Model`, keys sorted, values as JSON.
    let members: @Sendable (AnyObject) -> [(key: String, value: HTJSON)]
    /// Writes the members of the map of a `Model` whose key the closure does not claim, each after a
    /// comma unless it is the first member of the object (the flag, updated).
    let write: @Sendable (AnyObject, HTJSONWriter, inout Bool, (String) -> Bool) -> Void

    @usableFromInline
    init(
        decodeMember:
            @escaping @Sendable (UnsafeMutableRawPointer, String, UnsafePointer<HTJSON>, inout HTMappingContext)
            -> Void,
        members: @escaping @Sendable (AnyObject) -> [(key: String, value: HTJSON)],
        write: @escaping @Sendable (AnyObject, HTJSONWriter, inout Bool, (String) -> Bool) -> Void
    ) {
        self.decodeMember = decodeMember
        self.members = members
        self.write = write
    }
}

extension HTPropertyAccessor {
    /// Creates the accessor of the field that keeps the members no other property maps, from a key path
    /// to a stored field of the storage: `.init(additionalProperties: "additionalProperties",
    /// \.additionalProperties)` for `let additionalProperties: [String: Value]`, what generated models
    /// pass (see `init(_:key:required:presence:readOnly:dateFormat:_:)` for why a key path).
    @_spi(Generated)
    @inlinable
    public init<Value: HTJSONValueConvertible & Hashable>(
        additionalProperties name: String,
        dateFormat: HTDateFormat? = nil,
        _ field: KeyPath<Model.Storage, [String: Value]>
    ) {
        self.init(additionalProperties: name, dateFormat: dateFormat, Self.storedField(field, of: name))
    }

    /// Creates the accessor of the field that keeps the members no other property maps (see
    /// ``HTAdditionalPropertiesField``): `.init(additionalProperties: "additionalProperties",
    /// { $1(&$0.additionalProperties) })` for a storage field `var additionalProperties: [String: Value] = [:]`.
    /// `dateFormat` is how dates among the values are read and written (``HTDateFormat/automatic`` when
    /// not given). A model has at most one such field; the mappings use the first.
    ///
    /// As the other closure initializer's, `access` must do nothing but hand the field over.
    @_spi(Generated)
    @inlinable
    public init<Value: HTJSONValueConvertible & Hashable>(
        additionalProperties name: String,
        dateFormat: HTDateFormat? = nil,
        _ access: @escaping @Sendable (inout Model.Storage, (inout [String: Value]) -> Void) -> Void
    ) {
        let get: @Sendable (Model.Storage) -> [String: Value] = { storage in
            // Borrowed in place, as in the other closure initializer: nothing writes through it.
            withUnsafePointer(to: storage) { pointer in
                let borrowed = UnsafeMutablePointer(mutating: pointer)
                var map: [String: Value] = [:]
                access(&borrowed.pointee) { map = $0 }
                return map
            }
        }
        let keepsNull = Value.self == HTJSON.self || Value.htDecodesNull
        let decodeMember:
            @Sendable (UnsafeMutableRawPointer, String, UnsafePointer<HTJSON>, inout HTMappingContext) -> Void = {
                pointer, key, json, context in
                let outer = context.dateFormat
                if let dateFormat { context.dateFormat = dateFormat }
                defer { context.dateFormat = outer }
                access(&pointer.assumingMemoryBound(to: Model.Storage.self).pointee) { map in
                    [String: Value].htDecodeMember(
                        key, json.pointee, into: &map, keepsNull: keepsNull, context: &context)
                }
            }
        self.name = name
        self.key = name
        self.valueType = [String: Value].self
        self.presence = .optional
        self.isReadOnly = false
        self.dateFormat = dateFormat
        self.isSet = { pointer in !get(pointer.assumingMemoryBound(to: Model.Storage.self).pointee).isEmpty }
        (self.equalFields, self.hashField) = Self.comparison(get)
        self.readValue = { object in
            let map = get(unsafeDowncast(object, to: Model.self).htStorage)
            return map.isEmpty ? nil : HTAdditionalPropertiesView(map.map { (key: $0.key, value: $0.value as Any) })
        }
        self.encodeValue = { object in
            let map = get(unsafeDowncast(object, to: Model.self).htStorage)
            guard !map.isEmpty else { return nil }
            return dateFormat.map { map.htJSON(dateFormat: $0) } ?? map.htJSON
        }
        self.writeValue = { object, writer in
            let map = get(unsafeDowncast(object, to: Model.self).htStorage)
            guard !map.isEmpty else { return false }
            let outer = writer.dateFormat
            if let dateFormat { writer.dateFormat = dateFormat }
            defer { writer.dateFormat = outer }
            map.htWrite(to: writer)
            return true
        }
        // The field as a whole, from an object (what `decode(_:into:context:)` is asked): its members
        // added to the map.
        self.decodeValue = { pointer, json, context in
            guard case .object(let object) = json.pointee else {
                context.reportMismatch(expected: [String: Value].htTypeDescription, found: json.pointee)
                return
            }
            for member in object.members {
                let before = context.diagnosticCount
                withUnsafePointer(to: member.value) { decodeMember(pointer, member.key, $0, &context) }
                if context.diagnosticCount != before {
                    context.prefixDiagnostics(since: before, with: .key(member.key))
                }
            }
        }
        self.additionalPropertiesField = HTAdditionalPropertiesField(
            decodeMember: decodeMember,
            members: { object in
                let map = get(unsafeDowncast(object, to: Model.self).htStorage)
                var members: [(key: String, value: HTJSON)] = []
                members.reserveCapacity(map.count)
                for key in map.keys.sorted() {
                    guard let value = map[key] else { continue }
                    members.append((key, dateFormat.map { value.htJSON(dateFormat: $0) } ?? value.htJSON))
                }
                return members
            },
            write: { object, writer, first, claimed in
                let map = get(unsafeDowncast(object, to: Model.self).htStorage)
                guard !map.isEmpty else { return }
                let outer = writer.dateFormat
                if let dateFormat { writer.dateFormat = dateFormat }
                defer { writer.dateFormat = outer }
                for key in map.keys.sorted() where !claimed(key) {
                    guard let value = map[key] else { continue }
                    if !first { writer.writeComma() }
                    first = false
                    writer.writeKey(key)
                    value.htWrite(to: writer)
                }
            })
    }
}

/// The additional properties of a model as its description, `dump(_:)` and `Mirror` show them: keys
/// sorted, values as `debugPrint` writes them (JSON values as JSON text), and the value of a secret key
/// (``HTHTTPModel``'s rule for field names) as `<redacted>`, so that a key the spec does not name
/// cannot bring a secret into a log.
@usableFromInline
struct HTAdditionalPropertiesView: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The members, keys sorted.
    let members: [(key: String, value: Any)]

    @usableFromInline
    init(_ members: [(key: String, value: Any)]) {
        self.members = members.sorted { $0.key < $1.key }
    }

    /// What a secret key's value is shown as.
    private static let redacted = "<redacted>"

    @usableFromInline
    var description: String {
        guard !members.isEmpty else { return "[:]" }
        var text = "["
        for (index, member) in members.enumerated() {
            if index > 0 { text += ", " }
            debugPrint(member.key, terminator: "", to: &text)
            text += ": "
            if HTSecretFieldNames.isSecret(member.key) {
                text += Self.redacted
            } else if let json = member.value as? HTJSON {
                text += json.serializedString()
            } else {
                debugPrint(member.value, terminator: "", to: &text)
            }
        }
        return text + "]"
    }

    @usableFromInline
    var debugDescription: String { description }

    @usableFromInline
    var customMirror: Mirror {
        Mirror(
            self,
            children: members.map { member in
                (
                    label: Optional(member.key),
                    value: HTSecretFieldNames.isSecret(member.key) ? Self.redacted as Any : member.value
                )
            }, displayStyle: .struct)
    }
}
