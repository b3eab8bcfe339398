/// A parsed JSON value: the runtime's dynamic representation of response bodies, request parameters
/// and `Variable` fields of generated models.
///
/// Objects keep their members in document order (``HTJSONObject``), so serialising a parsed value gives
/// the keys back in the order the server sent them. Numbers are never rounded on the way in: integers
/// in `Int64`'s range are ``integer(_:)``, numbers a `Double` holds exactly are ``double(_:)``, and the
/// rest keep their digits in ``number(_:)``, so 64-bit identifiers and decimal amounts survive a round
/// trip exactly.
public enum HTJSON: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in `Int64`.
    case integer(Int64)
    /// A number with a fraction or an exponent that a `Double` holds exactly as written: at most 15
    /// significant digits (`12.12`, `0.1`, `1e-7`), so the double's shortest text is the number. A whole
    /// number up to 2^53 stored here is written as an integer (`5`, not `5.0`; see ``HTJSONSerializer``).
    case double(Double)
    /// Any other number, kept exactly, digit for digit: an integer outside `Int64`
    /// (`18446744073709551615`) or a number of more than 15 significant digits
    /// (`1234567890.123456789`). `Decimal` and `UInt64` properties read it without going through
    /// `Double`; a `Double` property gets the correctly rounded nearest value.
    case number(HTJSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([HTJSON])
    /// An object, members in document order.
    case object(HTJSONObject)
}

/// The members of a JSON object, in document order.
///
/// Lookup by key scans the members from the end, so when a key occurs twice the last occurrence wins
/// (the behaviour of `JSONSerialization` and most parsers). Keys match byte for byte (their UTF-8), not
/// by Swift's `String` equality: `"\u00e9"` (é precomposed) and `"e\u0301"` (e and a combining acute)
/// are different JSON keys, so they are two members, neither found by the other's name.
public struct HTJSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One `"key": value` member.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: HTJSON

        /// Creates a member.
        public init(key: String, value: HTJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order.
    public var members: [Member]

    /// Creates an object from its members.
    public init(members: [Member] = []) {
        self.members = members
    }

    /// Creates an object from a dictionary literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, HTJSON)...) {
        self.members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`, or `nil` when the object has no such member. Setting a value replaces the
    /// last member with that key or appends a new member; setting `nil` removes every member with that key.
    /// Keys match byte for byte (see the type's overview).
    public subscript(key: String) -> HTJSON? {
        get {
            var index = members.endIndex
            while index > members.startIndex {
                index -= 1
                if HTExactKey.same(members[index].key, key) { return members[index].value }
            }
            return nil
        }
        set {
            guard let newValue else {
                members.removeAll { HTExactKey.same($0.key, key) }
                return
            }
            if let index = members.lastIndex(where: { HTExactKey.same($0.key, key) }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member without looking for an existing one with the same key (the fast path used when
    /// building objects whose keys are known to be distinct).
    public mutating func append(_ key: String, _ value: HTJSON) {
        members.append(Member(key: key, value: value))
    }
}

extension HTJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: HTJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, HTJSON)...) {
        self = .object(HTJSONObject(members: elements.map { HTJSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
