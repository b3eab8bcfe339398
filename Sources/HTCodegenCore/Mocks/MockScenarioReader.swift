/// Reads the parsed tree of a mock scenario file (``MockScenario``) against the operations of the
/// resolved APIs, reporting every problem at its position in ``diagnostics``.
struct MockScenarioReader {
    /// The keys of the file's top-level object.
    static let topKeys = ["scenario", "operations"]
    /// The keys of an operation's entry.
    static let operationKeys = ["example", "status", "delay", "body"]
    /// The longest delay, in seconds (a day, as ``HTMockResponse`` waits at most).
    static let longestDelay = 86_400.0

    /// One operation a scenario can name, with the API it belongs to.
    private struct Operation {
        var request: ResolvedRequest
        var api: ResolvedAPI
    }

    private let operations: [Operation]
    private let seed: UInt64
    /// The problems found, in the order found.
    var diagnostics = DiagnosticBag()

    init(apis: [ResolvedAPI], seed: UInt64) {
        operations = apis.flatMap { api in api.requests.map { Operation(request: $0, api: api) } }
        self.seed = seed
    }

    /// The scenario `root` describes; its errors are in ``diagnostics``.
    mutating func read(_ root: JSONNode) -> MockScenario {
        var scenario = MockScenario()
        guard let members = root.objectMembers else {
            diagnostics.error("a scenario must be an object, found \(root.kindName)", at: root.location)
            return scenario
        }
        diagnostics.reportUnknownKeys(members, allowed: Self.topKeys, in: "the scenario")
        if let name = root["scenario"] {
            if let text = name.value.stringValue {
                scenario.name = text
            } else {
                diagnostics.error(
                    "'scenario' must be a string (its name), found \(name.value.kindName)", at: name.value.location)
            }
        }
        guard let list = root["operations"] else {
            diagnostics.error(
                "a scenario needs 'operations', an object naming the operations it answers", at: root.location)
            return scenario
        }
        guard let entries = list.value.objectMembers else {
            diagnostics.error("'operations' must be an object, found \(list.value.kindName)", at: list.value.location)
            return scenario
        }
        var named: [String: SourceLocation] = [:]
        for entry in entries {
            guard let operation = operation(named: entry.key, at: entry.keyLocation) else { continue }
            let key = MockScenario.key(of: operation.request)
            if let earlier = named[key] {
                diagnostics.error(
                    "'\(entry.key)' names the same operation as the entry at \(earlier)", at: entry.keyLocation)
                continue
            }
            named[key] = entry.keyLocation
            if let choice = choice(entry, for: operation) { scenario.choices[key] = choice }
        }
        return scenario
    }

    /// The names an operation goes by: its `operationId`, its class name with and without `Request`.
    private static func names(of request: ResolvedRequest) -> [String] {
        var names = [request.className]
        if request.className.hasSuffix("Request"), request.className.count > "Request".count {
            names.append(String(request.className.dropLast("Request".count)))
        }
        if let id = request.operationID, !names.contains(id) { names.append(id) }
        return names
    }

    /// The operation `name` names: by name (``names(of:)``) or as `METHOD /path`.
    private mutating func operation(named name: String, at location: SourceLocation) -> Operation? {
        var found = operations.filter { Self.names(of: $0.request).contains(name) }
        let parts = name.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        if found.isEmpty, parts.count == 2 {
            let method = parts[0].uppercased()
            let path = parts[1].trimmingCharacters(in: .whitespaces)
            found = operations.filter { $0.request.method == method && $0.request.path == path }
        }
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            let places = found.map { "\($0.request.method) \($0.request.path)" }.joined(separator: ", ")
            diagnostics.error(
                "'\(name)' names \(found.count) operations (\(places)); name one by its method and path",
                at: location)
            return nil
        }
        // The operationIds first: of names that differ only in case (`login`, `Login`), the one the spec wrote.
        var candidates = operations.compactMap(\.request.operationID)
        var seen = Set(candidates.map { $0.lowercased() })
        for operation in operations {
            for candidate in Self.names(of: operation.request) + [
                "\(operation.request.method) \(operation.request.path)"
            ]
            where seen.insert(candidate.lowercased()).inserted {
                candidates.append(candidate)
            }
        }
        let suggestion = closestName(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
        diagnostics.error(
            "no operation '\(name)'\(suggestion); name one by its operationId, its request type's name or 'METHOD /path'",
            at: location)
        return nil
    }

    /// The choice `entry` makes for `operation`; `nil` after an error.
    private mutating func choice(_ entry: JSONMember, for operation: Operation) -> MockScenario.Choice? {
        let what = "the entry of '\(entry.key)'"
        guard let members = entry.value.objectMembers else {
            diagnostics.error(
                "\(what) must be an object (with example, status, delay or body), found \(entry.value.kindName)",
                at: entry.value.location)
            return nil
        }
        let errorsBefore = diagnostics.all.count(where: { $0.severity == .error })
        diagnostics.reportUnknownKeys(members, allowed: Self.operationKeys, in: what)
        if members.isEmpty {
            diagnostics.warning(
                "\(what) says nothing; the operation gives its default answer", at: entry.value.location)
        }
        let delay = entry.value["delay"].flatMap { self.delay($0) } ?? 0
        let status = entry.value["status"].flatMap { self.status($0) }
        var answer: MockAnswer?
        let request = operation.request
        if entry.value["example"] != nil, let body = entry.value["body"] {
            diagnostics.error("give either 'example' or 'body', not both", at: body.keyLocation)
        } else if let example = entry.value["example"] {
            answer = exampleAnswer(example, status: status, for: operation)
        } else if let body = entry.value["body"] {
            let code = status?.code ?? MockAnswer.make(for: request, in: operation.api, seed: seed).statusCode
            let fixed = MockAnswer.fixed(MockJSON(body.value), statusCode: code, for: request, in: operation.api)
            if fixed.payload == nil, !(200...299).contains(code),
                MockAnswer.errorResponse(of: request, for: code) == nil
            {
                diagnostics.warning(
                    "'\(entry.key)' documents no response for status \(code); the body is sent unchecked",
                    at: body.keyLocation)
            }
            let problems = fixed.problems(MockChecker(operation.api))
            if !problems.isEmpty {
                diagnostics.error(
                    "the body does not match the response of status \(code) of '\(entry.key)': \(problems.joined(separator: "; "))",
                    at: body.value.location)
            }
            answer = fixed
        } else if let status {
            if let made = MockAnswer.make(for: request, in: operation.api, status: status.code, seed: seed) {
                answer = made
            } else {
                let documented = MockAnswer.documentedStatuses(of: request).joined(separator: ", ")
                diagnostics.error(
                    "'\(entry.key)' documents no response for status \(status.code) (it documents \(documented)); give a 'body' to answer with it",
                    at: status.location)
            }
        }
        guard diagnostics.all.count(where: { $0.severity == .error }) == errorsBefore else { return nil }
        return MockScenario.Choice(answer: answer, delay: delay, location: entry.keyLocation)
    }

    /// The answer of the named example `node` picks, with `status` when given (it must be the status
    /// of the example's response).
    private mutating func exampleAnswer(
        _ node: JSONMember, status: (code: Int, location: SourceLocation)?, for operation: Operation
    ) -> MockAnswer? {
        let request = operation.request
        guard let name = node.value.stringValue else {
            diagnostics.error(
                "'example' must be the name of an example, found \(node.value.kindName)", at: node.value.location)
            return nil
        }
        guard let example = request.responseExamples.first(where: { $0.name == name }) else {
            let names = request.responseExamples.map(\.name)
            let suggestion = closestName(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            let known =
                names.isEmpty
                ? "it has no named examples" : "its examples: \(names.joined(separator: ", "))"
            diagnostics.error(
                "'\(request.operationID ?? request.className)' has no example '\(name)'\(suggestion); \(known)",
                at: node.value.location)
            return nil
        }
        let code: Int
        switch example.status {
        case .code(let documented):
            if let status, status.code != documented {
                diagnostics.error(
                    "the example '\(name)' is of the response \(documented), not \(status.code)", at: status.location)
                return nil
            }
            code = documented
        case .range(let digit):
            if let status, status.code / 100 != digit {
                diagnostics.error(
                    "the example '\(name)' is of the responses \(digit)XX, not \(status.code)", at: status.location)
                return nil
            }
            code = status?.code ?? (digit == 2 ? request.successStatus ?? 200 : digit * 100)
        case .default:
            code = status?.code ?? 500
        }
        let answer = MockAnswer.fixed(MockJSON(example.value), statusCode: code, for: request, in: operation.api)
        let problems = answer.problems(MockChecker(operation.api))
        if !problems.isEmpty {
            diagnostics.warning(
                "the example '\(name)' (\(example.location)) does not match its response's type: \(problems.joined(separator: "; ")); it is sent as written",
                at: node.value.location)
        }
        return answer
    }

    /// The seconds of a `delay`; `nil` after an error.
    private mutating func delay(_ member: JSONMember) -> Double? {
        guard case .number(let text) = member.value.value, let seconds = Double(text), seconds.isFinite,
            (0...Self.longestDelay).contains(seconds)
        else {
            diagnostics.error(
                "'delay' must be a number of seconds from 0 to \(Int(Self.longestDelay)), found \(Self.found(member.value))",
                at: member.value.location)
            return nil
        }
        return seconds
    }

    /// The code of a `status`; `nil` after an error.
    private mutating func status(_ member: JSONMember) -> (code: Int, location: SourceLocation)? {
        guard case .number(let text) = member.value.value, let code = Int(text), (100...599).contains(code) else {
            diagnostics.error(
                "'status' must be an HTTP status code from 100 to 599, found \(Self.found(member.value))",
                at: member.value.location)
            return nil
        }
        return (code, member.value.location)
    }

    /// A wrong value for a message: a number as written, else its kind (`a string`).
    private static func found(_ node: JSONNode) -> String {
        if case .number(let text) = node.value { return text }
        return node.kindName
    }
}
