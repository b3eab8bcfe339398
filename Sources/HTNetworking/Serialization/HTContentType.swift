/// A parsed `Content-Type` value: `application/json; charset=utf-8` is type `application`, subtype
/// `json` and the parameter `charset=utf-8`.
public struct HTContentType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lower-cased (`application`, `text`).
    public var type: String
    /// The subtype, lower-cased (`json`, `vnd.api+json`).
    public var subtype: String
    /// The parameters, names lower-cased, values without quotes.
    public var parameters: [String: String]

    /// Creates a content type from its parts.
    package init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// Parses a header value; `nil` when it has no `type/subtype`.
    public init?(_ header: String) {
        // Every response is read through its Content-Type: an ASCII value (all of them, in practice) is
        // read byte by byte, about a tenth of the cost of the `Character` steps below, with the same result.
        switch HTContentTypeASCII.parse(header) {
        case .parsed(let type, let subtype, let parameters):
            self.init(lowercased: type, subtype: subtype, parameters: parameters)
            return
        case .invalid:
            return nil
        case .notASCII:
            break
        }
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let mime = parts.first else { return nil }
        let halves = mime.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let type = halves[0].trimmingSpaces.lowercased()
        let subtype = halves[1].trimmingSpaces.lowercased()
        // `Character` arguments: with Foundation imported, `contains(" ")` would be NSString's substring search.
        let space: Character = " "
        guard !type.isEmpty, !subtype.isEmpty, !type.contains(space), !subtype.contains(space) else { return nil }
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingSpaces.lowercased()
            var value = Substring(pair[1].trimmingSpaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            if !name.isEmpty { parameters[name] = String(value) }
        }
        self.init(type: type, subtype: subtype, parameters: parameters)
    }

    /// A content type whose type and subtype are already lower-cased.
    init(lowercased type: String, subtype: String, parameters: [String: String]) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
    }

    /// `type/subtype`, without parameters.
    public var mimeType: String { type + "/" + subtype }

    /// The `charset` parameter, lower-cased.
    public var charset: String? { parameters["charset"]?.lowercased() }

    /// The structured-syntax suffix: `json` for `application/vnd.api+json`.
    public var suffix: String? {
        guard let plus = subtype.lastIndex(of: "+") else { return nil }
        let suffix = subtype[subtype.index(after: plus)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    public var description: String {
        ([mimeType] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: "; ")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
