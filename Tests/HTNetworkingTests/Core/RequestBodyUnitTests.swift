import Foundation
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gives the numbers it was made with, then zeros.
private struct ScriptedGenerator: RandomNumberGenerator {
    var values: [UInt64]
    mutating func next() -> UInt64 { values.isEmpty ? 0 : values.removeFirst() }
}

/// `HTRequestBody` and `HTMultipartPart` without a network: encoding, boundaries, cache keys, log
/// redaction, and the request that mocks and interceptors see.
@Suite("Request bodies: encoding, keys, logs, mocks")
struct RequestBodyUnitTests {
    let configuration = HTClientConfiguration(baseURL: URL(string: "https://api.example.com/v1")!)

    // MARK: Parts and boundaries

    @Test("a JSON value makes a text part for scalars and an application/json part for the rest")
    func partsFromJSON() {
        let text = HTMultipartPart(name: "s", value: "héllo")
        #expect(text.contentType == nil && text.fileName == nil && text.content == Data("héllo".utf8))
        #expect(HTMultipartPart(name: "i", value: 42).content == Data("42".utf8))
        #expect(HTMultipartPart(name: "d", value: 10.0).content == Data("10".utf8))
        #expect(HTMultipartPart(name: "b", value: false).content == Data("false".utf8))
        let object = HTMultipartPart(name: "o", value: ["a": [1, nil]])
        #expect(object.contentType == "application/json" && object.content == Data(#"{"a":[1,null]}"#.utf8))
        #expect(HTMultipartPart(name: "n", value: nil).content == Data("null".utf8))
        #expect(HTMultipartPart(name: "n", value: nil).contentType == "application/json")
        #expect(HTMultipartPart(name: "x", value: .double(.nan)).contentType == "application/json")
        let file = HTMultipartPart(name: "f", data: Data([1, 2]), fileName: "f.bin")
        #expect(file.contentType == "application/octet-stream" && file.fileName == "f.bin")
    }

    @Test("a boundary that occurs in a part is never used: another is drawn, then a counter is added")
    func boundaryNeverInParts() {
        // The first draw (all zeros) is inside the content; the second is not.
        let taken = "HTNetworking-" + String(repeating: "0", count: 32)
        let parts = [HTMultipartPart(name: "p", data: Data("before \(taken) after".utf8))]
        var generator = ScriptedGenerator(values: [0, 0, 1, 2])
        let boundary = HTMultipartPart.randomBoundary(for: parts, using: &generator)
        #expect(
            boundary == "HTNetworking-" + String(repeating: "0", count: 15) + "1" + String(repeating: "0", count: 15)
                + "2")
        // A generator that only gives the taken boundary: the counter fallback.
        var stuck = ScriptedGenerator(values: [])
        let fallback = HTMultipartPart.randomBoundary(for: parts, using: &stuck)
        #expect(fallback == taken + "-1")
        // In a name, a file name or a content type too.
        let named = [HTMultipartPart(name: "x", data: Data(), fileName: "HTRequestBody-canonical.txt")]
        #expect(
            HTMultipartPart.unusedBoundary(startingWith: "HTRequestBody-canonical", in: named)
                == "HTRequestBody-canonical-1")
        // Or in a part's own header, its name or its value.
        for headers in [["X-HTRequestBody-canonical": "1"], ["X-Note": "HTRequestBody-canonical"]] {
            let headed = [HTMultipartPart(name: "x", value: "v", headers: headers)]
            #expect(
                HTMultipartPart.unusedBoundary(startingWith: "HTRequestBody-canonical", in: headed)
                    == "HTRequestBody-canonical-1")
        }
        // The body made with it parses back to the parts.
        let body = HTRequestBody.multipart(parts).encoded()
        let parsed = parseMultipart(body.data, contentType: body.contentType)
        #expect(parsed?.map(\.content) == [Data("before \(taken) after".utf8)])
    }

    @Test("random boundaries differ per encoding; the canonical form is stable and tells bodies apart")
    func canonicalForm() {
        let parts = [
            HTMultipartPart(name: "a", value: "1"), HTMultipartPart(name: "f", data: Data([0, 1]), fileName: "f"),
        ]
        let body = HTRequestBody.multipart(parts)
        let first = body.encoded()
        let second = body.encoded()
        #expect(first.contentType != second.contentType)
        #expect(first.data != second.data)
        #expect(
            parseMultipart(first.data, contentType: first.contentType)
                == parseMultipart(second.data, contentType: second.contentType))
        #expect(body.canonicalEncoded == HTRequestBody.multipart(parts).canonicalEncoded)
        #expect(body.canonicalEncoded.contentType == "multipart/form-data; boundary=HTRequestBody-canonical")
        #expect(
            body.canonicalEncoded
                != HTRequestBody.multipart(parts + [HTMultipartPart(name: "b", value: 2)]).canonicalEncoded)
        #expect(HTRequestBody.json(["a": 1]).encoded() == HTRequestBody.json(["a": 1]).canonicalEncoded)
        #expect(HTRequestBody.form(["a": "x y"]).encoded().data == Data("a=x%20y".utf8))
        #expect(HTRequestBody.data(Data([9]), contentType: "image/png").encoded().contentType == "image/png")
    }

    // MARK: Building

    @Test("the URL request: the body and its content type, parameters in the query; GET keeps today's shape")
    func builtRequest() throws {
        let client = HTClient(configuration: configuration)
        let built = try client.urlRequest(
            for: BodyRequest<EchoItemRoute>(parameters: ["id": 4, "q": "z"], body: .json(["a": 1])))
        #expect(built.url?.absoluteString == "https://api.example.com/v1/echo/items/4?q=z")
        #expect(built.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(built.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        // Without a body, a POST still sends its parameters as the body (unchanged).
        let plain = try client.urlRequest(for: BodyRequest<EchoItemRoute>(parameters: ["id": 4, "q": "z"]))
        #expect(plain.url?.absoluteString == "https://api.example.com/v1/echo/items/4")
        #expect(plain.httpBody == Data(#"{"q":"z"}"#.utf8))
        // A request header replaces the body's content type, as for parameter bodies.
        var overridden = BodyRequest<EchoItemRoute>(parameters: ["id": 4], body: .data(Data([1]), contentType: "a/b"))
        overridden.headers = ["Content-Type": "c/d"]
        #expect(try client.urlRequest(for: overridden).value(forHTTPHeaderField: "Content-Type") == "c/d")
    }

    // MARK: Cache keys

    @Test("cache keys: the body's bytes and type are keyed; parameters in the query are told from a body")
    func cacheKeys() throws {
        func key<R: HTBaseRequest>(_ request: R) -> HTCacheKey? {
            HTCacheKey.of(request, configuration)
        }
        func request(_ body: HTRequestBody?, _ parameters: HTJSONObject = ["id": 1, "q": "x"]) -> BodyRequest<
            EchoItemRoute
        > {
            BodyRequest<EchoItemRoute>(parameters: parameters, body: body)
        }
        let parts = [
            HTMultipartPart(name: "p", value: "1"), HTMultipartPart(name: "f", data: Data([1]), fileName: "f"),
        ]
        #expect(key(request(.multipart(parts))) == key(request(.multipart(parts))))
        #expect(key(request(.json(["a": 1]))) == key(request(.json(["a": 1]))))
        let distinct = [
            key(request(nil)), key(request(.json(["a": 1]))), key(request(.json(["a": 2]))),
            key(request(.form(["a": 1]))), key(request(.multipart(parts))),
            key(request(.multipart(parts + [HTMultipartPart(name: "g", value: "2")]))),
            key(request(.data(Data([1]), contentType: "a/b"))), key(request(.data(Data([1]), contentType: "a/c"))),
            key(request(.data(Data([2]), contentType: "a/b"))),
            key(BodyRequest<EchoItemInQueryRoute>(parameters: ["id": 1, "q": "x"])),
        ]
        #expect(Set(distinct).count == distinct.count)
        // Parameters in the body vs. the same parameters in the query with the same bytes as a body.
        let inBody = request(nil, ["id": 1, "q": "x"])
        let inQuery = request(.json(["q": "x"]), ["id": 1, "q": "x"])
        #expect(HTClient(configuration: configuration).urlRequestBody(inBody) == Data(#"{"q":"x"}"#.utf8))
        #expect(key(inBody) != key(inQuery))
        let text = try #require(key(request(.data(Data([0xAB, 0x01]), contentType: "a/b")))).text
        #expect(text.hasPrefix("HTCacheKey/4\nmethod:POST\n"))
        #expect(text.contains("\nplacement:query\n"))
        #expect(text.contains("\nbody:a/b ab01\n"))
        let multipartText = try #require(key(request(.multipart(parts)))).text
        #expect(multipartText.contains("\nbody:multipart/form-data; boundary=HTRequestBody-canonical "))
    }

    // MARK: Logging

    @Test("multipart bodies in the log: secret fields and JSON members redacted, file bytes never shown")
    func multipartRedaction() {
        let secretFile = "SECRET-FILE-CONTENT"
        let body = HTRequestBody.multipart([
            HTMultipartPart(name: "title", value: "Holiday"),
            HTMultipartPart(name: "password", value: "hunter2"),
            HTMultipartPart(name: "meta", value: ["owner": "ada", "token": "t0k"]),
            HTMultipartPart(
                name: "photo", data: Data(secretFile.utf8), fileName: "beach.jpg", contentType: "image/jpeg"),
            HTMultipartPart(name: "blob", data: Data(secretFile.utf8)),
            HTMultipartPart(name: "note", data: Data("plain note".utf8), contentType: "text/plain"),
        ]).encoded()
        let text = HTLogRedaction().redactedBody(body.data, contentType: body.contentType)
        #expect(
            text == """
                part "title": Holiday
                part "password": <redacted>
                part "meta" (application/json): {"owner":"ada","token":"<redacted>"}
                part "photo" (image/jpeg, file "beach.jpg"): 19 bytes
                part "blob" (application/octet-stream): 19 bytes
                part "note" (text/plain): plain note
                """)
        #expect(!text.contains("hunter2") && !text.contains("t0k") && !text.contains(secretFile))
        let broken = HTLogRedaction().redactedBody(
            Data("--x\r\nno end".utf8), contentType: "multipart/form-data; boundary=x")
        #expect(broken == "<11 bytes of multipart/form-data that does not parse>")
    }

    @Test("the logging interceptor logs a body request's real body, redacted; mocks and interceptors see it")
    func loggingMockAndInterceptor() async throws {
        let (logger, sink) = recordingLogger(level: .verbose)
        var configuration = HTClientConfiguration(baseURL: URL(string: "https://api.invalid")!, logger: logger)
        configuration.mockMode = .always
        configuration.interceptors = [HTLoggingInterceptor(bodyLimit: 10_000)]
        let client = HTClient(configuration: configuration)
        let recorder = RecordingInterceptor()
        var request = BodyRequest<EchoItemRoute>(
            parameters: ["id": 1, "access_token": "qs3cret"],
            body: .multipart([
                HTMultipartPart(name: "password", value: "hunter2"),
                HTMultipartPart(name: "file", data: Data("FILEBYTES".utf8), fileName: "a.bin"),
            ]))
        request.interceptors = [recorder]
        request.mock = .json(#"{"ok": true}"#)
        #expect(try await client.send(request) == ["ok": true])
        let seen = try #require(recorder.seen.values.first)
        let parsed = try #require(
            parseMultipart(seen.httpBody ?? Data(), contentType: seen.value(forHTTPHeaderField: "Content-Type")))
        #expect(parsed.map(\.content) == [Data("hunter2".utf8), Data("FILEBYTES".utf8)])
        #expect(seen.url?.query == "access_token=qs3cret")
        let verbose = sink.messages(.verbose, .network).joined(separator: "\n")
        #expect(verbose.contains(#"part "password": <redacted>"#))
        #expect(verbose.contains(#"part "file" (application/octet-stream, file "a.bin"): 9 bytes"#))
        #expect(!sink.all.contains { $0.message.contains("hunter2") || $0.message.contains("FILEBYTES") })
        #expect(!sink.all.contains { $0.message.contains("qs3cret") })
    }
}

extension HTClient {
    /// The body `request` is sent with (before interceptors).
    fileprivate func urlRequestBody<R: HTBaseRequest>(_ request: R) -> Data? {
        (try? urlRequest(for: request))?.httpBody
    }
}
