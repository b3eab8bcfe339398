import Foundation
import Testing

@testable import HTCodegenCore

/// ``MockServer`` without sockets: routing, answers from the spec, validation, the stateful rule.
@Suite struct MockServerAnswerTests {
    private func respond(_ server: MockServer, _ request: MockHTTPRequest) -> (Int, String, String?) {
        let outcome = server.respond(to: request)
        return (outcome.response.status, String(decoding: outcome.response.body, as: UTF8.self), outcome.reason)
    }

    @Test func answersAreTheSpecsAnswersWithOrWithoutTheBasePath() throws {
        let server = MockServer(apis: [try MockServerSpec.api()])
        let cases: [(String, String, String, String)] = [
            ("GET", "/v1/pets?limit=2", "", "ListPets"),
            ("GET", "/pets?limit=2&kind=cat", "", "ListPets"),
            ("GET", "/v1/pets/7", "", "GetPet"),
            ("GET", "/v1/pets/mine", "", "MyPets"),
            ("POST", "/v1/pets", #"{"name":"Rex"}"#, "CreatePet"),
            ("DELETE", "/v1/pets/7", "", "DeletePet"),
        ]
        for (method, target, body, className) in cases {
            let answer = try MockServerSpec.answer(className)
            let outcome = server.respond(to: MockServerSpec.request(method, target, body: body))
            #expect(outcome.response.status == answer.statusCode, "\(method) \(target)")
            #expect(outcome.response.body == Array(answer.body.utf8), "\(method) \(target)")
            #expect(outcome.response.contentType == answer.contentType, "\(method) \(target)")
        }
        #expect(try MockServerSpec.answer("CreatePet").statusCode == 201)
        #expect(try MockServerSpec.answer("DeletePet").statusCode == 204)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws {
        let request = MockServerSpec.request("GET", "/v1/pets/7")
        let first = MockServer(apis: [try MockServerSpec.api()], seed: 42).respond(to: request).response
        let again = MockServer(apis: [try MockServerSpec.api()], seed: 42).respond(to: request).response
        let other = MockServer(apis: [try MockServerSpec.api()], seed: 43).respond(to: request).response
        #expect(first.body == again.body)
        #expect(first.body != other.body)
        #expect(first.body == Array(try MockServerSpec.answer("GetPet", seed: 42).body.utf8))
    }

    @Test(arguments: [
        ("GET", "/v1/pets", "", "the required query parameter 'limit' is missing"),
        ("GET", "/v1/pets?limit=abc", "", "query parameter 'limit' must be an integer, got 'abc'"),
        ("GET", "/v1/pets?limit=1&kind=bird", "", "query parameter 'kind' must be one of cat, dog, got 'bird'"),
        ("GET", "/v1/pets/seven", "", "path parameter 'id' must be an integer, got 'seven'"),
        ("POST", "/v1/pets", "", "the request body is required"),
        ("POST", "/v1/pets", "{\"name\":", "the request body is not JSON"),
        ("POST", "/v1/pets", #"{"age":3}"#, "request body $: the required field 'name' of NewPet is missing"),
        ("POST", "/v1/pets", #"{"name":"Rex","age":"old"}"#, "request body $.age: expected an integer, found \"old\""),
    ])
    func aRequestThatDoesNotFitIsAnswered400WithTheReason(
        method: String, target: String, body: String, reason: String
    ) throws {
        let server = MockServer(apis: [try MockServerSpec.api()])
        let (status, text, logged) = respond(server, MockServerSpec.request(method, target, body: body))
        #expect(status == 400)
        #expect(logged?.hasPrefix(reason) == true, "\(logged ?? "nil")")
        #expect(text.hasPrefix(#"{"error":"bad request","reason":"#), "\(text)")
    }

    @Test func aHeaderOfTheWrongTypeIsNamed() throws {
        let server = MockServer(apis: [try MockServerSpec.api()])
        let request = MockServerSpec.request("GET", "/v1/pets?limit=1", headers: [("X-Trace", "maybe")])
        #expect(respond(server, request).2 == "header 'X-Trace' must be true or false, got 'maybe'")
    }

    @Test func unknownPathsAre404AndOtherMethods405WithAllow() throws {
        let server = MockServer(apis: [try MockServerSpec.api()])
        let (status, text, _) = respond(server, MockServerSpec.request("GET", "/v1/owners"))
        #expect(status == 404)
        #expect(text == #"{"error":"not found","reason":"no operation of the specs matches GET /v1/owners"}"#)
        let outcome = server.respond(to: MockServerSpec.request("PUT", "/v1/pets/3"))
        #expect(outcome.response.status == 405)
        #expect(outcome.response.extraHeaders["Allow"] == "DELETE, GET")
    }

    @Test func aScenarioPicksTheAnswerAndTheDelayAlsoInStatefulMode() throws {
        let api = try MockServerSpec.api()
        let scenario = try MockScenario.read(
            Array(
                #"""
                {"operations": {"getPet": {"body": {"id": 1, "name": "Scenario"}, "delay": 0.25},
                                "GET /pets": {"delay": 2}}}
                """#.utf8), file: "scenario.json", for: [api])
        for isStateful in [false, true] {
            let server = MockServer(apis: [api], isStateful: isStateful, scenario: scenario)
            let created = server.respond(to: MockServerSpec.request("POST", "/v1/pets", body: #"{"name":"Rex"}"#))
            #expect(created.response.status == 201)
            #expect(created.delay == 0)
            // The scenario's body, not the pet just stored (stateful) nor the spec's answer.
            let pet = server.respond(to: MockServerSpec.request("GET", "/v1/pets/1"))
            #expect(pet.response.status == 200)
            #expect(String(decoding: pet.response.body, as: UTF8.self).contains("\"Scenario\""))
            #expect(pet.delay == 0.25)
            // A delay alone keeps the answer the server would give: the stored list when stateful.
            let list = server.respond(to: MockServerSpec.request("GET", "/v1/pets?limit=5"))
            #expect(list.delay == 2)
            let spec = try MockServerSpec.answer("ListPets")
            #expect((list.response.body == Array(spec.body.utf8)) == !isStateful)
            #expect(String(decoding: list.response.body, as: UTF8.self).contains("\"Rex\"") == isStateful)
        }
    }

    @Test func theStatefulCycleCreatesReadsListsAndDeletes() throws {
        let server = MockServer(apis: [try MockServerSpec.api()], isStateful: true)
        let created = respond(server, MockServerSpec.request("POST", "/v1/pets", body: #"{"name":"Rex","age":3}"#))
        #expect(created.0 == 201)
        #expect(created.1 == #"{"id":1,"name":"Rex","age":3}"#)
        let second = respond(server, MockServerSpec.request("POST", "/v1/pets", body: #"{"name":"Tom"}"#))
        #expect(second.1 == #"{"id":2,"name":"Tom"}"#)
        #expect(respond(server, MockServerSpec.request("GET", "/v1/pets/1")).1 == created.1)
        let list = respond(server, MockServerSpec.request("GET", "/v1/pets?limit=10"))
        #expect(list.1 == "[" + created.1 + "," + second.1 + "]")
        #expect(respond(server, MockServerSpec.request("DELETE", "/v1/pets/1")).0 == 204)
        let gone = respond(server, MockServerSpec.request("GET", "/v1/pets/1"))
        #expect(gone.0 == 404)
        #expect(gone.1 == #"{"error":"not found","reason":"no item '1' is stored in /pets"}"#)
        #expect(respond(server, MockServerSpec.request("DELETE", "/v1/pets/1")).0 == 404)
        #expect(server.storedCount == 1)
        // A literal path beside the item path is not an item.
        #expect(respond(server, MockServerSpec.request("GET", "/v1/pets/mine")).0 == 200)
    }

    @Test func theStoreReplacesAndMerges() {
        var store = MockStatefulStore()
        let created = store.create(
            [MockJSONMember(key: "name", value: .string("Rex")), MockJSONMember(key: "age", value: .number("3"))],
            in: "/pets", idIsUUID: false, idIsString: true)
        #expect(created.text == #"{"id":"1","name":"Rex","age":3}"#)
        let merged = store.update(
            "1", in: "/pets", with: [MockJSONMember(key: "age", value: .number("4"))], merging: true)
        #expect(merged?.text == #"{"id":"1","name":"Rex","age":4}"#)
        let replaced = store.update("1", in: "/pets", with: [MockJSONMember(key: "tag", value: .null)], merging: false)
        #expect(replaced?.text == #"{"id":"1","tag":null}"#)
        #expect(store.update("2", in: "/pets", with: [], merging: true) == nil)
        let given = store.create(
            [MockJSONMember(key: "id", value: .number("9"))], in: "/pets", idIsUUID: true, idIsString: false)
        #expect(given.text == #"{"id":9}"#)
        #expect(store.items(in: "/pets").count == 2)
    }

    @Test func theLogLineHasMethodTargetStatusDurationAndReason() {
        #expect(
            MockRequestLog.line(method: "GET", target: "/pets?limit=x", status: 400, milliseconds: 1.234, reason: "why")
                == "GET /pets?limit=x 400 1.23 ms why")
        #expect(MockRequestLog.line(method: "GET", target: "/", status: 200, milliseconds: 0.05) == "GET / 200 0.05 ms")
    }
}
