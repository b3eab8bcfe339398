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
        var members = object
        var stored = collections[collection] ?? Collection()
        let id: String
        if let given = members.first(where: { $0.key == "id" }), let text = Self.key(given.value) {
            id = text
        } else {
            if idIsUUID {
                id = UUID().uuidString.lowercased()
            } else {
                while stored.items[String(stored.nextID)] != nil { stored.nextID += 1 }
                id = String(stored.nextID)
                stored.nextID += 1
            }
            let value: MockJSON = idIsUUID || idIsString ? .string(id) : .number(id)
            members.insert(MockJSONMember(key: "id", value: value), at: 0)
        }
        let json = MockJSON.object(members)
        stored.items[id] = (stored.items[id]?.order ?? stored.nextOrder, json)
        stored.nextOrder += 1
        collections[collection] = stored
        return json
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
        guard var stored = collections[collection], let (order, current) = stored.items[id],
            case .object(let old) = current
        else { return nil }
        var members = merging ? old : old.filter { $0.key == "id" }
        for member in object where member.key != "id" {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = member.value
            } else {
                members.append(member)
            }
        }
        let json = MockJSON.object(members)
        stored.items[id] = (order, json)
        collections[collection] = stored
        return json
    }

    /// Removes the item `id`; whether there was one.
    package mutating func delete(_ id: String, in collection: String) -> Bool {
        guard collections[collection]?.items.removeValue(forKey: id) != nil else { return false }
        if collections[collection]?.items.isEmpty == true { collections[collection] = nil }
        return true
    }

    /// The text an `id` value is keyed by: a string's or a number's.
    private static func key(_ value: MockJSON) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        default: nil
        }
    }
}
