import Foundation
import Testing

@testable import HTCodegenCore

/// Mock scenario files (``MockScenario``): each kind of choice (a named example, a documented status, a
/// fixed body, a delay), the ways to name an operation, every error at its position, and the JSON and
/// YAML forms of one scenario giving the same answers.
@Suite struct MockScenarioTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Scenarios, version: "1"}
        paths:
          /login:
            post:
              operationId: login
              responses:
                "200":
                  description: Signed in.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Session"}
                "401":
                  description: Wrong credentials.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Problem"}
                      examples:
                        locked:
                          value: {code: 401, message: account locked}
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: The pets.
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}
                default:
                  description: Any error.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Problem"}
          /pets/{petId}:
            get:
              operationId: getPet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: One pet.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
                      examples:
                        cat: {value: {id: 1, name: Tom, kind: cat}}
                        dog: {value: {id: 2, name: Rex, kind: dog}}
                        broken: {value: {id: one}}
                "404":
                  description: No such pet.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Problem"}
        components:
          schemas:
            Session:
              type: object
              required: [token]
              properties: {token: {type: string}}
            Problem:
              type: object
              required: [code, message]
              properties: {code: {type: integer}, message: {type: string}}
            Pet:
              type: object
              required: [id, name]
              properties: {id: {type: integer}, name: {type: string}, kind: {type: string}}
        """

    static func api() throws -> ResolvedAPI {
        try MockSynthesizerTests.api(spec)
    }

    static func request(_ operationID: String, in api: ResolvedAPI) throws -> ResolvedRequest {
        try #require(api.requests.first { $0.operationID == operationID })
    }

    /// The scenario `text` (JSON, or YAML when `file` ends in `.yaml`), for the API of ``spec``.
    static func scenario(_ text: String, file: String = "scenario.json") throws -> MockScenario {
        try MockScenario.read(Array(text.utf8), file: file, for: [try api()])
    }

    /// The error reading `text` fails with.
    static func failure(_ text: String, file: String = "scenario.json") throws -> MockScenarioError {
        do {
            let scenario = try scenario(text, file: file)
            Issue.record("read without an error: \(scenario.choices.keys.sorted())")
            return MockScenarioError(diagnostics: [])
        } catch let error as MockScenarioError {
            return error
        }
    }

    /// The answer and delay the scenario gives the operation `operationID`.
    static func answer(_ scenario: MockScenario, _ operationID: String) throws -> (answer: MockAnswer, delay: Double) {
        let api = try api()
        let request = try request(operationID, in: api)
        return scenario.answer(for: request, default: MockAnswer.make(for: request, in: api))
    }

    @Test func aNamedExampleAnswersWithItsValueAndStatus() throws {
        let scenario = try Self.scenario(#"{"scenario": "a cat", "operations": {"getPet": {"example": "cat"}}}"#)
        #expect(scenario.name == "a cat")
        let (answer, delay) = try Self.answer(scenario, "getPet")
        #expect(answer.statusCode == 200)
        #expect(answer.body == #"{"id":1,"name":"Tom","kind":"cat"}"#)
        #expect(delay == 0)
        // An example of an error response takes its status.
        let locked = try Self.answer(try Self.scenario(#"{"operations": {"login": {"example": "locked"}}}"#), "login")
        #expect(locked.answer.statusCode == 401)
        #expect(locked.answer.body == #"{"code":401,"message":"account locked"}"#)
    }

    @Test func aStatusAnswersWithTheDocumentedResponseMadeFromItsSchema() throws {
        let scenario = try Self.scenario(#"{"operations": {"login": {"status": 401}, "listPets": {"status": 503}}}"#)
        let api = try Self.api()
        let checker = MockChecker(api)
        let (login, _) = try Self.answer(scenario, "login")
        #expect(login.statusCode == 401)
        #expect(login.contentType == "application/json")
        let body = try #require(login.json)
        #expect(body["code"] != nil && body["message"] != nil)
        #expect(login.problems(checker).isEmpty)
        // `default` covers any error status.
        let (listing, _) = try Self.answer(scenario, "listPets")
        #expect(listing.statusCode == 503)
        #expect(try #require(listing.json)["message"] != nil)
        // The same seed gives the same bytes; the success status gives the success answer.
        #expect(try Self.answer(scenario, "login").answer.body == login.body)
        let success = try Self.scenario(#"{"operations": {"login": {"status": 200}}}"#)
        let request = try Self.request("login", in: api)
        #expect(try Self.answer(success, "login").answer == MockAnswer.make(for: request, in: api))
    }

    @Test func aFixedBodyIsSentWithItsStatusOrTheDefaultOne() throws {
        let scenario = try Self.scenario(
            #"{"operations": {"listPets": {"body": []}, "getPet": {"body": {"code": 404, "message": "gone"}, "status": 404}}}"#
        )
        let (listing, _) = try Self.answer(scenario, "listPets")
        #expect(listing.statusCode == 200)
        #expect(listing.body == "[]")
        let (missing, _) = try Self.answer(scenario, "getPet")
        #expect(missing.statusCode == 404)
        #expect(missing.body == #"{"code":404,"message":"gone"}"#)
        #expect(scenario.warnings.isEmpty, "\(scenario.warnings)")
        // A status the operation does not document may have a body; it is not checked, and says so.
        let teapot = try Self.scenario(#"{"operations": {"getPet": {"status": 418, "body": "short and stout"}}}"#)
        #expect(try Self.answer(teapot, "getPet").answer.statusCode == 418)
        #expect(
            teapot.warnings.map(\.description) == [
                "scenario.json:1:43: warning: 'getPet' documents no response for status 418; the body is sent unchecked"
            ])
    }

    @Test func aDelayIsSelectedAloneOrWithAnAnswer() throws {
        let scenario = try Self.scenario(
            #"{"operations": {"listPets": {"delay": 1.5}, "GET /pets/{petId}": {"delay": 0.5, "example": "dog"}}}"#)
        let api = try Self.api()
        let listPets = try Self.request("listPets", in: api)
        let (listing, listingDelay) = try Self.answer(scenario, "listPets")
        #expect(listingDelay == 1.5)
        #expect(listing == MockAnswer.make(for: listPets, in: api))
        let (pet, petDelay) = try Self.answer(scenario, "getPet")
        #expect(petDelay == 0.5)
        #expect(pet.body == #"{"id":2,"name":"Rex","kind":"dog"}"#)
        // An operation the scenario does not name keeps its default answer, at once.
        let (login, loginDelay) = try Self.answer(scenario, "login")
        #expect(loginDelay == 0)
        #expect(login == MockAnswer.make(for: try Self.request("login", in: api), in: api))
    }

    @Test func anOperationIsNamedByOperationIdTypeNameOrMethodAndPath() throws {
        for name in ["getPet", "GetPet", "GetPetRequest", "GET /pets/{petId}", "get /pets/{petId}"] {
            let scenario = try Self.scenario(#"{"operations": {"\#(name)": {"example": "cat"}}}"#)
            #expect(try Self.answer(scenario, "getPet").answer.body.contains("Tom"), "\(name)")
        }
    }

    @Test func everyErrorIsReportedAtItsPosition() throws {
        // Several at once, each at its place.
        let text = """
            {
              "scenario": "errors",
              "operatoins": {},
              "operations": {
                "logn": {"status": 401},
                "getPet": {"example": "kat"},
                "login": {"status": 418},
                "listPets": {"body": [{"id": "one", "name": "Tom"}]}
              }
            }
            """
        let lines = try Self.failure(text).diagnostics.map(\.description)
        #expect(
            lines == [
                "scenario.json:3:3: error: unknown key 'operatoins' in the scenario; expected one of: scenario, operations",
                "scenario.json:5:5: error: no operation 'logn' (did you mean 'login'?); name one by its operationId, its request type's name or 'METHOD /path'",
                "scenario.json:6:27: error: 'getPet' has no example 'kat' (did you mean 'cat'?); its examples: cat, dog, broken",
                "scenario.json:7:25: error: 'login' documents no response for status 418 (it documents 200, 401); give a 'body' to answer with it",
                #"scenario.json:8:26: error: the body does not match the response of status 200 of 'listPets': $[0].id: expected an integer, found "one""#,
            ], "\(lines.joined(separator: "\n"))")
        // One each.
        let cases: [(String, String)] = [
            (
                #"{"operations": {"getPet": {"stauts": 404}}}"#,
                "scenario.json:1:28: error: unknown key 'stauts' in the entry of 'getPet'; expected one of: example, status, delay, body"
            ),
            (
                #"{"operations": {"login": {"example": "locked", "body": {}}}}"#,
                "scenario.json:1:48: error: give either 'example' or 'body', not both"
            ),
            (
                #"{"operations": {"login": {"delay": -1}}}"#,
                "scenario.json:1:36: error: 'delay' must be a number of seconds from 0 to 86400, found -1"
            ),
            (
                #"{"operations": {"login": {"status": "401"}}}"#,
                "scenario.json:1:37: error: 'status' must be an HTTP status code from 100 to 599, found a string"
            ),
            (
                #"{"operations": {"login": {"example": "locked", "status": 403}}}"#,
                "scenario.json:1:58: error: the example 'locked' is of the response 401, not 403"
            ),
            (
                #"{"operations": {"login": {"example": "cat"}}}"#,
                "scenario.json:1:38: error: 'login' has no example 'cat'; its examples: locked"
            ),
            (
                #"{"operations": {"login": true}}"#,
                "scenario.json:1:26: error: the entry of 'login' must be an object (with example, status, delay or body), found a boolean"
            ),
            (
                #"{"scenario": "none"}"#,
                "scenario.json:1:1: error: a scenario needs 'operations', an object naming the operations it answers"
            ),
            (#"[]"#, "scenario.json:1:1: error: a scenario must be an object, found an array"),
            (
                #"{"operations": {"getPet": {}, "GET /pets/{petId}": {}}}"#,
                "scenario.json:1:31: error: 'GET /pets/{petId}' names the same operation as the entry at scenario.json:1:17"
            ),
        ]
        for (text, expected) in cases {
            let lines = try Self.failure(text).diagnostics.filter { $0.severity == .error }.map(\.description)
            #expect(lines == [expected], "\(text)")
        }
        // A syntax error is positioned too.
        let syntax = try Self.failure(#"{"operations": {"login": {"status": 401,}}}"#)
        #expect(syntax.diagnostics.count == 1)
        #expect(syntax.diagnostics.first?.location.line == 1)
    }

    @Test func anExampleThatDoesNotFitItsTypeIsAWarning() throws {
        let scenario = try Self.scenario(#"{"operations": {"getPet": {"example": "broken"}}}"#)
        #expect(try Self.answer(scenario, "getPet").answer.body == #"{"id":"one"}"#)
        #expect(scenario.warnings.count == 1)
        #expect(scenario.warnings.first?.location == SourceLocation(file: "scenario.json", line: 1, column: 39))
    }

    @Test func theJSONAndYAMLFormsGiveTheSameAnswers() throws {
        let json = try Self.scenario(
            """
            {"scenario": "both", "operations": {
              "login": {"status": 401, "delay": 2},
              "getPet": {"example": "cat"},
              "listPets": {"body": [{"id": 3, "name": "Kit"}]}}}
            """)
        let yaml = try Self.scenario(
            """
            scenario: both
            operations:
              login:
                status: 401
                delay: 2
              getPet: {example: cat}
              listPets:
                body:
                  - id: 3
                    name: Kit
            """, file: "scenario.yaml")
        #expect(json.name == yaml.name)
        #expect(Set(json.choices.keys) == Set(yaml.choices.keys))
        for id in ["login", "getPet", "listPets"] {
            let (fromJSON, jsonDelay) = try Self.answer(json, id)
            let (fromYAML, yamlDelay) = try Self.answer(yaml, id)
            #expect(fromJSON == fromYAML, "\(id)")
            #expect(jsonDelay == yamlDelay, "\(id)")
        }
        // YAML errors are positioned in the YAML file.
        let error = try Self.failure("operations:\n  getPet:\n    example: kat\n", file: "scenario.yml")
        #expect(error.diagnostics.first?.location == SourceLocation(file: "scenario.yml", line: 3, column: 14))
    }

    @Test func aScenarioFileIsLoadedFromItsURL() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ht-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "login-fails.yaml")
        try Data("operations:\n  login: {status: 401}\n".utf8).write(to: url)
        let scenario = try MockScenario.load(from: url, for: try Self.api())
        #expect(try Self.answer(scenario, "login").answer.statusCode == 401)
        #expect(throws: MockScenarioError.self) {
            try MockScenario.load(from: folder.appending(path: "missing.json"), for: try Self.api())
        }
    }
}
