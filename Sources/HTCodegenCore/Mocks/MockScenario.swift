import Foundation

/// A mock scenario: what a mock answers, operation by operation, instead of its default answer (the spec's
/// success answer, ``MockAnswer/make(for:in:seed:)``), read from a small JSON or YAML file, so that a UI
/// test can say "the login fails with 401" without code.
///
/// ```json
/// { "scenario": "login fails",
///   "operations": {
///     "login": { "status": 401 },
///     "GET /pets/{petId}": { "delay": 0.5, "example": "cat" },
///     "listPets": { "body": [], "status": 200 } } }
/// ```
///
/// An operation is named by its OpenAPI `operationId`, by its generated request type's name without the
/// `HT` prefix, with or without the `Request` suffix (`ShowPetById`, `ShowPetByIdRequest`), or by its
/// method and path template as the spec writes it (`"GET /pets/{petId}"`). Each says any of:
/// - `example`: a named example of one of the operation's documented responses (OpenAPI `examples`), with
///   that response's status;
/// - `status`: a status the operation documents, answered with that response, its body made from the
///   response's schema as success answers are (a status it does not document is an error: give a `body`
///   to answer with it);
/// - `body`: a fixed JSON body, with `status` or else the default answer's status; checked against the
///   response the status documents (``MockChecker``), not checked (a warning) for an undocumented status;
/// - `delay`: seconds to wait before answering, alone or with any of the others.
///
/// `example` and `body` exclude each other. The scenario is read once, against the resolved APIs it is
/// for; every problem is reported at once, at its position (``MockScenarioError``).
package struct MockScenario: Sendable {
    /// What the scenario says for one operation.
    package struct Choice: Sendable {
        /// The answer it picks; `nil`: the default answer (only a delay is given).
        package var answer: MockAnswer?
        /// Seconds to wait before answering (0: none).
        package var delay: Double
        /// Where the operation is named in the file.
        package var location: SourceLocation
    }

    /// The scenario's name (`"scenario"`), for logs.
    package var name: String?
    /// What it says, by ``key(of:)`` of the operation's request.
    package var choices: [String: Choice]
    /// Warnings found while reading it (an example of the spec that does not match its type, a body for
    /// an undocumented status, an operation that says nothing).
    package var warnings: [Diagnostic]

    /// Creates a scenario from its choices.
    package init(name: String? = nil, choices: [String: Choice] = [:], warnings: [Diagnostic] = []) {
        self.name = name
        self.choices = choices
        self.warnings = warnings
    }

    /// The key of a request in ``choices``: its method, path and class name (unique in a spec, and across
    /// the specs of a target but for the same operation twice).
    package static func key(of request: ResolvedRequest) -> String {
        request.method + " " + request.path + " " + request.className
    }

    /// What the scenario says for `request`, if anything.
    package func choice(for request: ResolvedRequest) -> Choice? {
        choices[Self.key(of: request)]
    }

    /// The answer for `request` and the seconds to wait before giving it: the scenario's choice, else
    /// `defaultAnswer` at once.
    package func answer(for request: ResolvedRequest, default defaultAnswer: MockAnswer) -> (
        answer: MockAnswer, delay: Double
    ) {
        guard let choice = choice(for: request) else { return (defaultAnswer, 0) }
        return (choice.answer ?? defaultAnswer, choice.delay)
    }

    /// Reads the scenario file at `url` (YAML when its name ends in `.yaml` or `.yml`, else JSON) for the
    /// operations of `apis`, whose answers are made with `seed`.
    package static func load(from url: URL, for apis: [ResolvedAPI], seed: UInt64 = MockAnswer.defaultSeed)
        throws(MockScenarioError) -> MockScenario
    {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MockScenarioError(diagnostics: [
                Diagnostic(
                    .error, "cannot read the scenario file", at: SourceLocation(file: url.path, line: 1, column: 1))
            ])
        }
        return try read(Array(data), file: url.path, for: apis, seed: seed)
    }

    /// Reads the scenario file at `url` for the operations of `api`.
    package static func load(from url: URL, for api: ResolvedAPI, seed: UInt64 = MockAnswer.defaultSeed)
        throws(MockScenarioError) -> MockScenario
    {
        try load(from: url, for: [api], seed: seed)
    }

    /// Reads a scenario from the bytes of `file` (YAML when its name ends in `.yaml` or `.yml`, else
    /// JSON) for the operations of `apis`.
    package static func read(
        _ bytes: [UInt8], file: String, for apis: [ResolvedAPI], seed: UInt64 = MockAnswer.defaultSeed
    )
        throws(MockScenarioError) -> MockScenario
    {
        let root: JSONNode
        let warnings: [Diagnostic]
        do {
            (root, warnings) = try DocumentParser.parse(bytes, file: file)
        } catch {
            throw MockScenarioError(diagnostics: [error.diagnostic])
        }
        var reader = MockScenarioReader(apis: apis, seed: seed)
        let scenario = reader.read(root)
        let diagnostics = warnings + reader.diagnostics.all
        guard !reader.diagnostics.hasErrors else {
            throw MockScenarioError(
                diagnostics: diagnostics.sorted { ($0.location, $0.message) < ($1.location, $1.message) })
        }
        var result = scenario
        result.warnings = diagnostics.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        return result
    }
}
