/// One operation the mock server answers: its method and path template, the base path of its spec's
/// first server (matched when the request's path starts with it, else ignored), the resolved request
/// and API it belongs to, and its answer from the spec.
package struct MockRoute: Sendable {
    /// One segment of a path template.
    enum Segment: Sendable, Equatable {
        /// Matched as written.
        case literal(String)
        /// Matches any non-empty segment that starts and ends with the literals around the parameters
        /// (`{id}`, `{id}.json`); the name of a whole-segment parameter.
        case parameter(name: String?, prefix: String, suffix: String)
    }

    /// The method, upper-cased.
    package var method: String
    /// The template as matched, without the base path (`/pets/{id}`).
    package var template: String
    /// The base path (`/v1`), or empty.
    package var basePath: String
    /// The request.
    package var request: ResolvedRequest
    /// Index of its API in ``MockServer``'s list.
    package var apiIndex: Int
    /// Its answer: the spec's, or the one a scenario picks.
    package var answer: MockAnswer
    /// Seconds to wait before answering (a scenario's `delay`; 0: none).
    package var delay: Double = 0
    /// Whether a scenario picked ``answer``: it is given even in stateful mode.
    package var isFromScenario = false
    /// The segments of ``template``.
    var segments: [Segment]
    /// The segments of ``basePath``.
    var baseSegments: [String]
    /// The fixed query of the template (NEI's `/users?cpwd`): names a request must send.
    var fixedQuery: [String]

    init(method: String, basePath: String, request: ResolvedRequest, apiIndex: Int, answer: MockAnswer) {
        let parsed = PathTemplate(request.path)
        var start = PathTemplateRules.pathStart(in: parsed.path)
        if start != parsed.path.startIndex {
            // An absolute URL: its path only.
            start = parsed.path[start...].firstIndex(of: "/") ?? parsed.path.endIndex
        }
        let path = String(parsed.path[start...])
        self.method = method
        self.template = path.hasPrefix("/") ? path : "/" + path
        self.basePath = basePath
        self.baseSegments = basePath.split(separator: "/").map(String.init)
        self.request = request
        self.apiIndex = apiIndex
        self.answer = answer
        self.fixedQuery = (parsed.query ?? "").split(separator: "&").map {
            String($0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }
        self.segments = template.split(separator: "/").map(Self.segment)
    }

    private static func segment(_ text: Substring) -> Segment {
        let pieces = PathTemplateRules.pieces(of: text)
        guard pieces.contains(where: { if case .parameter = $0 { true } else { false } }) else {
            return .literal(String(text))
        }
        var prefix = ""
        var suffix = ""
        var names: [String] = []
        for piece in pieces {
            switch piece {
            case .literal(let literal): if names.isEmpty { prefix += literal } else { suffix += literal }
            case .parameter(let name): names.append(String(name))
            }
        }
        return .parameter(name: names.count == 1 ? names[0] : nil, prefix: prefix, suffix: suffix)
    }

    /// What a path matched: its parameters and segments (percent-decoded, base path left out).
    struct Match {
        var parameters: [String: String]
        var segments: [String]
        /// Literal segments first, then literal characters, then the fixed query.
        var score: Int
    }

    /// How the route matches a path's segments, if it does.
    func match(_ whole: [Substring], query: [(name: String, value: String)]) -> Match? {
        var path = whole[...]
        if !baseSegments.isEmpty, whole.count >= baseSegments.count,
            zip(baseSegments, whole).allSatisfy({ $0 == MockHTTPRequestParser.percentDecoded($1) })
        {
            path = whole.dropFirst(baseSegments.count)
        }
        guard path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        var score = 0
        let decodedPath = path.map { MockHTTPRequestParser.percentDecoded($0) }
        for (segment, decoded) in zip(segments, decodedPath) {
            switch segment {
            case .literal(let literal):
                guard decoded == literal else { return nil }
                score += 1_000_000
            case .parameter(let name, let prefix, let suffix):
                guard decoded.count > prefix.count + suffix.count, decoded.hasPrefix(prefix), decoded.hasSuffix(suffix)
                else { return nil }
                score += (prefix.count + suffix.count) * 1000
                if let name {
                    parameters[name] = String(decoded.dropFirst(prefix.count).dropLast(suffix.count))
                }
            }
        }
        for name in fixedQuery {
            guard query.contains(where: { $0.name == name }) else { return nil }
            score += 1
        }
        return Match(parameters: parameters, segments: decodedPath, score: score)
    }
}
