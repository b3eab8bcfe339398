/// The members of one mapping as they are read: keys become strings, duplicates are errors.
struct YAMLMappingBuilder {
    /// The members so far, in order.
    var members: [JSONMember] = []
    /// Key → where it is, once the mapping has 15 members (smaller ones are scanned).
    var seen: [String: SourceLocation] = [:]

    /// Adds a member; a key that is not a scalar, or that the mapping already has, is an error.
    mutating func add(
        key: YAMLComposer.Composed, value: YAMLComposer.Composed
    ) throws(YAMLSyntaxError) {
        guard let text = key.keyText else {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error, "a key must be a scalar; \(key.node.kindName) as a key is not supported",
                    at: key.node.location))
        }
        // Small mappings (almost all of them) are checked for duplicates by a scan; large ones by hashing.
        let first: SourceLocation?
        if members.count < 16 {
            first = members.first { $0.key == text }?.keyLocation
            if members.count == 15 {
                for member in members { seen[member.key] = member.keyLocation }
            }
        } else {
            first = seen[text]
        }
        if let first {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error,
                    "duplicate key '\(text)' (first defined at line \(first.line), column \(first.column))",
                    at: key.node.location))
        }
        if members.count >= 15 { seen[text] = key.node.location }
        members.append(JSONMember(key: text, keyLocation: key.node.location, value: value.node))
    }
}
