/// Finds the operation a request is for: by path template and method. Of the templates that match the
/// path, the one with the most literal segments wins (`/pets/mine` before `/pets/{id}`), then the one
/// with the most literal characters, then the one whose fixed query the request sends. A `HEAD`
/// request is answered by the path's `GET` operation when it has no `HEAD` one.
package struct MockRouter: Sendable {
    /// What a path and method lead to.
    package enum Outcome: Sendable {
        /// The operation, its path parameters by name and the path's segments (percent-decoded, base
        /// path left out).
        case found(MockRoute, parameters: [String: String], segments: [String])
        /// The path is known, with these other methods.
        case methodNotAllowed(allowed: [String])
        /// No template matches the path.
        case notFound
    }

    /// Every route, in the order given.
    package var routes: [MockRoute]

    package init(routes: [MockRoute]) {
        self.routes = routes
    }

    /// The route for `method` and `path` (percent-encoded as sent).
    package func route(method: String, path: String, query: [(name: String, value: String)] = []) -> Outcome {
        let segments = path.split(separator: "/")
        var best: (route: MockRoute, match: MockRoute.Match)?
        var bestOtherScore: Int?
        var allowed: Set<String> = []
        for route in routes {
            guard var match = route.match(segments, query: query) else { continue }
            // HEAD is answered by a GET operation when the spec has no HEAD one.
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                match.score = match.score * 2 + (route.method == method ? 1 : 0)
                if let current = best, current.match.score >= match.score { continue }
                best = (route, match)
            } else {
                allowed.insert(route.method)
                bestOtherScore = max(bestOtherScore ?? match.score, match.score)
            }
        }
        if let best {
            return .found(best.route, parameters: best.match.parameters, segments: best.match.segments)
        }
        return bestOtherScore == nil ? .notFound : .methodNotAllowed(allowed: allowed.sorted())
    }
}
