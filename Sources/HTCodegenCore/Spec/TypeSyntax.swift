/// The written form of a type, shared by the native spec format and the settings file (`fieldTypes`):
/// a name (`String`, `User`), an array (`[User]` or `Array<User>`), or a map from strings
/// (`[String: Price]`), nested to any depth (`[[Double]]`, `[String: [Price]]`, `[[String: Double]]`).
///
/// A map's key is always `String` (JSON object keys are strings); any other key is an error that says
/// so. Spaces and tabs around the parts are ignored.
enum TypeSyntax {
    /// Why a text is not a type.
    struct Failure: Error {
        /// What is wrong, for a diagnostic at the text's position.
        var message: String
    }

    /// Parses `text`, written at `location`. Peeled on the UTF-8 bytes (the brackets are ASCII), so
    /// 10,000 levels cost 10,000 steps.
    static func parse(_ text: String, at location: SourceLocation) throws(Failure) -> TypeRef {
        if !text.isEmpty, !text.utf8.contains(where: isSpecial) {
            return TypeRef(name: text, wrappers: [], location: location)
        }
        let bytes = Array(text.utf8)
        var (lower, upper) = (0, bytes.count)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func trim() {
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        }
        let arrayPrefix = Array("Array<".utf8)
        var wrappers: [TypeRef.Wrapper] = []
        trim()
        while upper - lower >= 2 {
            if bytes[lower] == UInt8(ascii: "["), bytes[upper - 1] == UInt8(ascii: "]") {
                // `[Key: Value]` when a plain name and a colon follow the bracket, else `[Element]`.
                var keyEnd = lower + 1
                while keyEnd < upper - 1, isSpace(bytes[keyEnd]) { keyEnd += 1 }
                let keyStart = keyEnd
                while keyEnd < upper - 1, !isSpecial(bytes[keyEnd]) { keyEnd += 1 }
                var colon = keyEnd
                while colon < upper - 1, isSpace(bytes[colon]) { colon += 1 }
                if keyEnd > keyStart, colon < upper - 1, bytes[colon] == UInt8(ascii: ":") {
                    let key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
                    guard key == "String" else {
                        throw Failure(
                            message:
                                "'\(text)' has the map key type '\(key)'; map keys are always String (JSON object keys are strings): write [String: T]"
                        )
                    }
                    wrappers.append(.map)
                    (lower, upper) = (colon + 1, upper - 1)
                } else {
                    wrappers.append(.array)
                    (lower, upper) = (lower + 1, upper - 1)
                }
            } else if upper - lower >= 7, bytes[upper - 1] == UInt8(ascii: ">"),
                bytes[lower..<(lower + 6)].elementsEqual(arrayPrefix)
            {
                wrappers.append(.array)
                (lower, upper) = (lower + 6, upper - 1)
            } else {
                break
            }
            trim()
        }
        let name = String(decoding: bytes[lower..<upper], as: UTF8.self)
        guard wrappers.count <= TypeRef.maxArrayDepth else {
            throw Failure(
                message: TypeRef.tooDeepMessage("the type", depth: wrappers.count, hasMaps: wrappers.contains(.map)))
        }
        guard !name.isEmpty, !name.utf8.contains(where: isSpecial) else {
            if name.contains(":") {
                throw Failure(
                    message:
                        "'\(text)' is not a type; a map is written [String: T] (its keys are always String), an array [T]"
                )
            }
            throw Failure(
                message:
                    "'\(text)' is not a type; write a name such as \"User\", \"[User]\" for an array, or \"[String: User]\" for a map"
            )
        }
        return TypeRef(name: name, wrappers: wrappers, location: location)
    }

    /// The bytes that are never part of a name: space, tab, brackets, angle brackets, comma and colon.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x5B, 0x5D, 0x3C, 0x3E, 0x2C, 0x3A: return true
        default: return false
        }
    }
}
