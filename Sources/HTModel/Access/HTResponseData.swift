import Foundation

/// A read-only view of one value inside a JSON document that remembers where it is: the Swift form of
/// the original's `ResponseData` (`XZHResponseData`).
///
/// Subscripts never fail and never return optionals, so chains read like the document:
///
/// ```swift
/// let body = HTResponseData(json)
/// let name = body["data"]["items"][0]["name"].string        // String? (nil when any step is missing)
/// let age = try body["data"]["age"].decode(Int.self)          // Int, or an error naming `data.age`
/// let vip = body["data"]["isVip"].bool ?? false               // 0/1, "yes"/"no", true/false
/// ```
///
/// A step into something that is not there (a missing key, an index out of range, a key on an array)
/// gives a value of kind ``Kind/none`` whose ``path`` is still the full path asked for, and which
/// remembers the deepest step that existed, so a throwing accessor can say where the chain broke.
///
/// Scalars convert through the coercion table the object mapper uses (the article "Mapping and
/// Coercion"), so the accessor and the mapper always agree on what `"42"`, `1` or `"yes"` mean.
public struct HTResponseData: Sendable, CustomStringConvertible {
    /// The kind of a value (the original's `XZHResponseDataType`).
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// No value at all: a missing key, an index out of range, or a step into a scalar.
        case none
        /// JSON `null`.
        case null
        /// `true` or `false`. (In the original these were numbers; here they are their own kind, and
        /// the number accessors still read them as 1 and 0.)
        case bool
        /// A number, integer or not.
        case number
        /// A string.
        case string
        /// An array.
        case array
        /// An object (the original's dictionary).
        case dictionary

        /// The kind in words, as error messages use it (`nothing`, `null`, `object`, …).
        public var description: String {
            switch self {
            case .none: return "nothing"
            case .null: return "null"
            case .bool: return "boolean"
            case .number: return "number"
            case .string: return "string"
            case .array: return "array"
            case .dictionary: return "object"
            }
        }
    }

    /// The value, or `nil` when there is none (kind ``Kind/none``).
    public let json: HTJSON?
    /// Where the value is, from the value the accessor was created on (`data.items[0].name`).
    public let path: HTJSONPath
    /// Whether a missing or `null` value is acceptable to the throwing `…IfPresent` accessors, which then
    /// return `nil`; when `false` they throw instead. Children inherit the setting. The default is `true`,
    /// as in the original (`isAllowNull`). The lenient accessors return `nil` either way.
    public var allowsNull: Bool
    /// Why there is no value, when there is none.
    let gap: Gap?

    /// Where a chain of steps left the document.
    struct Gap: Sendable {
        /// The deepest path that had a value.
        var lastFound: HTJSONPath
        /// Why the next step found nothing, e.g. `no key "nmae"` or `index 5 is out of range (3 elements)`.
        var reason: String
    }

    /// Creates an accessor for a whole document or any value in it.
    public init(_ json: HTJSON, allowsNull: Bool = true) {
        self.init(json: json, path: HTJSONPath(), allowsNull: allowsNull, gap: nil)
    }

    /// Parses JSON bytes and creates an accessor for the document.
    public init(parsing data: Data, allowsNull: Bool = true) throws(HTJSONParseError) {
        self.init(try HTJSONParser().parse(data), allowsNull: allowsNull)
    }

    /// Parses JSON text and creates an accessor for the document.
    public init(parsing text: String, allowsNull: Bool = true) throws(HTJSONParseError) {
        self.init(try HTJSONParser().parse(text), allowsNull: allowsNull)
    }

    init(json: HTJSON?, path: HTJSONPath, allowsNull: Bool, gap: Gap?) {
        self.json = json
        self.path = path
        self.allowsNull = allowsNull
        self.gap = gap
    }

    /// A copy whose throwing `…IfPresent` accessors accept (`true`) or reject (`false`) missing and
    /// `null` values; see ``allowsNull``.
    public func allowingNull(_ allowed: Bool) -> HTResponseData {
        var copy = self
        copy.allowsNull = allowed
        return copy
    }

    // MARK: Kind

    /// The kind of the value.
    public var kind: Kind {
        guard let json else { return .none }
        switch json {
        case .null: return .null
        case .bool: return .bool
        case .integer, .double, .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .dictionary
        }
    }

    /// Whether there is no value or the value is `null` (the original's `isNull`).
    public var isNull: Bool {
        kind == .none || kind == .null
    }

    /// Whether the member `key` is missing or `null`; `true` as well when this is not an object.
    public func isNull(forKey key: String) -> Bool {
        self[key].isNull
    }

    /// The kind of the member `key`; ``Kind/none`` when it is missing or this is not an object.
    public func kind(forKey key: String) -> Kind {
        self[key].kind
    }

    /// The number of elements of an array or of distinct keys of an object; 0 for anything else.
    public var count: Int {
        switch json {
        case .array(let elements)?: return elements.count
        case .object?: return allKeys.count
        default: return 0
        }
    }

    /// The keys of an object in document order, each once; empty for anything else. Keys are compared
    /// byte for byte: two that differ only in Unicode normalization are both listed.
    public var allKeys: [String] {
        guard case .object(let object)? = json else { return [] }
        var seen: Set<HTExactKey> = []
        return object.members.compactMap { seen.insert(HTExactKey($0.key)).inserted ? $0.key : nil }
    }

    /// The elements of an array, each remembering its index; empty for anything else.
    public var elements: [HTResponseData] {
        guard case .array(let values)? = json else { return [] }
        return values.indices.map { self[$0] }
    }

    // MARK: Children

    /// The member `key` of an object. Missing keys and steps into non-objects give a value of kind
    /// ``Kind/none``. When a key occurs more than once, the last occurrence wins (as for the mapper).
    public subscript(key: String) -> HTResponseData {
        let childPath = path.appending(.key(key))
        guard let json else { return missing(at: childPath, reason: nil) }
        guard case .object(let object) = json else {
            return missing(at: childPath, reason: "it is \(json.kindDescription), not an object")
        }
        guard let value = object[key] else {
            return missing(at: childPath, reason: "it has no key \"\(key)\"")
        }
        return HTResponseData(json: value, path: childPath, allowsNull: allowsNull, gap: nil)
    }

    /// The element at `index` of an array. Indices out of range (negative ones too) and steps into
    /// non-arrays give a value of kind ``Kind/none``.
    public subscript(index: Int) -> HTResponseData {
        let childPath = path.appending(.index(index))
        guard let json else { return missing(at: childPath, reason: nil) }
        guard case .array(let values) = json else {
            return missing(at: childPath, reason: "it is \(json.kindDescription), not an array")
        }
        guard values.indices.contains(index) else {
            return missing(at: childPath, reason: "index \(index) is out of range (\(values.count) elements)")
        }
        return HTResponseData(json: values[index], path: childPath, allowsNull: allowsNull, gap: nil)
    }

    /// The value at a path of keys and indices, one step at a time.
    public subscript(path path: HTJSONPath) -> HTResponseData {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key): current = current[key]
            case .index(let index): current = current[index]
            }
        }
        return current
    }

    /// The value at a dotted key path of object keys (`data.user.name`), as RestKit key paths are
    /// written. An empty key path is this value itself.
    public func child(atKeyPath keyPath: String) -> HTResponseData {
        guard !keyPath.isEmpty else { return self }
        return self[path: HTJSONPath(keyPath: keyPath)]
    }

    /// A value of kind ``Kind/none`` at `childPath`. The first missing step records why; later steps
    /// keep that first reason, so the error names where the chain actually broke.
    private func missing(at childPath: HTJSONPath, reason: String?) -> HTResponseData {
        let gap = self.gap ?? Gap(lastFound: path, reason: reason ?? "nothing is there")
        return HTResponseData(json: nil, path: childPath, allowsNull: allowsNull, gap: gap)
    }

    /// What there is here, in words, for error messages: `string "abc"`, `null`, or `nothing` with the
    /// reason a chain of steps found nothing.
    var foundDescription: String {
        guard let json else {
            guard let gap else { return "nothing" }
            return "nothing (at \(gap.lastFound): \(gap.reason))"
        }
        return json.kindDescription
    }

    /// The path and the value, e.g. `data.age: number 42`.
    public var description: String {
        "\(path): \(foundDescription)"
    }
}

extension HTJSON {
    /// A ``HTResponseData`` accessor for this value: subscripts that never fail and remember the path,
    /// and lenient or throwing scalar accessors.
    public var responseData: HTResponseData { HTResponseData(self) }
}
