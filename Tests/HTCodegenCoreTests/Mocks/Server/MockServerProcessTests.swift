import Foundation
import Testing

@testable import HTCodegenCore

/// The `ht-mock-server` executable over real loopback sockets: answers byte-equal to the spec's, the
/// 400/404/405 answers, keep-alive, the stateful cycle, the same seed across two starts, and bad input
/// answered without the server dying.
@Suite struct MockServerProcessTests {
    /// The test spec written to a file of its own (each test its own folder, so they run in parallel).
    private static func specFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ht-mock-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: "pets.openapi.yaml")
        try MockServerSpec.yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func severalRequestsOnOneKeepAliveConnectionGetTheSpecsAnswers() throws {
        let server = try MockServerProcess(["--spec", try Self.specFile()])
        let connection = try server.connect()
        for (target, className) in [
            ("/v1/pets?limit=3", "ListPets"), ("/v1/pets/9", "GetPet"), ("/pets/mine", "MyPets"),
        ] {
            let answer = try connection.request("GET", target)
            let expected = try MockServerSpec.answer(className)
            #expect(answer.status == expected.statusCode)
            #expect(answer.body == Array(expected.body.utf8), "\(target)")
            #expect(answer.headers["connection"] == "keep-alive")
        }
        let created = try connection.request("POST", "/v1/pets", body: #"{"name":"Rex"}"#)
        #expect(created.status == 201)
        #expect(created.body == Array(try MockServerSpec.answer("CreatePet").body.utf8))
        let log = server.stop()
        #expect(log.contains("GET /v1/pets?limit=3 200 "), "\(log)")
        #expect(log.contains("POST /v1/pets 201 "), "\(log)")
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try MockServerProcess(["--spec", try Self.specFile()])
        let connection = try server.connect()
        try connection.send(
            "GET /v1/pets/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n"
                + "HEAD /v1/pets/mine HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let first = try connection.readAnswer()
        #expect(first.status == 200)
        #expect(first.body == Array(try MockServerSpec.answer("GetPet").body.utf8))
        #expect(try connection.readAnswer().status == 404)
        // HEAD is answered by the GET operation: its length, no body, then the connection closes.
        let head = try connection.readAnswer(expectingBody: false)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(try MockServerSpec.answer("MyPets").body.utf8.count))
        #expect(try connection.isClosedByServer())
    }

    @Test func mismatchesAre400UnknownPaths404AndOtherMethods405() throws {
        let server = try MockServerProcess(["--spec", try Self.specFile()])
        let connection = try server.connect()
        let missing = try connection.request("GET", "/v1/pets")
        #expect(missing.status == 400)
        #expect(missing.text == #"{"error":"bad request","reason":"the required query parameter 'limit' is missing"}"#)
        let badInteger = try connection.request("GET", "/v1/pets?limit=abc")
        #expect(badInteger.text.contains("query parameter 'limit' must be an integer, got 'abc'"))
        let badBody = try connection.request("POST", "/v1/pets", body: #"{"name":7}"#)
        #expect(badBody.status == 400)
        #expect(badBody.text.contains("request body $.name: expected a string, found 7"), "\(badBody.text)")
        #expect(try connection.request("GET", "/v1/nothing").status == 404)
        let wrongMethod = try connection.request("PATCH", "/v1/pets/1")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "DELETE, GET")
        let log = server.stop()
        #expect(log.contains("GET /v1/pets?limit=abc 400 "), "\(log)")
        #expect(log.contains("query parameter 'limit' must be an integer, got 'abc'"), "\(log)")
    }

    @Test func statefulModeKeepsWhatIsPostedUntilDeleted() throws {
        let server = try MockServerProcess(["--spec", try Self.specFile(), "--stateful"])
        let connection = try server.connect()
        let created = try connection.request("POST", "/v1/pets", body: #"{"name":"Rex","age":2}"#)
        #expect(created.status == 201)
        #expect(created.text == #"{"id":1,"name":"Rex","age":2}"#)
        let read = try connection.request("GET", "/v1/pets/1")
        #expect(read.status == 200)
        #expect(read.text == created.text)
        #expect(try connection.request("DELETE", "/v1/pets/1").status == 204)
        #expect(try connection.request("GET", "/v1/pets/1").status == 404)
    }

    @Test func theSameSeedGivesTheSameBytesAcrossTwoStarts() throws {
        let spec = try Self.specFile()
        var bodies: [[UInt8]] = []
        for _ in 0..<2 {
            let server = try MockServerProcess(["--spec", spec, "--seed", "7"])
            bodies.append(try server.connect().request("GET", "/v1/pets/3").body)
            server.stop()
        }
        #expect(bodies[0] == bodies[1])
        #expect(bodies[0] == Array(try MockServerSpec.answer("GetPet", seed: 7).body.utf8))
    }

    @Test func aScenarioFileChangesWhatTheServerAnswers() throws {
        let spec = try Self.specFile()
        let scenario = URL(filePath: spec).deletingLastPathComponent().appending(path: "scenario.yaml")
        try "operations:\n  getPet: {body: {id: 5, name: Scenario}}\n".write(
            to: scenario, atomically: true, encoding: .utf8)
        let server = try MockServerProcess(["--spec", spec, "--scenario", scenario.path])
        let answer = try server.connect().request("GET", "/v1/pets/5")
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("\"Scenario\""))
        #expect(answer.body != Array(try MockServerSpec.answer("GetPet").body.utf8))
        // A scenario that names no operation of the specs stops the start, with its position.
        try "operations:\n  getPets: {status: 200}\n".write(to: scenario, atomically: true, encoding: .utf8)
        #expect(throws: MockServerProcess.Failure.self) {
            try MockServerProcess(["--spec", spec, "--scenario", scenario.path])
        }
    }

    @Test func malformedRequestsAre400AndTheServerKeepsServing() throws {
        let server = try MockServerProcess(["--spec", try Self.specFile()])
        for garbage in [
            "garbage\r\n\r\n", "GET /x HTTP/9\r\n\r\n", "POST /v1/pets HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        ] {
            let connection = try server.connect()
            try connection.send(garbage)
            let answer = try connection.readAnswer()
            #expect([400, 411, 505].contains(answer.status), "\(garbage.debugDescription): \(answer.status)")
            #expect(answer.headers["connection"] == "close")
            #expect(try connection.isClosedByServer())
        }
        let oversized = try server.connect()
        try oversized.send("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 40_000) + "\r\n\r\n")
        #expect(try oversized.readAnswer().status == 431)
        // A client that leaves halfway does not take the server down either.
        try server.connect().send("GET /v1/pets/1 HT")
        #expect(try server.connect().request("GET", "/v1/pets/1").status == 200)
        #expect(server.isRunning)
    }
}
