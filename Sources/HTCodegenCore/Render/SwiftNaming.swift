/// Turns spec names into valid Swift identifiers and text into safe comments and literals.
///
/// Type names are the spec name's words (``words(_:)``, split at `_` and at every character Swift does
/// not accept) in upper camel case (`user_info` → `UserInfo`). Member names (properties, inputs, enum
/// constants) are the words in lower camel case (``MemberNaming/camelCase``: `refresh_token` →
/// `refreshToken`, `DateCreated` → `dateCreated`, `MAX_VALUE` → `maxValue`), or keep their spelling where
/// Swift allows it (``MemberNaming/asWritten``, the names before issue #37). A leading digit gets an
/// underscore (`2fa` → `_2fa`), keywords are written
/// in backticks, and names that would shadow members every model or request has get a trailing
/// underscore (`description` → `description_`). Collisions that remain are reported
/// (``SwiftNames`` for types, the renderer for members).
enum SwiftNaming {
    /// Swift's reserved words, which need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// Type names that a generated type must not take: Swift and Foundation types that generated code
    /// or user code refers to unqualified, the runtime's modules and public types
    /// (``runtimeTypeNames``), and `Storage`, which every model declares.
    static let reservedTypeNames: Set<String> = runtimeTypeNames.union([
        "String", "Int", "Int32", "Int64", "UInt64", "Double", "Float", "Bool", "Array", "Dictionary", "Set",
        "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject", "Character", "Data", "Date", "URL",
        "UUID", "Decimal", "TimeZone",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "Identifiable", "Type", "Self",
        "Protocol", "Foundation", "HTModel", "HTNetworking", "HTNetworkingCompat", "Storage",
    ])

    /// Member names every model or request already has (from its protocols and base class).
    static let reservedMemberNames: Set<String> = [
        "description", "debugDescription", "hash", "hashValue", "htJSON", "htJSONValue", "htAccessors",
        "htMapping", "customTypePropertyDic", "baseTypePropertyList", "parameters", "headers", "method", "path",
        "responseKeyPath", "headerPropertyList", "rawValue", "knownValues", "isKnown", "init", "deinit",
        "subscript", "Type", "Protocol", "self", "Self", "Response", "htDecodeProperty", "htEncodeProperty", "htWrite",
        "htStorage", "Storage", "with", "htUpdated", "customMirror", "encode", "htJSONObject", "htJSONData",
        "htJSONString", "htDecode", "htTypeDescription", "htAccessor",
        "htOverrideKeys", "htValueTransforms", "htShouldTransformValue", "htSerializationBlacklist",
        // HTBaseRequest's hooks: a spec input of a matching type would silently implement the hook.
        "baseURL", "timeout", "bodyEncoding", "acceptedStatusCodes", "mappingOptions", "resultValidator",
        "requestType", "interceptors", "mock", "customize", "maximumResponseSize",
        // HTCacheableRequest's and HTFreezableRequest's, which apps add to generated requests in extensions.
        "cachePolicy", "cacheExpiry", "cacheVersion", "cacheKeyFilteredParameters", "cacheSensitiveData", "cacheKey",
        "cacheUserScope", "freezePolicyID", "freezeExpiryInterval", "freezeSensitiveData", "freezeKey",
    ]

    /// Whether a scalar may appear in a generated identifier. ASCII letters, digits and `_`, Latin
    /// letters with accents, and the CJK, kana and hangul blocks (Swift accepts all of these; NEI names
    /// are often Chinese). Anything else separates words.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F: return true
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// Whether `text` is printable ASCII with no backslash (and no double quote unless allowed): text
    /// that goes into a literal or a comment unchanged. The common case, checked without decoding.
    static func isPlainASCII(_ text: String, allowingQuotes: Bool = false) -> Bool {
        var plain = true
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x5C || (byte == 0x22 && !allowingQuotes) {
                plain = false
                return
            }
        } ?? { plain = false }()
        return plain
    }

    /// The words of `raw`: runs of scalars an identifier may hold (``isIdentifierScalar(_:)``) other
    /// than `_`; `_` and everything else separates (`user_info`, `user-info`, `user info` → `user`,
    /// `info`). The generator's one word splitter: the OpenAPI reader's names for inline schemas and
    /// operations, the NEI reader's for anonymous types, the resolver's derived request names and the
    /// Swift names of types and members are all made of these words.
    static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in raw.unicodeScalars {
            if scalar != "_" && isIdentifierScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words of every part, each with its first letter upper-cased and the rest as written (so
    /// acronyms stay: `HTTP_server` → `HTTPServer`), joined: `("Pet", "owner_name")` → `PetOwnerName`.
    /// Empty when no part has a word.
    static func upperCamel(_ parts: String...) -> String {
        upperCamel(parts)
    }

    /// The words of every part in upper camel case, joined (see ``upperCamel(_:)-variadic``).
    static func upperCamel(_ parts: [String]) -> String {
        var result = ""
        for part in parts {
            for word in words(part) { result += capitalized(word) }
        }
        return result
    }

    /// Whether `raw` is already an identifier: scalars an identifier may hold, not starting with a digit.
    static func isIdentifier(_ raw: String) -> Bool {
        guard let first = raw.unicodeScalars.first, !(0x30...0x39).contains(first.value) else { return false }
        return raw.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    /// A type name for the spec name `raw`: its words in upper camel case (`user_info`, `user-info`,
    /// `userInfo` → `UserInfo`), never empty (`_` when it has no word), never starting with a digit
    /// (`2fa` → `_2fa`).
    static func typeName(_ raw: String) -> String {
        var result = upperCamel(raw)
        if result.isEmpty { result = "_" }
        if let first = result.unicodeScalars.first, (0x30...0x39).contains(first.value) {
            result = "_" + result
        }
        return result
    }

    /// An identifier from `raw`. A lower-first identifier (a property or constant) keeps the spelling of
    /// a name that already is one (`refresh_token` stays: members are named as their JSON keys); any
    /// other is its words joined in camel case (`user-name` → `userName`). `upperFirst` gives a type
    /// name (``typeName(_:)``). Never empty, never starting with a digit.
    static func identifier(_ raw: String, upperFirst: Bool) -> String {
        if upperFirst { return typeName(raw) }
        if isIdentifier(raw) { return raw }
        let parts = words(raw)
        var result = ""
        for (index, word) in parts.enumerated() {
            result += index == 0 ? word : capitalized(word)
        }
        if result.isEmpty { result = "_" }
        if let first = result.unicodeScalars.first, (0x30...0x39).contains(first.value) {
            result = "_" + result
        }
        return result
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowercasedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// The words of `raw` in lower camel case: the first word's leading capitals lowered (`URLPath` →
    /// `urlPath`, `ID` → `id`), the others' first letters raised as written (`user_ID` → `userID`) or, for
    /// ``acronyms``, all their letters (`token_id` → `tokenID`, `photo_urls` → `photoURLs`), and
    /// every word lowered first when `raw` has no lower-case letter (`MAX_VALUE` → `maxValue`). Never
    /// empty (`_`), never starting with a digit (`401k` → `_401k`). A name that already is lower camel case
    /// comes back unchanged.
    static func lowerCamel(_ raw: String) -> String {
        let shouting = !raw.unicodeScalars.contains { $0.properties.isLowercase }
        var result = ""
        for (index, word) in words(raw).enumerated() {
            let word = shouting ? word.lowercased() : word
            result += index == 0 ? lowercasedLeadingCapitals(word) : capitalized(acronym(word) ?? word)
        }
        if result.isEmpty { result = "_" }
        if let first = result.unicodeScalars.first, (0x30...0x39).contains(first.value) {
            result = "_" + result
        }
        return result
    }

    /// Acronyms that Swift's API design guidelines write in one case (`tokenID`, `avatarURL`): a later word
    /// of a member name that is one of these in lower case is written in capitals.
    static let acronyms: Set<String> = [
        "api", "css", "csv", "db", "dns", "html", "http", "https", "id", "ip", "json", "jwt", "os", "pdf", "sdk",
        "sha", "sku", "sql", "ssl", "tls", "ui", "uri", "url", "utc", "uuid", "xml",
    ]

    /// `word` in capitals when it is a lower-case ``acronyms`` entry, or one in the plural (`ids` → `IDs`).
    static func acronym(_ word: String) -> String? {
        if acronyms.contains(word) { return word.uppercased() }
        if word.hasSuffix("s"), acronyms.contains(String(word.dropLast())) { return word.dropLast().uppercased() + "s" }
        return nil
    }

    /// `word` with its leading run of capitals lowered: all of it when the run is the whole word, one
    /// letter, or followed by a plural `s` only (`ID`, `Name`, `IDs` → `id`, `name`, `ids`); otherwise all
    /// but the last capital, which starts the next word (`URLPath` → `urlPath`).
    static func lowercasedLeadingCapitals(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var run = 0
        while run < scalars.count, scalars[run].properties.isUppercase { run += 1 }
        guard run > 0 else { return word }
        let rest = scalars[run...]
        let lowered = run == 1 || rest.isEmpty || (rest.count == 1 && rest.first == "s") ? run : run - 1
        var result = String(String.UnicodeScalarView(scalars[..<lowered])).lowercased()
        result.unicodeScalars.append(contentsOf: scalars[lowered...])
        return result
    }

    /// A property or input name for a spec name, in the target's member naming.
    static func memberName(_ raw: String, _ naming: MemberNaming) -> String {
        var name = naming == .camelCase ? lowerCamel(raw) : identifier(raw, upperFirst: false)
        if reservedMemberNames.contains(name) { name += "_" }
        return name
    }

    /// An enum constant name: lower camel case (`PUBLIC` → `public`, `Friends` → `friends`; in
    /// ``MemberNaming/asWritten`` naming, `in_progress` keeps its underscore).
    static func enumCaseName(_ raw: String, _ naming: MemberNaming) -> String {
        var name: String
        if naming == .camelCase {
            name = lowerCamel(raw)
        } else {
            name = identifier(raw, upperFirst: false)
            let letters = name.unicodeScalars.filter { $0.properties.isAlphabetic }
            if !letters.isEmpty, letters.allSatisfy({ $0.properties.isUppercase }) {
                name = name.lowercased()
            } else {
                name = lowercasedFirst(name)
            }
        }
        if reservedMemberNames.contains(name) { name += "_" }
        return name
    }

    /// `name` as it must be written in a declaration or after a dot: keywords in backticks, and `_`
    /// (a field or enum key `_`, or a name with no character Swift accepts), which Swift takes as a
    /// property or constant name only in backticks (`var _: String?` does not compile).
    static func escaped(_ name: String) -> String {
        keywords.contains(name) || name == "_" ? "`\(name)`" : name
    }

    /// A Swift string literal with the exact contents of `text`: quotes, backslashes (so no `\(`
    /// interpolation), newlines and other control characters are escaped.
    static func stringLiteral(_ text: String) -> String {
        if isPlainASCII(text) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                    || scalar.value == 0x85 || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value)
                {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `text` on one comment line: the lines of ``docLines(_:)`` joined by spaces, so no line break can
    /// end the comment and start a line of code (a spec file named `x\n#error("x").htspec.json`).
    static func commentLine(_ text: String) -> String {
        docLines(text).joined(separator: " ")
    }

    /// The lines of a doc comment for `text`: every kind of line break starts a new `///` line and other
    /// control characters become spaces, so no text can end the comment early.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.trimmingSpaces.isEmpty else { return [] }
        if isPlainASCII(text, allowingQuotes: true) { return [text.trimmingTrailingSpaces] }
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = value == 0x0D
            if value == 0x0A || value == 0x0D || value == 0x0B || value == 0x0C || value == 0x85 || value == 0x2028
                || value == 0x2029
            {
                lines.append(current)
                current = ""
            } else if value < 0x20 || value == 0x7F || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            {
                current += " "
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        while let last = lines.last, last.trimmingSpaces.isEmpty { lines.removeLast() }
        return lines.map { $0.trimmingTrailingSpaces }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return String(result)
    }
}
