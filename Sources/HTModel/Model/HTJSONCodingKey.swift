/// A coding key for any object key or array index: what ``HTJSON`` and the models' `Codable`
/// conformance use, and how mapping paths become `codingPath`s.
public struct HTJSONCodingKey: CodingKey, Sendable, Hashable {
    /// The key, or the index as text.
    public let stringValue: String
    /// The index, for array elements.
    public let intValue: Int?

    /// A key for an object member.
    public init(_ key: String) {
        self.stringValue = key
        self.intValue = nil
    }

    /// A key for an array element.
    public init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }

    /// A key for an object member (never fails).
    public init?(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array element (never fails).
    public init?(intValue: Int) {
        self.init(index: intValue)
    }

    /// The coding keys of a mapping path (`articles[3].author` → `articles`, 3, `author`).
    public static func codingPath(_ path: HTJSONPath) -> [any CodingKey] {
        path.components.map { component -> any CodingKey in
            switch component {
            case .key(let key): return HTJSONCodingKey(key)
            case .index(let index): return HTJSONCodingKey(index: index)
            }
        }
    }
}
