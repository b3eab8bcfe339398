/// A coding key for any object key or array index: what ``HTJSON`` and the models' `Codable`
/// conformance use, and how mapping paths become `codingPath`s.
package struct HTJSONCodingKey: CodingKey, Sendable, Hashable {
    /// The key, or the index as text.
    package let stringValue: String
    /// The index, for array elements.
    package let intValue: Int?

    /// A key for an object member.
    package init(_ key: String) {
        self.stringValue = key
        self.intValue = nil
    }

    /// A key for an array element.
    package init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }

    /// A key for an object member (never fails).
    package init?(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array element (never fails).
    package init?(intValue: Int) {
        self.init(index: intValue)
    }

    /// The coding keys of a mapping path (`articles[3].author` → `articles`, 3, `author`).
    package static func codingPath(_ path: HTJSONPath) -> [any CodingKey] {
        path.components.map { component -> any CodingKey in
            switch component {
            case .key(let key): return HTJSONCodingKey(key)
            case .index(let index): return HTJSONCodingKey(index: index)
            }
        }
    }
}
