import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Generated requests sent by `HTClient` to the real loopback HTTP server (`/echo` answers with what it
/// received), and generated models mapped from what a server sends.
@Suite struct GeneratedClientIntegrationTests {
    /// The echo client with a default header, which `postSendsJSONBodyConstantAndVariableHeaders` expects.
    func echoClient(_ server: LoopbackServer, encoding: HTBodyEncoding = .json) -> HTClient {
        makeEchoClient(server, encoding: encoding, defaultHeaders: ["X-Default": "d"])
    }

    @Test func postSendsJSONBodyConstantAndVariableHeaders() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        var request = HTTestRequestHeaderRequest(user: "ann", password: "secret")
        request.cookie = "session=1"
        let echo = try await echoClient(server).send(request)
        #expect(echo["method"] == "POST")
        #expect(echo["path"] == "/echo/test/request/header")
        #expect(echo["json"] == ["user": "ann", "password": "secret"])
        let headers = try #require(echo["headers"])
        #expect(headers["cookie"] == "session=1")
        #expect(headers["x-default"] == "d")
        #expect(headers["userinfo"] == nil, "an unset variable header must not be sent")
        #expect(headers["content-type"]?.stringValue?.hasPrefix("application/json") == true)
    }

    @Test func formBodyPerClient() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let note = HTDocNote {
            $0.body = "a b&="
        }
        let echo = try await echoClient(server, encoding: .form).send(
            HTDocSaveNoteRequest(id: 3, note: note, ifMatch: "v1"))
        #expect(echo["method"] == "PUT")
        #expect(echo["path"] == "/echo/notes/3")
        #expect(echo["form"] == ["note": [#"{"body":"a b&="}"#]])
        #expect(echo["headers"]?["if-match"] == "v1")
    }

    @Test func getPutsParametersInTheQueryAndFillsThePath() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = echoClient(server)
        let request = HTGetUserPhotoListRequest(
            userName: "li lei", page: 2, visibility: .friends, authorization: "Bearer t")
        let raw = try await client.response(for: HTRule5NoOutputsRequest(id: 9))
        #expect(raw.value["method"] == "DELETE")
        #expect(raw.value["path"] == "/echo/rule5/things/9")
        #expect(raw.value["query"] == [:])
        // The photo list request maps `photos`, which the echo lacks: a mapping error that names the key path.
        do {
            _ = try await client.send(request)
            Issue.record("expected a mapping error")
        } catch {
            guard case .mapping(let mappingError) = error.kind else {
                Issue.record("expected .mapping, got \(error)")
                return
            }
            #expect(mappingError.path.description == "photos")
            #expect(error.request.url.contains("/echo/users/li%20lei/photos?page=2&visibility=1"))
        }
    }

    /// `nei-markers.nei.json`: NEI action markers (`/progroups/:id?changecreator`) are always sent, the
    /// path parameter is filled, and the other parameters follow the marker; a name with a backspace is
    /// sent with it.
    /// Four methods on two paths of an NEI export with Chinese names and no className: each request
    /// has a name of its own and reaches the server with its own method, path, query and body.
    @Test func neiRequestsSharingAPathKeepTheirMethods() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = echoClient(server)
        // What the echo server saw (the responses map to models, so read the raw bodies).
        func echo<R: HTBaseRequest>(_ request: sending R) async throws -> HTJSON {
            try HTJSON(parsing: try await client.rawResponse(for: request).body)
        }
        let list = try await echo(HTGetApiProgroupsRequest())
        #expect(list["method"] == "GET")
        #expect(list["path"] == "/echo/api/progroups")
        let created = try await echo(HTPostApiProgroupsRequest(name: "n"))
        #expect(created["method"] == "POST")
        #expect(created["path"] == "/echo/api/progroups")
        #expect(created["body"] == #"{"name":"n"}"#)
        var update = HTPutApiProgroupsIdRequest(id: 7)
        update.name = "m"
        let updated = try await echo(update)
        #expect(updated["method"] == "PUT")
        #expect(updated["path"] == "/echo/api/progroups/7")
        #expect(updated["body"] == #"{"name":"m"}"#)
        let delete = HTDeleteApiProgroupsIdRequest(id: 7)
        let deleted = try await echo(delete)
        #expect(deleted["method"] == "DELETE")
        #expect(deleted["path"] == "/echo/api/progroups/7")
        #expect(deleted["query"] == [:])
    }

    @Test func neiActionMarkersAreSent() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = echoClient(server)
        var change = HTMarkerChangeCreatorRequest(id: "7")
        change.creator = "ada"
        let put = try await client.send(change)
        #expect(put["method"] == "PUT")
        #expect(put["path"] == "/echo/progroups/7")
        #expect(put["query"] == ["changecreator": [""]])
        #expect(put["json"] == ["creator": "ada"])

        var password = HTMarkerChangePasswordRequest()
        password.oldPwd = "a"
        password.newPwd = "b"
        let get = try await client.send(password)
        #expect(get["path"] == "/echo/users")
        #expect(get["query"] == ["cpwd": [""], "old\u{8}Pwd": ["a"], "newPwd": ["b"]])

        var move = HTMarkerMoveItemRequest(itemId: "x y")
        move.to = "3"
        let moved = try await client.send(move)
        #expect(moved["path"] == "/echo/items/x%20y")
        #expect(moved["query"] == ["action": ["move"], "to": ["3"]])
    }

    @Test func mapsGeneratedModelsFromServerJSON() async throws {
        let fixtures = FileManager.default.temporaryDirectory.appending(path: "ht-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        try Data(
            #"""
            {"code": 0, "message": "ok", "result": {"id": 7, "title": "T", "status": "published",
             "author": {"id": 1, "userName": "alice"},
             "comments": [{"id": 1, "text": "hi", "likes": "3"}, {"id": 2, "likes": "many"}]}}
            """#.utf8
        ).write(to: fixtures.appending(path: "article.json"))
        let server = try await LoopbackServer.start(fixtures: fixtures)
        defer { server.stop() }
        // The server's /json route plays the API: an absolute-URL base makes /articles/:id a query-less GET.
        let transport = HTURLSessionTransport()
        let client = HTClient(
            configuration: HTClientConfiguration(baseURL: server.baseURL),
            transport: RewritingTransport(base: transport, to: try server.url("/json?file=article.json")))
        let response = try await client.response(for: HTGetArticleRequest(id: 7))
        let article = response.value
        #expect(article.id == 7)
        #expect(article.status == .published)
        #expect(article.author?.userName == "alice")
        #expect(article.comments?.map(\.likes) == [3, nil])
        #expect(
            response.diagnostics.map(\.description) == [
                #"result.comments[1].likes: expected integer, found string "many""#
            ])
    }

    /// Generated models are immutable: `with { }` makes a new model with the changes and shares the
    /// unchanged nested models, which nothing can change.
    @Test func generatedModelsEditIntoNewModels() throws {
        let article = try HTArticle(
            jsonString: #"""
                {"id": 7, "title": "T", "status": "draft", "author": {"id": 1, "userName": "alice"},
                 "comments": [{"id": 1, "text": "hi", "likes": 3}], "cover": {"url": "https://x/y.png"}}
                """#)
        let edited = article.with {
            $0.author = $0.author?.with { $0.userName = "mallory" }
            $0.comments?.append(HTComment { $0.likes = 1 })
        }
        #expect(edited !== article && edited != article)
        #expect(edited.author?.userName == "mallory" && edited.comments?.map(\.likes) == [3, 1])
        #expect(edited.cover === article.cover && edited.comments?.first === article.comments?.first)
        #expect(article.author?.userName == "alice")
        #expect(article.comments?.map(\.likes) == [3])
        #expect(article.with { _ in } == article)
    }

    @Test func nonSuccessStatusAndMalformedJSONAreTypedErrors() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let transport = HTURLSessionTransport()
        let notFound = HTClient(
            configuration: HTClientConfiguration(baseURL: server.baseURL),
            transport: RewritingTransport(base: transport, to: try server.url("/status/404")))
        do {
            _ = try await notFound.send(HTGetUserProfileRequest(userName: "x"))
            Issue.record("expected a status error")
        } catch {
            guard case .status(let code, let body) = error.kind else {
                Issue.record("expected .status, got \(error)")
                return
            }
            #expect(code == 404)
            #expect(String(decoding: body, as: UTF8.self).contains("404"))
        }
        let malformed = HTClient(
            configuration: HTClientConfiguration(baseURL: server.baseURL),
            transport: RewritingTransport(base: transport, to: try server.url("/malformed")))
        do {
            _ = try await malformed.send(HTGetUserProfileRequest(userName: "x"))
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let parseError) = error.kind else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(parseError.offset > 0)
        }
    }
}

/// Sends every request to one fixed URL of the test server (keeping method, headers and body), so
/// generated requests with their own paths can be answered by the server's canned routes.
struct RewritingTransport: HTTransport {
    let base: HTURLSessionTransport
    let to: URL

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        var rewritten = request
        rewritten.url = to
        return try await base.send(rewritten)
    }
}
