import Foundation

/// The `Link` header (RFC 8288): `<https://api.example/items?page=2>; rel="next", <...>; rel="last"`.
enum HTLinkHeader {
    /// The target of the first link whose `rel` holds `relation`, resolved against `base`; `nil` when
    /// there is none or it does not parse.
    static func target(of value: String, relation: String, base: URL?) -> URL? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let reference = rest[rest.index(after: open)..<close]
            let afterTarget = rest[rest.index(after: close)...]
            let parameters = afterTarget.prefix { $0 != "<" }
            rest = afterTarget.dropFirst(parameters.count)
            if relations(in: parameters).contains(relation.lowercased()) {
                return URL(string: String(reference).trimmingCharacters(in: .whitespaces), relativeTo: base)?
                    .absoluteURL
            }
        }
        return nil
    }

    /// The relation types of a link's parameters (`; rel="next prev"` holds two), lower-cased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(",") { value.removeLast() }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
