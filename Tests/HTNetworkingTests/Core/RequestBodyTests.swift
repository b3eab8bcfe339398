import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request's own body (`HTRequestBody`), `sendsParametersInQuery`, documented errors and `HTNoContent`,
/// against the real loopback server (`Server/test_server.py`): what the server sees, byte for byte.
@Suite("Request bodies against the loopback server", .timeLimit(.minutes(3)))
struct RequestBodyTests {
    private static func sha256(_ data: Data) -> String {
        var hash = HTSHA256()
        hash.update(data)
        return hash.hexDigest()
    }

    private static func strings(_ json: HTJSON?) -> [String]? {
        json?.arrayValue?.compactMap(\.stringValue)
    }

    @Test("POST with a JSON body: the path is filled, the other parameters go to the query, the body is the JSON")
    func jsonBodyWithQuery() async throws {
        let server = try await sharedServer()
        let body: HTJSON = ["name": "Rex", "age": 3, "tags": ["a", "b"], "owner": ["id": 1]]
        let request = BodyRequest<EchoItemRoute>(
            parameters: ["id": 5, "q": "a b&c", "tags": ["x", "y"]], body: .json(body))
        let echo = try await loopbackClient(server).send(request)
        #expect(echo["method"]?.stringValue == "POST")
        #expect(echo["path"]?.stringValue == "/echo/items/5")
        #expect(Self.strings(echo["query"]?["q"]) == ["a b&c"])
        #expect(Self.strings(echo["query"]?["tags"]) == ["x", "y"])
        #expect(echo["query"]?["id"] == nil)
        #expect(echo["json"] == body)
        #expect(echo["body"]?.stringValue == body.serializedString())
        #expect(echo["headers"]?["content-type"]?.stringValue == "application/json; charset=utf-8")
    }

    @Test("a form body: the server reads the fields; parameters stay in the query")
    func formBody() async throws {
        let server = try await sharedServer()
        let request = BodyRequest<EchoItemRoute>(
            parameters: ["id": 1, "page": 2],
            body: .form(["grant_type": "password", "user": "ada lovelace", "scopes": ["read", "write"], "skip": nil]))
        let echo = try await loopbackClient(server).send(request)
        #expect(echo["headers"]?["content-type"]?.stringValue == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(Self.strings(echo["form"]?["grant_type"]) == ["password"])
        #expect(Self.strings(echo["form"]?["user"]) == ["ada lovelace"])
        #expect(Self.strings(echo["form"]?["scopes"]) == ["read", "write"])
        #expect(echo["form"]?["skip"] == nil)
        #expect(echo["form"]?["page"] == nil)
        #expect(Self.strings(echo["query"]?["page"]) == ["2"])
    }

    @Test("a multipart body: the server's parser sees every field and file, with names, filenames and types")
    func multipartUpload() async throws {
        let server = try await sharedServer()
        let photo = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let request = BodyRequest<UploadRoute>(
            parameters: ["lang": "en"],
            body: .multipart([
                HTMultipartPart(name: "title", value: "Holiday & more, ünïcode"),
                HTMultipartPart(name: "count", value: 3),
                HTMultipartPart(name: "ratio", value: 2.5),
                HTMultipartPart(name: "public", value: true),
                HTMultipartPart(name: "meta", value: ["a": [1, 2]]),
                HTMultipartPart(name: "photo", data: photo, fileName: "my \"best\".jpg", contentType: "image/jpeg"),
                HTMultipartPart(name: "notes", data: Data("plain notes".utf8), fileName: "notes.txt"),
            ]))
        let result = try await loopbackClient(server).send(request)
        #expect(result["fields"]?["title"]?.stringValue == "Holiday & more, ünïcode")
        #expect(result["fields"]?["count"]?.stringValue == "3")
        #expect(result["fields"]?["ratio"]?.stringValue == "2.5")
        #expect(result["fields"]?["public"]?.stringValue == "true")
        #expect(result["fields"]?["meta"]?.stringValue == #"{"a":[1,2]}"#)
        let file = result["files"]?["photo"]
        #expect(file?["filename"]?.stringValue == "my %22best%22.jpg")
        #expect(file?["content_type"]?.stringValue == "image/jpeg")
        #expect(file?["size"]?.intValue == photo.count)
        #expect(file?["sha256"]?.stringValue == Self.sha256(photo))
        #expect(result["files"]?["notes"]?["content_type"]?.stringValue == "application/octet-stream")
        #expect(result["files"]?["notes"]?["filename"]?.stringValue == "notes.txt")
    }

    @Test("a multipart body on the wire: exact part headers, escaped names, a random boundary in the header")
    func multipartOnTheWire() async throws {
        let server = try await sharedServer()
        let parts = [
            HTMultipartPart(name: "title", value: "line one\r\nline two"),
            HTMultipartPart(name: "meta", value: ["k": "v"]),
            HTMultipartPart(name: "evil\"\r\nX-Injected: 1", data: Data("x".utf8), fileName: "a\r\nb\".txt"),
            HTMultipartPart(name: "empty", value: ""),
        ]
        let request = BodyRequest<EchoItemRoute>(parameters: ["id": 2], body: .multipart(parts))
        let client = loopbackClient(server)
        let echo = try await client.send(request)
        let contentType = try #require(echo["headers"]?["content-type"]?.stringValue)
        #expect(contentType.hasPrefix("multipart/form-data; boundary=HTNetworking-"))
        let body = Data(try #require(echo["body"]?.stringValue).utf8)
        let parsed = try #require(parseMultipart(body, contentType: contentType))
        #expect(
            parsed == [
                ParsedPart(
                    headers: [#"Content-Disposition: form-data; name="title""#],
                    content: Data("line one\r\nline two".utf8)),
                ParsedPart(
                    headers: [#"Content-Disposition: form-data; name="meta""#, "Content-Type: application/json"],
                    content: Data(#"{"k":"v"}"#.utf8)),
                ParsedPart(
                    headers: [
                        #"Content-Disposition: form-data; name="evil%22%0D%0AX-Injected: 1"; filename="a%0D%0Ab%22.txt""#,
                        "Content-Type: application/octet-stream",
                    ],
                    content: Data("x".utf8)),
                ParsedPart(headers: [#"Content-Disposition: form-data; name="empty""#], content: Data()),
            ])
        // Another send of the same request draws another boundary.
        let again = try await client.send(request)
        #expect(again["headers"]?["content-type"]?.stringValue != contentType)
    }

    @Test("a part's own content type and headers: sorted, names reduced to a token, values without CR and LF")
    func multipartPartHeaders() async throws {
        let server = try await sharedServer()
        let parts = [
            HTMultipartPart(
                name: "note", value: "hi", contentType: "text/plain; charset=utf-8",
                headers: ["X-Lang": "fr\r\nX-Injected: 1", "Content-Type": "ignored", "A B\r\n": "1", "\r\n": "gone"]),
            HTMultipartPart(name: "meta", value: ["k": 1], contentType: "application/vnd.note+json"),
            HTMultipartPart(
                name: "photo", data: Data("x".utf8), fileName: "p.png", contentType: "image/png",
                headers: ["X-Sum": "s"]),
        ]
        let request = BodyRequest<EchoItemRoute>(parameters: ["id": 2], body: .multipart(parts))
        let echo = try await loopbackClient(server).send(request)
        let contentType = try #require(echo["headers"]?["content-type"]?.stringValue)
        let body = Data(try #require(echo["body"]?.stringValue).utf8)
        let parsed = try #require(parseMultipart(body, contentType: contentType))
        #expect(
            parsed == [
                ParsedPart(
                    headers: [
                        #"Content-Disposition: form-data; name="note""#, "Content-Type: text/plain; charset=utf-8",
                        "AB: 1", "X-Lang: frX-Injected: 1",
                    ],
                    content: Data("hi".utf8)),
                ParsedPart(
                    headers: [
                        #"Content-Disposition: form-data; name="meta""#, "Content-Type: application/vnd.note+json",
                    ],
                    content: Data(#"{"k":1}"#.utf8)),
                ParsedPart(
                    headers: [
                        #"Content-Disposition: form-data; name="photo"; filename="p.png""#, "Content-Type: image/png",
                        "X-Sum: s",
                    ],
                    content: Data("x".utf8)),
            ])
    }

    @Test("an upload of a request with its own body: the form replaces the body, parameters stay in the query")
    func uploadWithOwnBody() async throws {
        let server = try await sharedServer()
        var form = HTMultipartFormData()
        form.append("from the form", name: "field")
        let request = BodyRequest<UploadRoute>(parameters: ["lang": "en"], body: .json(["ignored": true]))
        let result = try await loopbackClient(server).upload(request, form: form)
        #expect(result["fields"] == ["field": "from the form"])
        // Without a body of its own, a POST's parameters become fields at the start of the form (unchanged).
        let plain = try await loopbackClient(server).upload(
            BodyRequest<UploadRoute>(parameters: ["lang": "en"]), form: form)
        #expect(plain["fields"] == ["lang": "en", "field": "from the form"])
    }

    @Test("a raw data body goes out as it is, with its content type, whatever the bytes")
    func dataBody() async throws {
        let server = try await sharedServer()
        let bytes = Data((0...255).map { UInt8($0) } + [0, 13, 10, 0xFF])
        let request = BodyRequest<EchoBackRoute>(
            parameters: ["echo_body": "1", "content_type": "application/octet-stream"],
            body: .data(bytes, contentType: "application/vnd.example+octets"))
        let raw = try await loopbackClient(server).rawResponse(for: request)
        #expect(raw.statusCode == 200)
        #expect(raw.body == bytes)
        let echo = try await loopbackClient(server).send(
            BodyRequest<EchoItemRoute>(parameters: ["id": 3], body: .data(Data("plain".utf8), contentType: "text/csv")))
        #expect(echo["headers"]?["content-type"]?.stringValue == "text/csv")
        #expect(echo["body"]?.stringValue == "plain")
    }

    @Test("a data body whose content type holds a line break is refused before sending")
    func dataBodyHeaderInjection() async throws {
        let server = try await sharedServer()
        let request = BodyRequest<EchoItemRoute>(
            parameters: ["id": 3], body: .data(Data("x".utf8), contentType: "text/plain\r\nX-Injected: 1"))
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await loopbackClient(server).send(request)
        }
        guard case .invalidRequest? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }

    @Test("sendsParametersInQuery on POST: every parameter outside the path is in the query, no body")
    func parametersInQueryOnPost() async throws {
        let server = try await sharedServer()
        let request = BodyRequest<EchoItemInQueryRoute>(parameters: ["id": 9, "q": "x y", "n": 2, "ids": [1, 2]])
        let echo = try await loopbackClient(server).send(request)
        #expect(echo["method"]?.stringValue == "POST")
        #expect(echo["path"]?.stringValue == "/echo/items/9")
        #expect(Self.strings(echo["query"]?["q"]) == ["x y"])
        #expect(Self.strings(echo["query"]?["n"]) == ["2"])
        #expect(Self.strings(echo["query"]?["ids"]) == ["1", "2"])
        #expect(echo["body"]?.stringValue == "")
        #expect(echo["headers"]?["content-type"] == nil)

        var withBody = request
        withBody.body = .json(["only": "body"])
        let both = try await loopbackClient(server).send(withBody)
        #expect(Self.strings(both["query"]?["q"]) == ["x y"])
        #expect(both["json"] == ["only": "body"])
    }

    @Test("a documented error status decodes into the request's typed error; the kind stays the status error")
    func documentedError() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        let notFound = try #require(
            await expectNetworkingError { () async throws(HTNetworkingError) in
                try await client.send(ErrorDocumentingRequest(code: 404))
            })
        guard case .status(404, let body) = notFound.kind else {
            Issue.record("expected a 404 status error, got \(notFound.kind)")
            return
        }
        #expect(!body.isEmpty)
        #expect(notFound.documentedError as? DocumentedPetError == .notFound(message: "Not Found"))
        let unavailable = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(ErrorDocumentingRequest(code: 503))
        }
        #expect(
            unavailable?.documentedError as? DocumentedPetError
                == .serverError(status: 503, message: "Service Unavailable"))
    }

    @Test("an undocumented status, a body that is not JSON, or a request without documented errors: none")
    func undocumentedError() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        let teapot = try #require(
            await expectNetworkingError { () async throws(HTNetworkingError) in
                try await client.send(ErrorDocumentingRequest(code: 418))
            })
        guard case .status(418, _) = teapot.kind else {
            Issue.record("expected a 418 status error, got \(teapot.kind)")
            return
        }
        #expect(teapot.documentedError == nil)
        let text = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(ErrorDocumentingRequest(code: 500, text: "oops, not JSON"))
        }
        #expect(text?.statusCode == 500)
        #expect(text?.documentedError == nil)
        let plain = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(StatusRequest(code: 404))
        }
        #expect(plain?.statusCode == 404)
        #expect(plain?.documentedError == nil)
    }

    @Test("HTNoContent: a 204, an empty 200 and a 200 with an unreadable body all succeed; validators skip no body")
    func noContent() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.resultValidator = .envelope(allowsEmptyBody: false) }
        #expect(try await client.send(NoContentRequest(code: 204)) == HTNoContent())
        let empty = try await client.response(for: NoContentRequest(code: 200, text: ""))
        #expect(empty.statusCode == 200 && empty.raw.body.isEmpty)
        let unreadable = try await client.response(
            for: NoContentRequest(code: 200, text: "{not json", contentType: "application/json"))
        #expect(unreadable.value == HTNoContent())
        #expect(unreadable.diagnostics.isEmpty)
        // A status the request does not accept still fails.
        let failure = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(NoContentRequest(code: 404))
        }
        #expect(failure?.statusCode == 404)
        // A body that is there and parses still goes through the validator.
        let rejected = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(NoContentRequest(code: 200, text: #"{"code": 7, "message": "no"}"#))
        }
        guard case .validation? = rejected?.kind else {
            Issue.record("expected a validation error, got \(String(describing: rejected))")
            return
        }
    }

    @Test("the response cache keys the body: different bodies never share an entry, equal ones do")
    func cacheKeysTheBody() async throws {
        let server = try await sharedServer()
        let directory = CacheTestSupport.directory("bodies")
        defer { CacheTestSupport.cleanUp(directory) }
        let client = loopbackClient(server) {
            $0.cache = HTCacheSettings(cache: HTResponseCache(directory: directory), defaultPolicy: .noCache)
        }
        func request(_ body: HTRequestBody) -> BodyRequest<EchoItemRoute> {
            var request = BodyRequest<EchoItemRoute>(parameters: ["id": 1], body: body)
            request.cachePolicy = .cacheFirst
            return request
        }
        let bodies: [HTRequestBody] = [
            .json(["n": 1]), .json(["n": 2]), .form(["n": 1]),
            .multipart([HTMultipartPart(name: "n", value: 1)]), .multipart([HTMultipartPart(name: "n", value: 2)]),
            .data(Data("n=1".utf8), contentType: "text/plain"), .data(Data("n=1".utf8), contentType: "text/csv"),
        ]
        var firstBodies: [String] = []
        for body in bodies {
            let response = try await client.response(for: request(body))
            #expect(response.isFromCache == false)
            firstBodies.append(try #require(response.value["body"]?.stringValue))
        }
        for (index, body) in bodies.enumerated() {
            let response = try await client.response(for: request(body))
            #expect(response.isFromCache == true)
            if case .multipart = body {
                // The cached echo is the first send's (its own random boundary), not a new one.
                #expect(response.value["body"]?.stringValue == firstBodies[index])
            } else {
                #expect(response.value["body"]?.stringValue == firstBodies[index])
                #expect(response.value["body"]?.stringValue == String(decoding: body.encoded().data, as: UTF8.self))
            }
        }
    }
}
