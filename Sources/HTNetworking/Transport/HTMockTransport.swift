import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers from memory or from files, never touching the network: for tests, demos
/// and building an app before its server exists (the original's mock feature).
///
/// A request is answered by, in order: the `handler`, if it returns a response; an answer given for its
/// request type (`answering(_:with:)`, one answer or several in turn); a route registered for its method and path
/// (routes may use `:name` or `{name}` segments, as request paths do, and parameters inside a segment,
/// `{id}.json`; the most specific route wins when several match); the spec's answer of a generated
/// request (``init(answering:routes:directory:handler:)``); an answer for a request type again, matched
/// against the end of the path (the client's base URL may have a path of its own: `/api/v1/pets/3`
/// answers as `/pets/{petId}`);
/// a file in `directory` named by the original convention (the method in
/// lower case, then the path with `/` replaced by `_`, then `.json`: GET `/user/info` →
/// `get_user_info.json`); otherwise a 404 whose body says which file was looked for. Any of these may be
/// a failure (``HTMockResponse/failure(_:)``) or delayed (``HTMockResponse/delayed(by:)``).
///
/// Use it as a client's transport (nothing reaches the network), or as the client's
/// ``HTClientConfiguration/mock`` so that ``HTClient/mockMode`` can switch mocking on and off.
public struct HTMockTransport: HTTransport {
    /// Decides per request; return `nil` to fall through to the routes and files.
    public typealias Handler = @Sendable (URLRequest) -> HTMockResponse?

    private var overrides: [Route] = []
    private let routes: [Route]
    private var specAnswers: [Route] = []
    private let directory: URL?
    private let handler: Handler?

    private struct Route: Sendable {
        var method: String
        var segments: [Substring]
        var response: HTMockResponse
        /// Answers given in turn instead of `response` (`answering(_:with:)` with a list).
        var sequence: AnswerSequence?

        /// The answer for the next request the route matches.
        func next() -> HTMockResponse {
            sequence?.next() ?? response
        }
    }

    /// Answers given one after another, the last one again once they are used up; shared by the copies
    /// of a transport, so each request takes the next whichever copy it goes through.
    private final class AnswerSequence: Sendable {
        let responses: [HTMockResponse]
        let position = HTLocked(0)

        init(_ responses: [HTMockResponse]) {
            self.responses = responses
        }

        func next() -> HTMockResponse? {
            guard !responses.isEmpty else { return nil }
            let index = position.withLock { position in
                defer { position += 1 }
                return min(position, responses.count - 1)
            }
            return responses[index]
        }
    }

    /// Creates a mock transport.
    ///
    /// - Parameters:
    ///   - routes: `"METHOD /path"` → response, e.g. `"GET /users/:userName/photos": .json("...")`.
    ///   - directory: where to look for convention-named JSON files.
    ///   - handler: decides per request before the routes and files are consulted.
    public init(routes: [String: HTMockResponse] = [:], directory: URL? = nil, handler: Handler? = nil) {
        let parsed: [Route] = routes.sorted { $0.key < $1.key }.compactMap { key, response in
            let parts = key.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return Route(method: parts[0].uppercased(), segments: parts[1].split(separator: "/"), response: response)
        }
        self.routes = Self.mostSpecificFirst(parsed)
        self.directory = directory
        self.handler = handler
    }

    /// Creates a mock transport that answers each of `requests` (generated requests, e.g.
    /// `HTPetstoreMocks.requests`) with the answer its spec gives (``HTMockAnswering/mockResponse``), by
    /// the request's method and path template; `routes`, `directory` and `handler` as in
    /// ``init(routes:directory:handler:)``, the routes before the spec's answers.
    public init(
        answering requests: [any HTMockAnswering.Type], routes: [String: HTMockResponse] = [:], directory: URL? = nil,
        handler: Handler? = nil
    ) {
        self.init(routes: routes, directory: directory, handler: handler)
        specAnswers = Self.mostSpecificFirst(requests.map { Self.route(for: $0, response: $0.mockResponse) })
    }

    /// This transport, answering every request of type `request` with `response` before its routes and
    /// the spec's answers: a documented error (`.status(404)`, `.json(..., statusCode: 409)`), a
    /// failure (`.failure(.notConnectedToInternet)`), a delay (`.delayed(by:)`). A later answer for the
    /// same request type replaces an earlier one.
    ///
    /// ```swift
    /// let mocks = HTMockTransport(answering: HTPetstoreMocks.requests)
    ///     .answering(HTGetPetRequest.self, with: .status(404))
    /// ```
    public func answering<R: HTBaseRequest>(_ request: R.Type, with response: HTMockResponse) -> HTMockTransport {
        var copy = self
        let route = Self.route(for: R.self, response: response)
        copy.overrides.removeAll { $0.method == route.method && $0.segments == route.segments }
        copy.overrides = Self.mostSpecificFirst([route] + copy.overrides)
        return copy
    }

    /// This transport, answering every request of type `request` with `value`, its response as a
    /// model, written as JSON at the request's ``HTBaseRequest/responseKeyPath`` (a path of object keys
    /// separated by dots), with `statusCode`.
    ///
    /// ```swift
    /// let mocks = HTMockTransport(answering: HTPetstoreMocks.requests)
    ///     .answering(HTGetPetRequest.self, with: HTPet(id: 7, name: "Rex"))
    /// ```
    public func answering<R: HTBaseRequest>(_ request: R.Type, with value: R.Response, statusCode: Int = 200)
        -> HTMockTransport
    {
        var json = value.htJSON
        for key in (R.responseKeyPath ?? "").split(separator: ".").reversed() {
            var object = HTJSONObject()
            object.append(String(key), json)
            json = .object(object)
        }
        return answering(R.self, with: .json(json, statusCode: statusCode))
    }

    /// This transport, answering every request of type `request` with the error status `status` and
    /// `body`, a documented error body (the type the request's `ErrorResponse` case for that status
    /// holds), written as the whole JSON body. The client then throws an ``HTNetworkingError`` whose
    /// ``HTNetworkingError/documentedError`` is the request's typed error for the status.
    ///
    /// ```swift
    /// let mocks = HTMockTransport(answering: HTPetstoreMocks.requests)
    ///     .answering(HTCreatePetsRequest.self, status: 422, error: HTStoreError(code: 422, message: "no name"))
    /// ```
    ///
    /// `status` is sent as given; a status the request accepts (2xx) is read as a success, not an error.
    public func answering<R: HTBaseRequest, Body: HTJSONValueConvertible>(
        _ request: R.Type, status: Int, error body: Body
    ) -> HTMockTransport {
        answering(R.self, with: .json(body.htJSON, statusCode: status))
    }

    /// This transport, answering requests of type `request` with `responses` in turn: the first request
    /// gets the first, the next the second, and once they are used up every further request gets the
    /// last (a retry that succeeds: `[.status(503), .status(503), .json(...)]`). The count is shared by
    /// the transport's copies. An empty list answers nothing for the type.
    public func answering<R: HTBaseRequest>(_ request: R.Type, with responses: [HTMockResponse]) -> HTMockTransport {
        guard let first = responses.first else { return self }
        var copy = self
        var route = Self.route(for: R.self, response: first)
        route.sequence = AnswerSequence(responses)
        copy.overrides.removeAll { $0.method == route.method && $0.segments == route.segments }
        copy.overrides = Self.mostSpecificFirst([route] + copy.overrides)
        return copy
    }

    /// The route of a request type: its method and path template.
    private static func route<R: HTBaseRequest>(for _: R.Type, response: HTMockResponse) -> Route {
        Route(method: R.method.rawValue.uppercased(), segments: R.path.split(separator: "/"), response: response)
    }

    /// `routes` with the most specific first: when several match a path, the one whose first parameter
    /// segment comes latest (`/users/me` before `/users/:id`); ties keep their order.
    private static func mostSpecificFirst(_ routes: [Route]) -> [Route] {
        routes.enumerated().sorted { lhs, rhs in
            let left = lhs.element.segments.map(Self.isParameter)
            let right = rhs.element.segments.map(Self.isParameter)
            if left != right {
                for (l, r) in zip(left, right) where l != r { return !l }
                return left.count < right.count
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The file name the original convention gives a request: the method in lower case, then the path
    /// with `/` replaced by `_`, then `.json` (GET `/user/info` → `get_user_info.json`).
    package static func fileName(method: String, path: String) -> String {
        let trimmed = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let body = trimmed.split(separator: "/").joined(separator: "_")
        return method.lowercased() + (body.isEmpty ? "" : "_" + body) + ".json"
    }

    public func send(_ request: URLRequest) async throws -> HTTransportResponse {
        if let answer = try await answer(for: request) { return answer }
        return notFound(for: request)
    }

    /// The answer of the handler, a route or a file; `nil` when none of them has one.
    package func answer(for request: URLRequest) async throws -> HTTransportResponse? {
        if let handler, let response = handler(request) {
            return try await response.answer(for: request)
        }
        let method = (request.httpMethod ?? "GET").uppercased()
        let path = request.url?.path ?? "/"
        // Segments are split on the encoded path, so a parameter value holding `%2F` stays one segment,
        // then decoded to compare with the routes' literal segments.
        let encodedPath =
            request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.percentEncodedPath } ?? path
        let segments = encodedPath.split(separator: "/").map { Substring($0.removingPercentEncoding ?? String($0)) }
        for list in [overrides, routes, specAnswers] {
            if let route = list.first(where: { $0.method == method && matches($0.segments, segments) }) {
                return try await route.next().answer(for: request)
            }
        }
        // A request type's path is relative to the client's base URL, which may have a path of its own
        // (`https://host/api/v1`): its answers also match the end of the path, the longest template first.
        for list in [overrides, specAnswers] {
            var found: Route?
            for route in list where route.method == method && route.segments.count < segments.count {
                guard matches(route.segments, segments.suffix(route.segments.count)) else { continue }
                if route.segments.count > found?.segments.count ?? -1 { found = route }
            }
            if let found { return try await found.next().answer(for: request) }
        }
        if let directory {
            let file = directory.appendingPathComponent(Self.fileName(method: method, path: path))
            if let data = FileManager.default.contents(atPath: file.path) {
                return HTTransportResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"], body: data, url: request.url)
            }
        }
        return nil
    }

    /// The 404 for a request nothing answers: its JSON body names the method, the path and the
    /// convention file that was looked for.
    package func notFound(for request: URLRequest) -> HTTransportResponse {
        let method = (request.httpMethod ?? "GET").uppercased()
        let path = request.url?.path ?? "/"
        let fileName = Self.fileName(method: method, path: path)
        let message: HTJSON = [
            "error": "no mock response", "method": .string(method), "path": .string(path),
            "file": .string(fileName),
        ]
        return HTTransportResponse(
            statusCode: 404, headers: ["Content-Type": "application/json"], body: message.serializedData(),
            url: request.url)
    }

    private func matches(_ pattern: [Substring], _ segments: ArraySlice<Substring>) -> Bool {
        guard pattern.count == segments.count else { return false }
        for (expected, actual) in zip(pattern, segments) where expected != actual {
            if !Self.isParameter(expected) && !Self.matchesTemplate(expected, actual) { return false }
        }
        return true
    }

    private func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        matches(pattern, segments[...])
    }

    /// Whether `actual` fits a segment with parameters inside it (`{id}.json`, `thumbnail.{extension}`):
    /// each `{name}` stands for one or more characters, the rest is literal.
    private static func matchesTemplate(_ template: Substring, _ actual: Substring) -> Bool {
        guard template.contains("{") else { return false }
        var literals: [Substring] = []
        var rest = template
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        // The first literal is a prefix, the last a suffix, the ones between appear in order; every
        // parameter takes at least one character.
        guard let first = literals.first, let last = literals.last, actual.hasPrefix(first) else { return false }
        var remaining = actual.dropFirst(first.count)
        for literal in literals.dropFirst().dropLast() {
            guard remaining.count > literal.count, let range = remaining.dropFirst().range(of: literal) else {
                return false
            }
            remaining = remaining[range.upperBound...]
        }
        return remaining.count > last.count && remaining.hasSuffix(last)
    }

    /// Whether a route segment is a `:name` or `{name}` parameter.
    private static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}"))
    }
}
