/// Answers HTTP requests from specs, without sockets (the `ht-mock-server` executable reads and
/// writes the bytes): routes a request (``MockRouter``), checks it (``MockRequestValidator``), and
/// answers from the spec (``MockAnswer``, computed once at start, so the same seed gives the same
/// bytes) or, in stateful mode, from the resources stored (``MockStatefulStore``, rule in
/// ``statefulAnswer(_:route:segments:)``). Safe to call from many threads at once.
package final class MockServer: Sendable {
    /// What one request got: the answer and, for a 400, why.
    package struct Outcome: Sendable {
        package var response: MockHTTPResponse
        package var reason: String?
        /// Seconds to wait before answering (a scenario's `delay`).
        package var delay: Double

        package init(response: MockHTTPResponse, reason: String? = nil, delay: Double = 0) {
            self.response = response
            self.reason = reason
            self.delay = delay
        }
    }

    /// Every operation, in spec order.
    package let router: MockRouter
    /// Keeps created resources (`--stateful`).
    package let isStateful: Bool
    private let validators: [MockRequestValidator]
    /// Templates (without base path) that are an item path: a collection's template plus `/{param}`.
    private let itemTemplates: Set<String>
    /// Templates that are a collection path: some item path is them plus one parameter segment.
    private let collectionTemplates: Set<String>
    private let store = MockLocked(MockStatefulStore())

    /// A server for `apis`, answering with `seed`, or as `scenario` says for the operations it names
    /// (``MockScenario/load(from:for:seed:)``, read for the same APIs and seed).
    package init(
        apis: [ResolvedAPI], seed: UInt64 = MockAnswer.defaultSeed, isStateful: Bool = false,
        scenario: MockScenario? = nil
    ) {
        var routes: [MockRoute] = []
        for (index, api) in apis.enumerated() {
            let basePath = MockServerSpecs.basePath(of: api)
            for request in api.requests {
                let choice = scenario?.choice(for: request)
                var route = MockRoute(
                    method: request.method, basePath: basePath, request: request, apiIndex: index,
                    answer: choice?.answer ?? MockAnswer.make(for: request, in: api, seed: seed))
                route.delay = choice?.delay ?? 0
                route.isFromScenario = choice?.answer != nil
                routes.append(route)
            }
        }
        router = MockRouter(routes: routes)
        validators = apis.map(MockRequestValidator.init)
        self.isStateful = isStateful
        let templates = Set(routes.map(\.template))
        var items: Set<String> = []
        var collections: Set<String> = []
        for route in routes {
            guard case .parameter(_?, "", "")? = route.segments.last else { continue }
            let parent = "/" + route.template.split(separator: "/").dropLast().joined(separator: "/")
            if templates.contains(parent) {
                items.insert(route.template)
                collections.insert(parent)
            }
        }
        itemTemplates = items
        collectionTemplates = collections
    }

    /// How many resources the stateful store holds.
    package var storedCount: Int { store.withLock { $0.count } }

    /// The answer to `request`.
    package func respond(to request: MockHTTPRequest) -> Outcome {
        switch router.route(method: request.method, path: request.path, query: request.query) {
        case .notFound:
            return Outcome(
                response: .error(404, "no operation of the specs matches \(request.method) \(request.path)"))
        case .methodNotAllowed(let allowed):
            var response = MockHTTPResponse.error(
                405, "\(request.path) does not take \(request.method); it takes \(allowed.joined(separator: ", "))")
            response.extraHeaders["Allow"] = allowed.joined(separator: ", ")
            return Outcome(response: response)
        case .found(let route, let parameters, let segments):
            if let problem = validators[route.apiIndex].problem(with: request, route: route, pathParameters: parameters)
            {
                return Outcome(response: .error(400, problem), reason: problem)
            }
            if isStateful, !route.isFromScenario, let answer = statefulAnswer(request, route: route, segments: segments)
            {
                return Outcome(response: answer, delay: route.delay)
            }
            let answer = route.answer
            return Outcome(
                response: MockHTTPResponse(
                    status: answer.statusCode, contentType: answer.contentType, body: Array(answer.body.utf8)),
                delay: route.delay)
        }
    }

    /// The stateful rule. A collection path (`/pets`) is one whose template plus one parameter segment
    /// is an item path of the specs (`/pets/{id}`):
    /// - `POST` to a collection with a JSON object stores it, with an `id` added when it has none (a
    ///   UUID when the body's `id` field, else the item path's parameter, is a UUID; else the next
    ///   integer), and answers 201 with it;
    /// - `GET` of a collection lists the stored items when there are any (in the spec answer's array,
    ///   where it has one), else answers from the spec;
    /// - `GET`, `PUT` (replace), `PATCH` (merge top-level keys) and `DELETE` (204) of an item path act
    ///   on the stored item whose `id` is the last segment, and answer 404 when there is none.
    ///
    /// `nil`: not a stateful request, answer from the spec.
    private func statefulAnswer(_ request: MockHTTPRequest, route: MockRoute, segments: [String]) -> MockHTTPResponse? {
        let method = request.method == "HEAD" ? "GET" : request.method
        if collectionTemplates.contains(route.template) {
            let collection = "/" + segments.joined(separator: "/")
            switch method {
            case "POST":
                guard case .object(let members)? = Self.jsonObject(request.body) else { return nil }
                let idType = idType(route)
                let stored = store.withLock {
                    $0.create(members, in: collection, idIsUUID: idType == .uuid, idIsString: idType == .string)
                }
                return json(201, stored)
            case "GET":
                let items = store.withLock { $0.items(in: collection) }
                guard !items.isEmpty else { return nil }
                return json(200, Self.listing(items, like: route.answer))
            default:
                return nil
            }
        }
        guard itemTemplates.contains(route.template), let id = segments.last else { return nil }
        let collection = "/" + segments.dropLast().joined(separator: "/")
        let missing = MockHTTPResponse.error(404, "no item '\(id)' is stored in \(collection)")
        switch method {
        case "GET":
            return store.withLock { $0.item(id, in: collection) }.map { json(200, $0) } ?? missing
        case "PUT", "PATCH":
            guard case .object(let members)? = Self.jsonObject(request.body) else { return nil }
            let updated = store.withLock { $0.update(id, in: collection, with: members, merging: method == "PATCH") }
            return updated.map { json(200, $0) } ?? missing
        case "DELETE":
            let deleted = store.withLock { $0.delete(id, in: collection) }
            return deleted ? MockHTTPResponse(status: 204, contentType: nil, body: []) : missing
        default:
            return nil
        }
    }

    private func json(_ status: Int, _ value: MockJSON) -> MockHTTPResponse {
        MockHTTPResponse(status: status, contentType: "application/json", body: Array(value.text.utf8))
    }

    /// The type of the ids of a collection's new items: the POST body's `id` field, else the item
    /// path parameter's.
    private func idType(_ route: MockRoute) -> ResolvedType {
        let validator = validators[route.apiIndex]
        if let body = route.request.body, case .model(let name) = body.type,
            let field = validator.checker.types.models[name]?.fields.first(where: { $0.name == "id" })
        {
            return field.type
        }
        let itemRoutes = router.routes.filter {
            $0.apiIndex == route.apiIndex && itemTemplates.contains($0.template)
                && $0.template.hasPrefix(route.template + "/")
        }
        for item in itemRoutes {
            guard case .parameter(let name?, _, _)? = item.segments.last,
                case .fields(let fields) = item.request.inputs,
                let field = fields.first(where: { $0.name == name })
            else { continue }
            return field.type
        }
        return .integer
    }

    /// The stored items in the shape of the spec's answer: replacing its array (the whole body, the
    /// value at its key path, or its only array member), else as an array.
    private static func listing(_ items: [MockJSON], like answer: MockAnswer) -> MockJSON {
        guard let json = answer.json else { return .array(items) }
        if case .array = json { return .array(items) }
        guard case .object(var members) = json else { return .array(items) }
        let key =
            answer.payload?.keyPath.flatMap { $0.contains(".") ? nil : $0 }
            ?? {
                let arrays = members.filter { if case .array = $0.value { true } else { false } }
                return arrays.count == 1 ? arrays[0].key : nil
            }()
        guard let key, let index = members.firstIndex(where: { $0.key == key }) else { return .array(items) }
        members[index].value = .array(items)
        return .object(members)
    }

    private static func jsonObject(_ body: [UInt8]) -> MockJSON? {
        guard !body.isEmpty, let node = try? JSONDocumentParser.parse(body, file: "body") else { return nil }
        return MockJSON(node)
    }
}
