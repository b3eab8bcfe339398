import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Mock transport")
struct MockTransportTests {
    private let base = "https://api.example.com"

    private func client(_ transport: HTMockTransport, base: String = "https://api.example.com") throws -> HTClient {
        HTClient(baseURL: try TestSupport.url(base), transport: transport)
    }

    private func get(_ transport: HTMockTransport, _ path: String, method: String = "GET") async throws
        -> HTTransportResponse
    {
        var request = URLRequest(url: try TestSupport.url(base + path))
        request.httpMethod = method
        return try await transport.send(request)
    }

    @Test("the convention file name: method, path with / as _, .json")
    func fileNames() {
        #expect(HTMockTransport.fileName(method: "GET", path: "/user/info") == "get_user_info.json")
        #expect(HTMockTransport.fileName(method: "post", path: "/users") == "post_users.json")
        #expect(HTMockTransport.fileName(method: "GET", path: "/user/info?x=1") == "get_user_info.json")
        #expect(HTMockTransport.fileName(method: "DELETE", path: "/a/b/c/") == "delete_a_b_c.json")
        #expect(HTMockTransport.fileName(method: "GET", path: "/") == "get.json")
    }

    @Test("routes match literal segments and :param / {param} segments, by method")
    func routes() async throws {
        let transport = HTMockTransport(routes: [
            "GET /users/:id": .json(#"{"data": {"id": 1, "name": "route"}}"#),
            "POST /users": .json(#"{"created": true}"#, statusCode: 201),
            "DELETE /groups/{group}/members/{member}": HTMockResponse(statusCode: 204),
            "GET /users/me": .json(#"{"me": true}"#),
        ])
        let byParameter = try await get(transport, "/users/99?verbose=true")
        #expect(byParameter.statusCode == 200)
        #expect(try HTJSON(parsing: byParameter.body) == ["data": ["id": 1, "name": "route"]])
        #expect(byParameter.header("content-type") == "application/json")
        #expect(byParameter.url?.absoluteString == base + "/users/99?verbose=true")

        #expect(try await get(transport, "/users", method: "POST").statusCode == 201)
        #expect(try await get(transport, "/users", method: "GET").statusCode == 404)
        #expect(try await get(transport, "/groups/g/members/m", method: "DELETE").statusCode == 204)
        #expect(try await get(transport, "/users/1/photos").statusCode == 404)
        #expect(try await get(transport, "/users/1", method: "post").statusCode == 404)
    }

    @Test("a path parameter holding an encoded slash or a space still fills one route segment")
    func encodedSegments() async throws {
        let transport = HTMockTransport(routes: [
            "DELETE /groups/{group}/members/{member}": .json(#"{"removed": true}"#),
            "GET /reports/统计 报告/{}{half.json": .json(#"{"report": true}"#),
        ])
        let client = try client(transport)
        let removed = try await client.send(RemoveMemberRequest(groupId: "team a/b", memberId: 3))
        #expect(removed == ["removed": true])
        let report = try await client.send(LiteralPathRequest())
        #expect(report == ["report": true])
    }

    @Test("a literal route wins over a parameter route for the same path")
    func literalRouteWins() async throws {
        let transport = HTMockTransport(routes: [
            "GET /users/:id": .json(#"{"which": "parameter"}"#),
            "GET /users/me": .json(#"{"which": "literal"}"#),
        ])
        let response = try await get(transport, "/users/me")
        #expect(try HTJSON(parsing: response.body) == ["which": "literal"])
        let other = try await get(transport, "/users/5")
        #expect(try HTJSON(parsing: other.body) == ["which": "parameter"])
    }

    @Test("convention-named files in a directory answer requests")
    func files() async throws {
        let folder = try TestSupport.temporaryDirectory("MockTransportTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"data": {"id": 5, "name": "from file"}}"#.utf8)
            .write(to: folder.appendingPathComponent("get_users_5.json"))
        try Data(#"{"ok": 1}"#.utf8).write(to: folder.appendingPathComponent("post_users.json"))

        let transport = HTMockTransport(directory: folder)
        let response = try await get(transport, "/users/5")
        #expect(response.statusCode == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(try HTJSON(parsing: response.body) == ["data": ["id": 5, "name": "from file"]])
        #expect(try await get(transport, "/users", method: "POST").statusCode == 200)

        // And through a client, mapped to a model.
        let user = try await client(transport).send(GetUserRequest(id: 5))
        #expect(user.id == 5)
        #expect(user.name == "from file")
    }

    @Test("without a route or file: a 404 naming the file that was looked for")
    func notFound() async throws {
        let folder = try TestSupport.temporaryDirectory("MockTransportTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = HTMockTransport(directory: folder)
        let response = try await get(transport, "/user/info")
        #expect(response.statusCode == 404)
        let body = try HTJSON(parsing: response.body)
        guard case .object(let object) = body else {
            Issue.record("not an object: \(body)")
            return
        }
        #expect(object["file"] == "get_user_info.json")
        #expect(object["method"] == "GET")
        #expect(object["path"] == "/user/info")

        // The client turns it into a status error with the body.
        let error = await #expect(throws: HTNetworkingError.self) {
            _ = try await client(transport).send(GetUserRequest(id: 1))
        }
        guard case .status(let code, let errorBody)? = error?.kind else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(code == 404)
        #expect(error?.statusCode == 404)
        #expect(String(decoding: errorBody, as: UTF8.self).contains("get_users_1.json"))
    }

    @Test("the handler answers first; returning nil falls through to routes and files")
    func handler() async throws {
        let log = Recorded<URLRequest>()
        let transport = HTMockTransport(
            routes: ["GET /users/:id": .json(#"{"data": {"name": "route"}}"#)],
            handler: { request in
                log.append(request)
                if request.url?.path == "/users/1" {
                    return .json(["data": ["name": "handler", "id": 1]])
                }
                return nil
            })
        let client = try client(transport)
        let first = try await client.send(GetUserRequest(id: 1, authorization: "Bearer x"))
        #expect(first.name == "handler")
        let second = try await client.send(GetUserRequest(id: 2))
        #expect(second.name == "route")
        let requests = log.values
        #expect(requests.count == 2)
        #expect(requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer x")
        #expect(requests.last?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("the handler sees the body the client built")
    func handlerSeesBody() async throws {
        let log = Recorded<URLRequest>()
        let transport = HTMockTransport(handler: { request in
            log.append(request)
            return .json(#"{"data": {"id": 10, "name": "created"}}"#, statusCode: 201)
        })
        let user = try await client(transport).send(CreateUserRequest(name: "Ada", age: 36))
        #expect(user.id == 10)
        #expect(user.name == "created")
        let body = try #require(log.values.first?.httpBody)
        #expect(try HTJSON(parsing: body) == ["name": "Ada", "age": 36])
    }

    @Test("client.send through the mock maps nested models and arrays at key paths")
    func clientMapping() async throws {
        let transport = HTMockTransport(routes: [
            "GET /users/:id": .json(
                #"""
                {"code": 0, "data": {"id": 7, "name": "Ada", "score": "98.5", "address": {"city": "London"},
                 "tags": ["a", "b"]}}
                """#),
            "GET /json": .json(#"{"data": {"items": [{"id": 1}, {"id": 2, "name": "b"}]}}"#),
        ])
        let client = try client(transport)
        let user = try await client.send(GetUserRequest(id: 7))
        #expect(user.id == 7)
        #expect(user.name == "Ada")
        #expect(user.score == 98.5)
        #expect(user.address?.city == "London")
        #expect(user.tags == ["a", "b"])

        let users = try await client.send(FixtureUserListRequest(file: "ignored"))
        #expect(users.map(\.id) == [1, 2])
        #expect(users.last?.name == "b")
    }

    @Test("a base URL path prefix is part of the path routes and files see")
    func basePrefix() async throws {
        let transport = HTMockTransport(routes: ["GET /api/v1/users/:id": .json(#"{"data": {"id": 3}}"#)])
        let user = try await client(transport, base: "https://api.example.com/api/v1").send(GetUserRequest(id: 3))
        #expect(user.id == 3)
    }

    @Test("the client's mapping options and accepted status codes apply to every request")
    func clientConfiguration() async throws {
        let transport = HTMockTransport(routes: [
            "GET /users/:id": .json(#"{"data": {"id": "seven", "name": "Ada"}}"#),
            "GET /search": .json(#"{"error": "teapot"}"#, statusCode: 418),
        ])
        let lenient = try client(transport)
        let response = try await lenient.response(for: GetUserRequest(id: 7))
        #expect(response.value.name == "Ada")
        #expect(response.value.id == nil)
        #expect(response.diagnostics.map(\.path.description) == ["data.id"])

        let strictConfiguration = HTClientConfiguration(
            baseURL: try TestSupport.url(base), acceptedStatusCodes: Set(200..<300).union([418]),
            mappingOptions: .strict)
        let strict = HTClient(configuration: strictConfiguration, transport: transport)
        do {
            _ = try await strict.send(GetUserRequest(id: 7))
            Issue.record("strict mapping should have failed")
        } catch {
            guard case .mapping(let mappingError) = error.kind else {
                Issue.record("expected a mapping error, got \(error)")
                return
            }
            #expect(mappingError.path.description == "data.id")
            #expect(error.statusCode == 200)
        }
        let teapot = try await strict.send(SearchRequest())
        #expect(teapot == ["error": "teapot"])
    }

    @Test("a payload that is null or missing at the key path is a mapping error for a model")
    func nullPayload() async throws {
        let transport = HTMockTransport(routes: [
            "GET /users/1": .json(#"{"data": null}"#),
            "GET /users/2": HTMockResponse(statusCode: 200, body: Data("  \n".utf8)),
        ])
        let client = try client(transport)
        for id in [1, 2] {
            do {
                _ = try await client.send(GetUserRequest(id: id))
                Issue.record("expected a mapping error for /users/\(id)")
            } catch {
                guard case .mapping(let mappingError) = error.kind else {
                    Issue.record("expected a mapping error, got \(error)")
                    continue
                }
                #expect(mappingError.path.description == "data")
            }
        }
    }

    @Test("HTMockResponse.json(value) serializes the value")
    func mockResponseFromValue() throws {
        let response = HTMockResponse.json(["a": [1, 2]], statusCode: 202)
        #expect(response.statusCode == 202)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try HTJSON(parsing: response.body) == ["a": [1, 2]])
    }
}
