import Foundation
import Testing

@testable import HTNetworking

/// A request with every key ingredient adjustable.
struct KeyedRequest: HTCacheableRequest {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/users/:id"
    static let headerPropertyList = ["token"]

    var parameters: HTJSONObject = [:]
    var baseURL: URL?
    var cacheSensitiveData: HTJSON?
    var cacheKey: String?

    func cacheKeyFilteredParameters(_ parameters: HTJSONObject) -> HTJSONObject {
        var filtered = parameters
        filtered["timestamp"] = nil
        return filtered
    }
}

/// A POST whose parameters go into the body.
struct KeyedPostRequest: HTBaseRequest {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.post
    static let path = "/search"
    var parameters: HTJSONObject
    var bodyEncoding: HTBodyEncoding?
}

@Suite("Cache keys")
struct CacheKeyTests {
    let configuration = HTClientConfiguration(baseURL: URL(string: "https://api.example.com/v1")!)

    func key<R: HTBaseRequest>(_ request: R, _ configuration: HTClientConfiguration? = nil) -> HTCacheKey? {
        HTCacheKey.of(request, configuration ?? self.configuration)
    }

    @Test("The canonical text is the documented one, and its hash is fixed across runs and platforms")
    func canonicalText() throws {
        let request = KeyedRequest(
            parameters: ["id": 7, "b": "x", "a": .array([1, true]), "token": "secret", "timestamp": 123],
            cacheSensitiveData: .object(["user": "u1", "app": "2.0"]))
        let text = try #require(key(request)).text
        #expect(
            text == """
                HTCacheKey/4
                method:GET
                base:https://api.example.com/v1
                path:/users/:id
                parameters:{"a":[1,true],"b":"x","id":7}
                placement:query
                headers:{}
                sensitive:{"app":"2.0","user":"u1"}
                body:
                scope:none
                """)
        // FNV-1a-64 of that text, computed independently (Python) — a change here breaks every stored key.
        #expect(key(request)?.hex == "ccc3da20fb97ddd4")
        #expect(key(request) == HTCacheKey(canonical: text))
    }

    @Test("Filtered parameters, header properties and parameter order don't change the key; other values do")
    func parameters() {
        let base = key(KeyedRequest(parameters: ["id": 1, "q": "a", "timestamp": 1]))
        #expect(key(KeyedRequest(parameters: ["timestamp": 2, "q": "a", "id": 1])) == base)
        #expect(key(KeyedRequest(parameters: ["id": 1, "q": "a", "token": "t"])) == base)
        #expect(key(KeyedRequest(parameters: ["id": 1, "q": "b"])) != base)
        #expect(key(KeyedRequest(parameters: ["id": 2, "q": "a"])) != base)
        #expect(key(KeyedRequest(parameters: ["id": 1, "q": "a", "extra": .null])) != base)
    }

    @Test("The request's own base URL is part of the key, and so is the client's")
    func baseURL() throws {
        let plain = key(KeyedRequest(parameters: ["id": 1]))
        let overridden = key(KeyedRequest(parameters: ["id": 1], baseURL: URL(string: "https://other.example.com")))
        #expect(plain != overridden)
        let otherClient = HTClientConfiguration(baseURL: URL(string: "https://api.example.com/v2")!)
        #expect(key(KeyedRequest(parameters: ["id": 1]), otherClient) != plain)
        // A request that overrides the base URL has the same key whatever the client's base URL.
        #expect(
            key(KeyedRequest(parameters: ["id": 1], baseURL: URL(string: "https://other.example.com")), otherClient)
                == overridden)
    }

    @Test("A whole Double parameter has the key of the integer it is sent as")
    func wholeDoubles() {
        let integer = key(KeyedRequest(parameters: ["id": 5, "limit": 10]))
        let double = KeyedRequest(parameters: ["id": .double(5), "limit": .double(10)])
        #expect(key(double) == integer)
        #expect(
            key(double)?.text.contains(
                #"parameters:{"id":5,"limit":10}"#) == true)
        #expect(key(KeyedRequest(parameters: ["id": .double(5), "limit": .double(10.5)])) != integer)
    }

    @Test("Sensitive data (app version, user id) is part of the key")
    func sensitiveData() {
        let v1 = key(KeyedRequest(parameters: ["id": 1], cacheSensitiveData: "1.0"))
        #expect(v1 != key(KeyedRequest(parameters: ["id": 1], cacheSensitiveData: "1.1")))
        #expect(v1 != key(KeyedRequest(parameters: ["id": 1])))
        #expect(v1 == key(KeyedRequest(parameters: ["id": 1], cacheSensitiveData: "1.0")))
    }

    @Test("The body (from the parameters, in the request's encoding) is part of a POST's key")
    func body() throws {
        let json = KeyedPostRequest(parameters: ["q": "swift"], bodyEncoding: .json)
        let form = KeyedPostRequest(parameters: ["q": "swift"], bodyEncoding: .form)
        #expect(key(json) != key(form))
        #expect(key(json) != key(KeyedPostRequest(parameters: ["q": "rust"], bodyEncoding: .json)))
        let text = try #require(key(json)).text
        let hex = HTBodyEncoding.json.encode(["q": "swift"]).map { String(format: "%02x", $0) }.joined()
        #expect(text.hasSuffix("\nbody:\(HTBodyEncoding.json.contentType) \(hex)\nscope:none"))
    }

    @Test("A key the request computes itself replaces the default key")
    func customKey() {
        let a = key(KeyedRequest(parameters: ["id": 1], cacheKey: "profile"))
        let b = key(KeyedRequest(parameters: ["id": 2], baseURL: URL(string: "https://x"), cacheKey: "profile"))
        #expect(a == b)
        #expect(a == HTCacheKey(custom: "profile"))
        #expect(a != key(KeyedRequest(parameters: ["id": 1])))
    }

    @Test("Credentials (as headers of the request or the client) are part of every key, custom keys too")
    func credentials() throws {
        var withToken = configuration
        withToken.defaultHeaders = ["Authorization": "Bearer alice"]
        let plain = key(KeyedRequest(parameters: ["id": 1]))
        let alice = key(KeyedRequest(parameters: ["id": 1]), withToken)
        #expect(plain != alice)
        withToken.defaultHeaders = ["Authorization": "Bearer bob"]
        #expect(key(KeyedRequest(parameters: ["id": 1]), withToken) != alice)
        #expect(
            key(KeyedRequest(parameters: ["id": 1], cacheKey: "profile"), withToken) != HTCacheKey(custom: "profile"))
        let built = try #require(key(KeyedRequest(parameters: ["id": 1]), withToken)).text
        #expect(built.contains("\nscope:credentials ") && !built.contains("bob"))
    }
}
