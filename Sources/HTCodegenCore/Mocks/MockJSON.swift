/// A JSON value a mock answer is made of, written as compact JSON text with its object members in the
/// order they were added: the same value always gives the same bytes.
package indirect enum MockJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as its JSON text.
    case number(String)
    case string(String)
    case array([MockJSON])
    /// An object's members, in order.
    case object([MockJSONMember])

    /// The value of a spec's JSON node (an `example`, a `default`).
    package init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(MockJSON.init))
        case .object(let members):
            self = .object(members.map { MockJSONMember(key: $0.key, value: MockJSON($0.value)) })
        }
    }

    /// The member called `key`, if this is an object that has one.
    package subscript(key: String) -> MockJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The compact JSON text.
    package var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

/// One `"key": value` member of a ``MockJSON`` object.
package struct MockJSONMember: Sendable, Hashable {
    /// The key.
    package var key: String
    /// The value.
    package var value: MockJSON

    /// Creates a member.
    package init(key: String, value: MockJSON) {
        self.key = key
        self.value = value
    }
}
