/// A reference to a type by name, possibly wrapped in arrays and string-keyed maps: `String`, `User`,
/// `[User]`, `[[Number]]`, `[String: Price]`, `[String: [Price]]`, `[[String: Double]]`.
///
/// Every such type is a name wrapped in levels, each an array or a map from strings (map keys are
/// always strings), so the levels are a list rather than a tree: resolving and printing a type
/// 10,000 levels deep costs 10,000 steps and no recursion.
package struct TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// One level around the named type.
    package enum Wrapper: Sendable, Hashable {
        /// An array of what is inside: `[T]`.
        case array
        /// A map from strings to what is inside: `[String: T]`.
        case map
    }

    /// The innermost type's name.
    package var name: String
    /// The levels around `name`, outermost first: `[String: [Price]]` is `[.map, .array]` around `Price`.
    package var wrappers: [Wrapper]
    /// Where the reference is written.
    package var location: SourceLocation
    /// The OpenAPI `format` of the scalar schema the reference was read from (`uuid`, `money`), for the
    /// `format:` keys of `fieldTypes` (``FieldTypeOverrides``); `nil` for any other reference.
    package var format: String?

    /// The deepest nesting of arrays and maps a type may have, counting the levels of named array types
    /// it goes through (`[[Matrix]]`): deeper is an error. Swift's type checker did not finish on a field
    /// nested 10,000 arrays deep, and no JSON API nests arrays anywhere near this.
    package static let maxArrayDepth = 32

    /// The error for `subject` ("the type", "array type 'Matrix'") nesting `depth` levels deep, past
    /// ``maxArrayDepth``; `hasMaps` when some of the levels are maps.
    package static func tooDeepMessage(_ subject: String, depth: Int, hasMaps: Bool = false) -> String {
        let what = hasMaps ? "arrays and maps" : "arrays"
        return "\(subject) nests \(what) \(depth) levels deep; at most \(maxArrayDepth) are supported"
    }

    /// Creates a reference to `name` in `wrappers`.
    package init(name: String, wrappers: [Wrapper], location: SourceLocation) {
        self.name = name
        self.wrappers = wrappers
        self.location = location
    }

    /// Creates a reference to `name` in `arrayDepth` arrays.
    package init(name: String, arrayDepth: Int = 0, location: SourceLocation) {
        self.init(name: name, wrappers: Array(repeating: .array, count: max(0, arrayDepth)), location: location)
    }

    /// The reference as the spec writes it: `[String: [Price]]`.
    package var description: String {
        var text = name
        for wrapper in wrappers.reversed() {
            switch wrapper {
            case .array: text = "[" + text + "]"
            case .map: text = "[String: " + text + "]"
            }
        }
        return text
    }
}
