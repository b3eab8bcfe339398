/// The datatypes of an NEI export by id: exports refer to types by id, the ``SpecDocument`` by name.
///
/// Filled in two steps, so that a type may be used before it is declared: every datatype is first
/// declared by id, then anonymous types (NEI's hidden types often have no name) are named after the
/// first parameter that uses them, then ``name(for:)`` answers every reference.
struct NEITypeTable {
    /// One declared datatype.
    struct Entry {
        /// The name references resolve to (derived for anonymous types).
        var name: String
        /// Where the datatype's `id` is.
        var location: SourceLocation
        /// Hidden or anonymous: gets a model only when something references it.
        var isHidden: Bool
    }

    /// One use of a type by a parameter, for naming anonymous types.
    struct Reference {
        /// The id the parameter refers to.
        var typeID: Int
        /// The name of what holds the parameter: a datatype, or an interface's class name.
        var owner: String
        /// The parameter's name (empty for the element of an array type).
        var field: String
    }

    private(set) var entries: [Int: Entry] = [:]
    /// Ids that stand for a system type under another id (NEI system types with unlisted ids, and
    /// user-defined basic types named like a generator system type, e.g. `Integer`).
    private var systemAliases: [Int: String] = [:]

    /// Declares a datatype. Returns the earlier declaration when `id` is already taken (the new one is
    /// then ignored).
    mutating func declare(id: Int, name: String, location: SourceLocation, isHidden: Bool) -> Entry? {
        if let existing = entries[id] { return existing }
        entries[id] = Entry(name: name, location: location, isHidden: isHidden)
        return nil
    }

    /// Makes `id` stand for the system type `systemName` (no declaration of its own).
    mutating func alias(id: Int, toSystemType systemName: String) {
        systemAliases[id] = systemName
        entries[id] = nil
    }

    /// The type name for `id`: a system type's, a declared type's, or `nil` when nothing has this id.
    func name(for id: Int) -> String? {
        if let system = NEISystemTypes.typeName(forID: id) { return system }
        if let alias = systemAliases[id] { return alias }
        return entries[id]?.name
    }

    /// Gives every anonymous (empty-named) type a name: the owner and the field of its first use, in
    /// upper camel case (`User` + `address` → `UserAddress`, the element of array type `Tags` →
    /// `TagsItem`), made unique with a number; `Anonymous<id>` when nothing uses it.
    mutating func nameAnonymousTypes(uses references: [Reference]) {
        var taken = Set(entries.values.map(\.name).filter { !$0.isEmpty })
        taken.formUnion(BuiltInTypes.all.keys)
        func claim(_ base: String) -> String {
            var name = base
            var counter = 2
            while taken.contains(name) {
                name = "\(base)\(counter)"
                counter += 1
            }
            taken.insert(name)
            return name
        }
        for reference in references {
            guard let entry = entries[reference.typeID], entry.name.isEmpty else { continue }
            let owner = SwiftNaming.upperCamel(reference.owner)
            let field = SwiftNaming.upperCamel(reference.field)
            let base = (owner.isEmpty ? "Anonymous" : owner) + (field.isEmpty ? "Item" : field)
            entries[reference.typeID]?.name = claim(base)
        }
        for id in entries.keys.sorted() where entries[id]?.name.isEmpty == true {
            entries[id]?.name = claim("Anonymous\(id.magnitude)")
        }
    }
}
