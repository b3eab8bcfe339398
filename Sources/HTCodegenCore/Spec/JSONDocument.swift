/// A JSON value from a spec file with the position of every node, so that every later diagnostic can
/// point at the exact place in the file.
package struct JSONNode: Sendable, Hashable {
    /// The value.
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number, kept as written.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    /// The value.
    package var value: Value
    /// Where the value starts (its first character: the quote of a string, the bracket of an array).
    package var location: SourceLocation

    /// A word for the kind of value, for messages: `an object`, `a string`, ...
    package var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The string, if this is a string.
    package var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The members, if this is an object.
    package var objectMembers: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements, if this is an array.
    package var arrayElements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The member called `key`, if this is an object that has one.
    package subscript(key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        for member in members where member.key == key {
            return member
        }
        return nil
    }
}

/// One `"key": value` member of an object, with the position of the key.
package struct JSONMember: Sendable, Hashable {
    /// The key.
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: SourceLocation
    /// The value.
    package var value: JSONNode
}
