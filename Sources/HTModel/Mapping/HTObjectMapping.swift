/// How one model type maps to and from JSON: which JSON key path feeds which property.
///
/// The default mapping of a model (``HTModelMappable/htMapping``) is built from its table of properties
/// (`htAccessors`): each property under its JSON key, in declaration order.
/// Custom mappings rename keys or reach into nested objects (`"user.profile.name"`).
///
/// A model whose table has a field of additional properties (OpenAPI `additionalProperties` beside
/// `properties`) keeps there, in every mapping, the members whose keys the mapping does not map, and
/// writes them back beside the mapped properties; keys then match exactly only (see
/// ``apply(_:to:context:)``).
public struct HTObjectMapping<Model: HTModelMappable>: Sendable {
    /// One JSON key path mapped to one property.
    package struct Entry: Sendable {
        /// The JSON key path, one component per object level.
        package let keyPath: [String]
        /// The property it feeds.
        package let accessor: HTPropertyAccessor<Model>

        /// The key path as written, `a.b.c`.
        package var keyPathString: String { keyPath.joined(separator: ".") }
    }

    /// The entries, in the order they were given.
    package let entries: [Entry]
    /// The compiled form the mapper runs (see ``HTMappingPlan``).
    let plan: HTMappingPlan

    /// Creates a mapping from `(JSON key path, property name)` pairs.
    ///
    /// - Throws: ``HTMappingDefinitionError`` when a name is not a property of `Model`, or when two
    ///   entries use the same key path. A wrong mapping is rejected here, never at mapping time.
    public init(_ pairs: [(keyPath: String, property: String)]) throws(HTMappingDefinitionError) {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for pair in pairs {
            guard let accessor = Model.htAccessor(named: pair.property) else {
                throw HTMappingDefinitionError(
                    model: String(describing: Model.self), message: "no property named '\(pair.property)'")
            }
            guard accessor.additionalPropertiesField == nil else {
                throw HTMappingDefinitionError(
                    model: String(describing: Model.self),
                    message:
                        "'\(pair.property)' keeps the keys no other property maps; it has no key path of its own")
            }
            guard !pair.keyPath.isEmpty, seen.insert(pair.keyPath).inserted else {
                throw HTMappingDefinitionError(
                    model: String(describing: Model.self),
                    message: "key path '\(pair.keyPath)' is empty or mapped twice")
            }
            let components = pair.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            entries.append(Entry(keyPath: components, accessor: accessor))
        }
        self.init(entries: entries, additional: Model.htAccessors.first { $0.additionalPropertiesField != nil })
    }

    /// Creates a mapping, RestKit style: attributes whose JSON key equals the property name, attributes
    /// renamed from a JSON key path, and relationships from a JSON key path to a property.
    public init(
        attributes: [String] = [],
        keyedAttributes: [String: String] = [:],
        relationships: [String: String] = [:]
    ) throws(HTMappingDefinitionError) {
        var pairs: [(keyPath: String, property: String)] = attributes.map { ($0, $0) }
        pairs += keyedAttributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        for (keyPath, property) in relationships.sorted(by: { $0.key < $1.key }) {
            guard let accessor = Model.htAccessor(named: property), accessor.isRelationship else {
                throw HTMappingDefinitionError(
                    model: String(describing: Model.self), message: "'\(property)' is not a model-typed property")
            }
            pairs.append((keyPath, property))
        }
        try self.init(pairs)
    }

    /// The default mapping, from the model's table of properties (`htAccessors`), in
    /// declaration order: each property from its accessor's JSON key, or from the key
    /// ``HTMappingHooks/htOverrideKeys`` gives it (when several keys name one property, the first in
    /// sorted order). A hand-written model that implements NEI's metadata lists itself
    /// (``HTModelMappable/baseTypePropertyList``, ``HTModelMappable/customTypePropertyDic``) maps only the
    /// properties they name.
    @_spi(Generated)
    public static func defaultMapping() -> HTObjectMapping<Model> {
        var overrides: [String: String] = [:]
        for (key, property) in Model.htOverrideKeys.sorted(by: { $0.key < $1.key }) where overrides[property] == nil {
            overrides[property] = key
        }
        let listed = Set(Model.baseTypePropertyList).union(Model.customTypePropertyDic.keys)
        var entries: [Entry] = []
        var additional: HTPropertyAccessor<Model>?
        for accessor in Model.htAccessors where listed.contains(accessor.name) {
            if accessor.additionalPropertiesField != nil {
                if additional == nil { additional = accessor }
                continue
            }
            entries.append(Entry(keyPath: [overrides[accessor.name] ?? accessor.key], accessor: accessor))
        }
        return HTObjectMapping(entries: entries, additional: additional)
    }

    /// A mapping of `entries`, whose unmapped members go to `additional` (a field of additional
    /// properties) when given.
    init(entries: [Entry], additional: HTPropertyAccessor<Model>? = nil) {
        self.entries = entries
        let transforms = Model.htValueTransforms
        let blacklist = Model.htSerializationBlacklist
        var slots: [HTMappingPlan.Slot] = []
        var transformed: Set<String> = []
        for entry in entries {
            let keyPath = entry.keyPathString
            let transform = transforms[keyPath]
            if transform != nil { transformed.insert(keyPath) }
            let accessor = entry.accessor
            slots.append(
                HTMappingPlan.Slot(
                    keyPath: entry.keyPath, name: accessor.name, decode: accessor.decodeValue,
                    encode: accessor.encodeValue, write: accessor.writeValue,
                    fromJSON: transform?.fromJSON.map { Self.erased($0) },
                    toJSON: transform?.toJSON.map { Self.erased($0) },
                    blacklisted: blacklist.contains(accessor.name), presence: accessor.presence,
                    isSet: accessor.isSet, readOnly: accessor.isReadOnly))
        }
        // Transforms for key paths no entry maps: extra slots without a property.
        for (keyPath, transform) in transforms.sorted(by: { $0.key < $1.key }) where !transformed.contains(keyPath) {
            guard !keyPath.isEmpty else { continue }
            slots.append(
                HTMappingPlan.Slot(
                    keyPath: keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                    name: keyPath, decode: nil, encode: nil, write: nil,
                    fromJSON: transform.fromJSON.map { Self.erased($0) },
                    toJSON: transform.toJSON.map { Self.erased($0) }, blacklisted: blacklist.contains(keyPath),
                    presence: .optional, isSet: nil, readOnly: false))
        }
        var shouldTransform: (@Sendable (UnsafeMutableRawPointer, HTJSON, String) -> Bool)? = nil
        if let hook = Model.htShouldTransformValue {
            shouldTransform = { pointer, json, name in
                hook(&pointer.assumingMemoryBound(to: Model.Storage.self).pointee, json, name)
            }
        }
        plan = HTMappingPlan(
            slots: slots,
            additional: additional.flatMap { accessor in
                accessor.additionalPropertiesField.map {
                    HTMappingPlan.Additional(
                        field: $0, name: accessor.name, blacklisted: blacklist.contains(accessor.name))
                }
            }, shouldTransform: shouldTransform)
    }

    private static func erased(
        _ transform: @escaping @Sendable (inout Model.Storage, HTJSON, inout HTMappingContext) -> Void
    ) -> @Sendable (UnsafeMutableRawPointer, HTJSON, inout HTMappingContext) -> Void {
        { pointer, json, context in
            transform(&pointer.assumingMemoryBound(to: Model.Storage.self).pointee, json, &context)
        }
    }

    private static func erased(_ transform: @escaping @Sendable (Model) -> HTJSON?) -> @Sendable (AnyObject) -> HTJSON?
    {
        { object in transform(unsafeDowncast(object, to: Model.self)) }
    }

    /// Sets fields of `storage` from `object`.
    ///
    /// Each member's name is matched exactly against the mapped keys first. When none matches and
    /// ``HTMappingOptions/implicitKeyMatching`` is on (the default), its canonical form (ASCII letters
    /// lower-cased, digits kept, everything else dropped: `foo_bar`, `foo-bar` and `FooBar` all give
    /// `foobar`) is matched against the canonical forms of the mapped keys; two mapped keys with the
    /// same canonical form only match exactly. Nested key paths (`a.b.c`) match exactly.
    ///
    /// Keys not in the mapping are ignored (or, for a model with additional properties, put there,
    /// and then no key matches through its canonical form); mapped keys missing from the object leave
    /// their field as it was. When a key occurs more than once, only its last occurrence is mapped
    /// (earlier ones are neither applied nor reported), as for nested key paths. When two different keys reach one
    /// property, an exact match wins over a canonical one (between two canonical matches, the later
    /// wins) and the key left out is reported as a diagnostic.
    public func apply(_ object: HTJSONObject, to storage: inout Model.Storage, context: inout HTMappingContext) {
        _ = withUnsafeMutablePointer(to: &storage) {
            plan.apply(object, to: UnsafeMutableRawPointer($0), context: &context)
        }
    }

    /// A model built from `object`: ``apply(_:to:context:)`` on empty storage, then the model, once;
    /// `nil` when the object lacks a field the model requires (a non-optional field, see
    /// ``HTRequired``), which is recorded in `context` as a failure of the whole mapping.
    public func model(from object: HTJSONObject, context: inout HTMappingContext) -> Model? {
        var storage = Model.Storage()
        return applyChecking(object, to: &storage, context: &context) ? Model(htStorage: storage) : nil
    }

    /// Applies `object` to `storage`; `false` when a required field is left without a value.
    func applyChecking(_ object: HTJSONObject, to storage: inout Model.Storage, context: inout HTMappingContext)
        -> Bool
    {
        withUnsafeMutablePointer(to: &storage) {
            plan.apply(object, to: UnsafeMutableRawPointer($0), context: &context)
        }
    }

    /// The model as a JSON object. `nil` properties are left out, as are properties named in `excluding`
    /// (naming the field of additional properties leaves them all out).
    public func json(from model: Model, excluding: Set<String> = []) -> HTJSONObject {
        json(from: model, excluding: excluding, applyingBlacklist: false)
    }

    /// The model as a JSON object, leaving out `nil` properties, the properties named in `excluding`, and
    /// when `applyingBlacklist` is set those on the model's ``HTMappingHooks/htSerializationBlacklist``.
    func json(from model: Model, excluding: Set<String>, applyingBlacklist: Bool) -> HTJSONObject {
        var object = HTJSONObject()
        let slotCount = plan.encoders.count
        object.members.reserveCapacity(slotCount)
        let sending = plan.hasReadOnly && HTRequestBodyScope.isActive
        for slot in 0..<slotCount {
            if applyingBlacklist && plan.blacklisted[slot] { continue }
            let name = plan.names[slot]
            if excluding.contains(name) { continue }
            if sending && plan.readOnly[slot] { continue }
            let value: HTJSON?
            if let transform = plan.toJSON[slot] {
                value = transform(model)
            } else if let encode = plan.encoders[slot] {
                value = encode(model)
            } else {
                value = nil
            }
            guard let value = value ?? (plan.presence[slot] == .requiredNullable ? HTJSON.null : Optional<HTJSON>.none)
            else { continue }
            let keyPath = plan.keyPaths[slot]
            if keyPath.count == 1 {
                object.append(keyPath[0], value)
            } else {
                object.insert(value, atKeyPath: keyPath[...])
            }
        }
        if let additional = plan.additional, !excluding.contains(additional.name),
            !(applyingBlacklist && additional.blacklisted)
        {
            for member in additional.field.members(model) where !plan.claims(member.key) {
                object.append(member.key, member.value)
            }
        }
        return object
    }

    /// Writes the model as a compact JSON object, leaving out `nil` properties and, when
    /// `applyingBlacklist` is set, those on the model's ``HTMappingHooks/htSerializationBlacklist``.
    func write(_ model: Model, to writer: HTJSONWriter, applyingBlacklist: Bool) {
        if plan.writesDirectly {
            plan.write(model, to: writer, applyingBlacklist: applyingBlacklist)
        } else {
            writer.write(.object(json(from: model, excluding: [], applyingBlacklist: applyingBlacklist)))
        }
    }
}

extension HTJSONObject {
    /// Sets a value at a nested key path, creating intermediate objects.
    mutating func insert(_ value: HTJSON, atKeyPath keyPath: ArraySlice<String>) {
        guard let first = keyPath.first else { return }
        if keyPath.count == 1 {
            self[first] = value
            return
        }
        var child: HTJSONObject
        if case .object(let existing)? = self[first] { child = existing } else { child = HTJSONObject() }
        child.insert(value, atKeyPath: keyPath.dropFirst())
        self[first] = .object(child)
    }
}

/// A mapping that names something the model does not have. Thrown when the mapping is built.
public struct HTMappingDefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model type's name.
    public var model: String
    /// What is wrong.
    public var message: String

    public var description: String { "invalid mapping for \(model): \(message)" }
}
