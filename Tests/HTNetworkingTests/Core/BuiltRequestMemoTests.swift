import Foundation
import HTModel
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request with its URL and its `Authorization` header as JSON, and records what it got.
private struct EchoTransport: HTTransport {
    let received = Recorded<URLRequest>()

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        received.append(request)
        let echo: HTJSON = .object([
            "url": .string(request.url?.absoluteString ?? ""),
            "authorization": .string(request.value(forHTTPHeaderField: "Authorization") ?? ""),
        ])
        return HTTransportResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"],
            body: Data(HTJSONSerializer().serialize(echo)), url: request.url)
    }
}

/// `GET /items` with its parameters as given.
private struct ItemsRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/items"
    var parameters: HTJSONObject
}

/// `GET /me`, cached, whose token is no parameter: `customize(_:)` sends it as `Authorization`, so only
/// the URL request as customized says whose it is.
private struct TokenInCustomizeRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/me"
    var token: String
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
    func customize(_ request: inout URLRequest) {
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
}

/// `POST /notes` with its own body.
private struct NoteRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.post
    static let path = "/notes"
    var text: String
    var body: HTRequestBody? { .json(.object(["text": .string(text)])) }
}

@Suite("The client builds a request's URL request and key once for the same values", .timeLimit(.minutes(3)))
struct BuiltRequestMemoTests {
    private static let baseURL = URL(string: "https://api.example.com/v1")

    private func client(_ transport: EchoTransport, cache: HTResponseCache? = nil) throws -> HTClient {
        var configuration = HTClientConfiguration(baseURL: try #require(Self.baseURL))
        if let cache { configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: .noCache) }
        return HTClient(configuration: configuration, transport: transport)
    }

    @Test("each send gets the URL its own values build, whichever were sent before")
    func valuesDecideTheURL() async throws {
        let transport = EchoTransport()
        let client = try client(transport)
        let pages: [HTJSONObject] = [["page": 1], ["page": 2], ["page": 1], ["page": 1, "size": 5], ["page": 2]]
        for parameters in pages {
            _ = try await client.send(ItemsRequest(parameters: parameters))
        }
        #expect(
            transport.received.values.map { $0.url?.absoluteString } == [
                "https://api.example.com/v1/items?page=1", "https://api.example.com/v1/items?page=2",
                "https://api.example.com/v1/items?page=1", "https://api.example.com/v1/items?page=1&size=5",
                "https://api.example.com/v1/items?page=2",
            ])
    }

    @Test("values Swift calls equal but that encode differently are never taken for one another")
    func exactValues() async throws {
        let transport = EchoTransport()
        let client = try client(transport)
        // Canonically equivalent strings (`==` in Swift), different bytes; `0.0 == -0.0`.
        let values: [HTJSON] = [.string("caf\u{E9}"), .string("cafe\u{301}"), .double(0.0), .double(-0.0)]
        for value in values + values {
            let request = ItemsRequest(parameters: ["q": value])
            _ = try await client.send(request)
            let sent = try #require(transport.received.values.last)
            // What the client builds without any memo, from scratch.
            let fresh = try HTRequestBuilder.customizedURLRequest(for: request, configuration: client.configuration)
            #expect(sent.url == fresh.url)
        }
        let urls = transport.received.values.prefix(2).map { $0.url?.absoluteString }
        #expect(
            urls == ["https://api.example.com/v1/items?q=caf%C3%A9", "https://api.example.com/v1/items?q=cafe%CC%81"])
    }

    @Test("customize(_:) runs on every send: a token it adds keys the cache entry, so users never share one")
    func customizeKeysTheEntry() async throws {
        let transport = EchoTransport()
        let cache = HTResponseCache(directory: CacheTestSupport.directory("built-memo"), logger: { _ in })
        let client = try client(transport, cache: cache)

        let alice = try await client.response(for: TokenInCustomizeRequest(token: "alice"))
        let bob = try await client.response(for: TokenInCustomizeRequest(token: "bob"))
        let aliceAgain = try await client.response(for: TokenInCustomizeRequest(token: "alice"))
        let bobAgain = try await client.response(for: TokenInCustomizeRequest(token: "bob"))

        #expect(alice.value["authorization"]?.stringValue == "Bearer alice")
        #expect(bob.value["authorization"]?.stringValue == "Bearer bob")
        #expect(!alice.isFromCache && !bob.isFromCache)
        #expect(aliceAgain.isFromCache && aliceAgain.value["authorization"]?.stringValue == "Bearer alice")
        #expect(bobAgain.isFromCache && bobAgain.value["authorization"]?.stringValue == "Bearer bob")
        #expect(transport.received.count == 2)
    }

    @Test("a request that customize(_:) leaves alone is keyed as the one that changes it would be without the change")
    func unchangedRequestKey() async throws {
        let transport = EchoTransport()
        let cache = HTResponseCache(directory: CacheTestSupport.directory("built-memo-key"), logger: { _ in })
        let client = try client(transport, cache: cache)
        let request = CachedItemsRequest(page: 3)
        _ = try await client.send(request)
        let second = try await client.response(for: request)
        #expect(second.isFromCache)
        // The key the hit used is the one the client's documented key function gives.
        #expect(cache.memory.get(try #require(client.cacheKey(for: request))) != nil)
        #expect(transport.received.count == 1)
    }

    @Test("more distinct requests than the memo holds are all built right")
    func beyondTheLimit() async throws {
        let transport = EchoTransport()
        let client = try client(transport)
        let count = HTBuiltRequestMemo.limit * 2 + 3
        for page in 0..<count {
            _ = try await client.send(ItemsRequest(parameters: ["page": .integer(Int64(page))]))
        }
        _ = try await client.send(ItemsRequest(parameters: ["page": 0]))
        let urls = transport.received.values.map { $0.url?.absoluteString ?? "" }
        #expect(urls.count == count + 1)
        #expect(urls.enumerated().allSatisfy { $0.element.hasSuffix("?page=\($0.offset % count)") })
    }

    @Test("a request with its own body sends each body")
    func bodies() async throws {
        let transport = EchoTransport()
        let client = try client(transport)
        for text in ["first", "second", "first"] {
            _ = try await client.send(NoteRequest(text: text))
        }
        let bodies = transport.received.values.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
        #expect(bodies == [#"{"text":"first"}"#, #"{"text":"second"}"#, #"{"text":"first"}"#])
    }

    @Test("fingerprints are equal for the same values and differ for any other")
    func fingerprints() throws {
        func fingerprint(_ parameters: HTJSONObject) throws -> HTRequestFingerprint {
            try #require(
                HTRequestFingerprint(
                    ItemsRequest.self, values: HTRequestValues(ItemsRequest(parameters: parameters)), cacheUse: nil))
        }
        let different: [(HTJSONObject, HTJSONObject)] = [
            (["a": "bc"], ["ab": "c"]), (["a": 1], ["a": 1.0]), (["a": .null], ["a": "null"]),
            (["a": [1, 2]], ["a": [[1, 2]]]), (["a": [1], "b": 2], ["b": 2, "a": [1]]), (["a": true], ["a": 1]),
            (["a": .string(String(repeating: "x", count: 200))], ["a": .string(String(repeating: "x", count: 201))]),
            (["a": .integer(-1)], ["a": .integer(Int64.max)]),
        ]
        for (left, right) in different {
            #expect(try fingerprint(left) != fingerprint(right), "\(left) and \(right)")
            #expect(try fingerprint(left) == fingerprint(left))
        }
        let withBody = HTRequestValues(NoteRequest(text: "x"))
        #expect(HTRequestFingerprint(NoteRequest.self, values: withBody, cacheUse: nil) == nil)
    }

    @Test("a URL request is unchanged only while no setter ran on it")
    func urlRequestIdentity() throws {
        let original = URLRequest(url: try #require(URL(string: "https://api.example.com/a")))
        let copy = original
        #expect(HTURLRequestIdentity.isUnchanged(copy, since: original))
        var sameValue = original
        sameValue.httpMethod = "GET"
        #expect(!HTURLRequestIdentity.isUnchanged(sameValue, since: original))
        var header = original
        header.setValue("Bearer x", forHTTPHeaderField: "Authorization")
        #expect(!HTURLRequestIdentity.isUnchanged(header, since: original))
        let equalButBuiltAgain = URLRequest(url: try #require(URL(string: "https://api.example.com/a")))
        #expect(!HTURLRequestIdentity.isUnchanged(equalButBuiltAgain, since: original))
    }

    @Test("large requests are not remembered: after 24 POSTs of 2 MiB the memo holds none of them")
    func largeRequestsAreNotKept() async throws {
        let transport = EchoTransport()
        let client = try client(transport)
        let residentBefore = residentMegabytes()
        for index in 0..<24 {
            let text = String(repeating: Character(UnicodeScalar(UInt8(65 + index % 26))), count: 2 << 20)
            _ = try await client.send(
                UploadParametersRequest(parameters: ["n": .integer(Int64(index)), "blob": .string(text)]))
        }
        #expect(transport.received.values.allSatisfy { ($0.httpBody?.count ?? 0) > 2 << 20 })
        let usage = client.builtRequests.usage
        #expect(usage.count == 0)
        #expect(usage.bytes == 0)
        print(
            "built-request memo: 24 POSTs of 2 MiB sent; memo holds \(usage.count) requests, \(usage.bytes) bytes; "
                + "resident \(residentBefore) MB before, \(residentMegabytes()) MB after")
        // Small requests are still remembered, and the memo stays within its byte limit whatever is sent.
        for index in 0..<200 {
            let size = index % 3 == 0 ? 300 << 10 : 64
            let text = String(repeating: "x", count: size)
            _ = try await client.send(
                UploadParametersRequest(parameters: ["n": .integer(Int64(index)), "blob": .string(text)]))
            #expect(client.builtRequests.usage.bytes <= HTBuiltRequestMemo.byteLimit)
            #expect(client.builtRequests.usage.count <= HTBuiltRequestMemo.limit)
        }
        #expect(client.builtRequests.usage.count > 0)
    }

    /// The process's resident memory in MB, from `/proc/self/statm` (0 where there is none).
    private func residentMegabytes() -> Int {
        // A /proc file reports no size, so it is read to its end rather than by its length.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/statm")?.readDataToEndOfFile(),
            let text = String(data: data, encoding: .utf8)
        else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
    }
}

/// `POST /notes` whose parameters are its JSON body.
private struct UploadParametersRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.post
    static let path = "/notes"
    var parameters: HTJSONObject
}

/// `GET /items?page=N`, cached first.
private struct CachedItemsRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/items"
    var page: Int
    var parameters: HTJSONObject { ["page": .integer(Int64(page))] }
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
}
