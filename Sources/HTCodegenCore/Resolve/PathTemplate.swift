/// A request path as written in a spec, read the way the runtime (`HTRequestBuilder.fillPath`) reads it.
///
/// - Everything from the first `?` on is a fixed query: NEI's action marker (`/progroups/:id?changecreator`,
///   `/users?cpwd`, `/items/{id}?action=move`). It stays in the generated path template, so it is always
///   sent, and the request's parameters follow it in the query with `&`. It never names a parameter.
/// - In the path part (after `scheme://host:port` for an absolute URL), a whole segment `:name` or
///   `{name}` is a path parameter.
/// - Any other segment holding `:`, `{` or `}` (`/api/rule:id`, `/api/pages:/id`, `/a/x{id}`) is no
///   parameter: it is sent as written (braces percent-encoded). ``oddSegments`` lists them so the
///   ``Resolver`` can warn.
struct PathTemplate {
    /// The part before the first `?`.
    var path: Substring
    /// The fixed query after the first `?` (without it), if the template has one.
    var query: Substring?
    /// The names of the path parameters, in order.
    var parameters: [String] = []
    /// Segments of the path part that hold `:`, `{` or `}` but are not a parameter.
    var oddSegments: [Substring] = []

    init(_ template: String) {
        if let mark = template.firstIndex(of: "?") {
            path = template[..<mark]
            query = template[template.index(after: mark)...]
        } else {
            path = template[...]
            query = nil
        }
        var rest = path
        if let schemeEnd = Self.schemeSeparatorEnd(in: path) {
            // Keep `scheme://host:port` out of the segments, as the runtime does.
            let afterScheme = path[schemeEnd...]
            rest = afterScheme.firstIndex(of: "/").map { path[$0...] } ?? path[path.endIndex...]
        }
        for segment in rest.split(separator: "/") {
            // The runtime's rule: a segment starting with `:`, or a whole `{…}` segment.
            if segment.hasPrefix(":"), segment.count > 1 {
                parameters.append(String(segment.dropFirst()))
            } else if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                parameters.append(String(segment.dropFirst().dropLast()))
            } else if segment.contains(where: Self.isMarkup) {
                oddSegments.append(segment)
            }
        }
    }

    /// Where the first `://` in `text` ends.
    static func schemeSeparatorEnd(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let rest = text[text.index(after: colon)...]
            if rest.hasPrefix("//") { return rest.index(rest.startIndex, offsetBy: 2) }
            index = rest.startIndex
        }
        return nil
    }

    /// The template as the runtime sends it, path parameters left as written: literal segments and the
    /// fixed query percent-encoded where a URL needs it. For messages.
    var shownAsSent: String {
        var prefix = ""
        var rest = path
        if let schemeEnd = Self.schemeSeparatorEnd(in: path) {
            let start = path[schemeEnd...].firstIndex(of: "/") ?? path.endIndex
            prefix = String(path[..<start])
            rest = path[start...]
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let isParameter = (segment.hasPrefix(":") && segment.count > 1)
                || (segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2)
            return isParameter ? String(segment) : Self.sent(segment)
        }
        return prefix + segments.joined(separator: "/") + (query.map { "?" + Self.sent($0, inQuery: true) } ?? "")
    }

    private static func isMarkup(_ character: Character) -> Bool {
        character == ":" || character == "{" || character == "}"
    }

    /// `text` as the runtime puts it into the URL (``URLTextEscaping``, the runtime's own rule).
    static func sent(_ text: Substring, inQuery: Bool = false) -> String {
        URLTextEscaping.escapingInvalid(String(text), inQuery: inQuery)
    }
}
