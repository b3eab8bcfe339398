/// A request path as written in a spec, read the way the runtime (`HTRequestBuilder.fillPath`) reads it,
/// by the same rules (``PathTemplateRules``).
///
/// - Everything from the first `?` on is a fixed query: NEI's action marker (`/progroups/:id?changecreator`,
///   `/users?cpwd`, `/items/{id}?action=move`). It stays in the generated path template, so it is always
///   sent, and the request's parameters follow it in the query with `&`. It never names a parameter.
/// - In the path part (after `scheme://host:port` for an absolute URL), a whole segment `:name` is a
///   path parameter, and so is every `{name}`, wherever it sits in its segment (`{id}`, `{id}.json`).
/// - Any other segment holding `:`, `{` or `}` (`/api/rule:id`, `/api/pages:/id`, `/a/{}`) has no
///   parameter: it is sent as written (braces percent-encoded). ``oddSegments`` lists them so the
///   ``Resolver`` can warn.
struct PathTemplate {
    /// The part before the first `?`.
    var path: Substring
    /// The fixed query after the first `?` (without it), if the template has one.
    var query: Substring?
    /// The names of the path parameters, in order.
    var parameters: [String] = []
    /// Segments of the path part that hold `:`, `{` or `}` but no parameter.
    var oddSegments: [Substring] = []

    init(_ template: String) {
        if let mark = template.firstIndex(of: "?") {
            path = template[..<mark]
            query = template[template.index(after: mark)...]
        } else {
            path = template[...]
            query = nil
        }
        // `scheme://host:port` of an absolute URL is not segments, as for the runtime.
        for segment in path[PathTemplateRules.pathStart(in: path)...].split(separator: "/") {
            let names = PathTemplateRules.parameterNames(in: segment)
            if !names.isEmpty {
                parameters += names.map(String.init)
            } else if segment.contains(where: Self.isMarkup) {
                oddSegments.append(segment)
            }
        }
    }

    /// The template as the runtime sends it, path parameters left as written: literal segments and the
    /// fixed query percent-encoded where a URL needs it. For messages.
    var shownAsSent: String {
        let start = PathTemplateRules.pathStart(in: path)
        let segments = path[start...].split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            PathTemplateRules.pieces(of: segment).map { piece in
                switch piece {
                case .literal(let text): return Self.sent(text)
                case .parameter(let name): return segment.hasPrefix(":") ? String(segment) : "{" + name + "}"
                }
            }.joined()
        }
        return String(path[..<start]) + segments.joined(separator: "/")
            + (query.map { "?" + Self.sent($0, inQuery: true) } ?? "")
    }

    private static func isMarkup(_ character: Character) -> Bool {
        character == ":" || character == "{" || character == "}"
    }

    /// `text` as the runtime puts it into the URL (``PathTemplateRules``, the runtime's own rule).
    static func sent(_ text: Substring, inQuery: Bool = false) -> String {
        PathTemplateRules.escapingInvalid(String(text), inQuery: inQuery)
    }
}
