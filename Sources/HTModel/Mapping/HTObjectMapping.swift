/// How one model type maps to and from JSON: which JSON key path feeds which property.
///
/// The default mapping of a generated model (``HTModelMappable/htMapping``) is built from its two
/// metadata lists, as NEI's generated Objective-C did: attributes from `baseTypePropertyList`,
/// relationships from `customTypePropertyDic`, each under a JSON key equal to the property name.
/// Custom mappings rename keys or reach into nested objects (`"user.profile.name"`).
public struct HTObjectMapping<Model: HTModelMappable>: Sendable {
    /// One JSON key path mapped to one property.
    public struct Entry: Sendable {
        /// The JSON key path, one component per object level.
        public let keyPath: [String]
        /// The property it feeds.
        public let accessor: HTPropertyAccessor<Model>

        /// The key path as written, `a.b.c`.
        public var keyPathString: String { keyPath.joined(separator: ".") }
    }

    /// The entries, in the order they were given.
    public let entries: [Entry]
    /// Entries whose key path is a single key, by that key.
    @usableFromInline let singleKeyIndex: [String: Int]
    /// Indices of entries whose key path has several components.
    @usableFromInline let nestedEntries: [Int]

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
            guard !pair.keyPath.isEmpty, seen.insert(pair.keyPath).inserted else {
                throw HTMappingDefinitionError(
                    model: String(describing: Model.self), message: "key path '\(pair.keyPath)' is empty or mapped twice")
            }
            let components = pair.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            entries.append(Entry(keyPath: components, accessor: accessor))
        }
        self.init(entries: entries)
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

    /// The default mapping from the model's metadata lists (see the type's documentation): each property
    /// from its accessor's JSON key. Names in the lists that have no accessor are left out; generated
    /// models never have any.
    public static func defaultMapping() -> HTObjectMapping<Model> {
        var names = Model.baseTypePropertyList
        names += Model.customTypePropertyDic.keys.sorted()
        var entries: [Entry] = []
        for name in names {
            if let accessor = Model.htAccessor(named: name) {
                entries.append(Entry(keyPath: [accessor.key], accessor: accessor))
            }
        }
        return HTObjectMapping(entries: entries)
    }

    init(entries: [Entry]) {
        self.entries = entries
        var index: [String: Int] = [:]
        var nested: [Int] = []
        for (position, entry) in entries.enumerated() {
            if entry.keyPath.count == 1 {
                index[entry.keyPath[0]] = position
            } else {
                nested.append(position)
            }
        }
        self.singleKeyIndex = index
        self.nestedEntries = nested
    }

    /// Sets `model`'s properties from `object`. Keys not in the mapping are ignored; mapped keys missing
    /// from the object leave their property as it was. When a key occurs more than once, only its last
    /// occurrence is mapped (earlier ones are neither applied nor reported), as for nested key paths.
    public func apply(_ object: HTJSONObject, to model: Model, context: inout HTMappingContext) {
        let members = object.members
        withUnsafeTemporaryAllocation(of: Int.self, capacity: members.count) { memberEntry in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: entries.count) { lastMember in
                // Which entry each member feeds (-1: none), and the last member feeding each entry.
                lastMember.initialize(repeating: -1)
                for (index, member) in members.enumerated() {
                    let position = singleKeyIndex[member.key] ?? -1
                    memberEntry.initializeElement(at: index, to: position)
                    if position >= 0 { lastMember[position] = index }
                }
                for (index, member) in members.enumerated() {
                    let position = memberEntry[index]
                    guard position >= 0, lastMember[position] == index else { continue }
                    let accessor = entries[position].accessor
                    context.at(.key(member.key)) { context in
                        accessor.decode(model, member.value, &context)
                    }
                }
            }
        }
        for position in nestedEntries {
            let entry = entries[position]
            var current = HTJSON.object(object)
            var found = true
            for key in entry.keyPath {
                guard case .object(let level) = current, let next = level[key] else {
                    found = false
                    break
                }
                current = next
            }
            guard found else { continue }
            context.at(entry.keyPath.map { .key($0) }) { context in
                entry.accessor.decode(model, current, &context)
            }
        }
    }

    /// The model as a JSON object. `nil` properties are left out, as are properties named in `excluding`.
    public func json(from model: Model, excluding: Set<String> = []) -> HTJSONObject {
        var object = HTJSONObject()
        object.members.reserveCapacity(entries.count)
        for entry in entries where !excluding.contains(entry.accessor.name) {
            guard let value = entry.accessor.encode(model) else { continue }
            if entry.keyPath.count == 1 {
                object.append(entry.keyPath[0], value)
            } else {
                object.insert(value, atKeyPath: entry.keyPath[...])
            }
        }
        return object
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
