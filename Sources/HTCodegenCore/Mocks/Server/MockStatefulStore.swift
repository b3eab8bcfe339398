import Foundation

/// The resources a stateful mock server keeps in memory, by collection: a collection is a concrete
/// path (`/users/7/pets`) whose spec also has an item path, the collection's template plus one
/// parameter segment (`/users/{uid}/pets/{id}`). Items are JSON objects keyed by the text of their
/// `id` field. Memory is what is stored: the objects, their ids, and one counter per collection.
///
/// Not thread-safe by itself: ``MockServer`` holds it behind a lock.
package struct MockStatefulStore: Sendable {
    private struct Collection: Sendable {
        var items: [String: (order: Int, value: MockJSON)] = [:]
        var nextOrder = 0
        var nextID = 1

        mutating func create(_ object: [MockJSONMember], idIsUUID: Bool, idIsString: Bool) -> MockJSON {
            var members = object
            let id: String
            if let given = members.first(where: { $0.key == "id" }), let text = MockStatefulStore.key(given.value) {
                id = text
            } else {
                if idIsUUID {
                    id = UUID().uuidString.lowercased()
                } else {
                    while items[String(nextID)] != nil { nextID += 1 }
                    id = String(nextID)
                    nextID += 1
                }
                let value: MockJSON = idIsUUID || idIsString ? .string(id) : .number(id)
                members.insert(MockJSONMember(key: "id", value: value), at: 0)
            }
            let json = MockJSON.object(members)
            items[id] = (items[id]?.order ?? nextOrder, json)
            nextOrder += 1
            return json
        }

        mutating func update(_ id: String, with object: [MockJSONMember], merging: Bool) -> MockJSON? {
            guard let (order, current) = items[id], case .object(let old) = current else { return nil }
            var members = merging ? old : old.filter { $0.key == "id" }
            for member in object where member.key != "id" {
                if let index = members.firstIndex(where: { $0.key == member.key }) {
                    members[index].value = member.value
                } else {
                    members.append(member)
                }
            }
            let json = MockJSON.object(members)
            items[id] = (order, json)
            return json
        }
    }

    private var collections: [String: Collection] = [:]

    package init() {}

    /// How many items are stored, in all collections.
    package var count: Int { collections.values.reduce(0) { $0 + $1.items.count } }

    /// Stores `object` in `collection`, with an `id` added when it has none (a UUID when `idIsUUID`,
    /// else the next integer: a string of it when `idIsString`). Returns what was stored.
    package mutating func create(
        _ object: [MockJSONMember], in collection: String, idIsUUID: Bool, idIsString: Bool
    ) -> MockJSON {
        // Mutated in place (`default:`), never copied out: a copy would duplicate the collection's
        // storage on every create.
        collections[collection, default: Collection()].create(object, idIsUUID: idIsUUID, idIsString: idIsString)
    }

    /// The item `id` of `collection`.
    package func item(_ id: String, in collection: String) -> MockJSON? {
        collections[collection]?.items[id]?.value
    }

    /// The items of `collection` in the order they were first stored; empty when none.
    package func items(in collection: String) -> [MockJSON] {
        guard let stored = collections[collection] else { return [] }
        return stored.items.values.sorted { $0.order < $1.order }.map(\.value)
    }

    /// Replaces (`merging: false`) or merges into (`true`, top-level keys) the item `id`; its `id`
    /// field is kept. `nil` when there is no such item.
    package mutating func update(
        _ id: String, in collection: String, with object: [MockJSONMember], merging: Bool
    ) -> MockJSON? {
        collections[collection]?.update(id, with: object, merging: merging)
    }

    /// Removes the item `id`; whether there was one.
    package mutating func delete(_ id: String, in collection: String) -> Bool {
        guard collections[collection]?.items.removeValue(forKey: id) != nil else { return false }
        if collections[collection]?.items.isEmpty == true { collections[collection] = nil }
        return true
    }

    /// The text an `id` value is keyed by: a string's or a number's.
    fileprivate static func key(_ value: MockJSON) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        default: nil
        }
    }
}
