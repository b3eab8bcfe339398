import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTModel
@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /users/1`, cache first, under one shared cache key.
private struct CachedUserRequest: HTCacheableRequest, Sendable {
    typealias Response = NetUser
    static let method = HTHTTPMethod.get
    static let path = "/users/1"
    var policy: HTCachePolicyID? = .cacheFirst
    var options: HTMappingOptions?
    var cachePolicy: HTCachePolicyID? { policy }
    var mappingOptions: HTMappingOptions? { options }
    var cacheKey: String? { "user-1" }
}

/// The same URL and cache key, read as plain JSON.
private struct CachedUserJSONRequest: HTCacheableRequest, Sendable {
    typealias Response = HTJSON
    static let method = HTHTTPMethod.get
    static let path = "/users/1"
    var cachePolicy: HTCachePolicyID? { .cacheFirst }
    var cacheKey: String? { "user-1" }
}

/// Answers the current body and counts the requests.
private final class UserServer: HTTransport, Sendable {
    private let state = HTLocked((body: "", count: 0))
    init(_ body: String) { state.withLock { $0.body = body } }
    func set(_ body: String) { state.withLock { $0.body = body } }
    var count: Int { state.withLock { $0.count } }
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        let body = state.withLock { state -> String in
            state.count += 1
            return state.body
        }
        return HTTransportResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
    }
}

/// From the second memory hit on, the client hands out deep copies of the value it mapped at the first
/// one, kept beside the memory-tier entry, instead of parsing and mapping the body again.
@Suite("Response cache: mapped values kept beside memory entries")
struct CacheMemoTests {
    private static let alice =
        #"{"id": 1, "name": "Alice", "score": 4.5, "tags": ["a", "b"], "address": {"city": "Hangzhou", "zip": "310000"}}"#

    /// Runs `test` with a client whose transport answers `body` and whose cache lives in a folder of
    /// its own, removed afterwards.
    private func withClient(
        answering body: String, _ test: (HTClient, HTResponseCache, UserServer) async throws -> Void
    ) async throws {
        let directory = CacheTestSupport.directory("memo")
        defer { CacheTestSupport.cleanUp(directory) }
        let server = UserServer(body)
        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("https://api.example.com"))
        let cache = HTResponseCache(directory: directory, logger: { _ in })
        configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: .noCache, defaultExpiry: 3600)
        try await test(HTClient(configuration: configuration, transport: server), cache, server)
    }

    @Test("Hits hand out the one kept value: models are immutable, so nothing is copied")
    func hitsShareTheValue() async throws {
        try await withClient(answering: Self.alice) { client, cache, server in
            let key = HTCacheKey(custom: "user-1")

            let fresh = try await client.response(for: CachedUserRequest())
            #expect(!fresh.isFromCache)
            #expect(cache.memory.memo(for: key) == nil)
            let first = try await client.response(for: CachedUserRequest())
            #expect(first.isFromCache)
            #expect(cache.memory.memo(for: key) != nil)
            let second = try await client.response(for: CachedUserRequest())
            #expect(second.isFromCache)
            #expect(second.body == first.body)
            #expect(server.count == 1)

            let user = second.value
            #expect(
                user.name == "Alice" && user.address?.city == "Hangzhou" && user.tags == ["a", "b"] && user.score == 4.5
            )
            #expect(user === first.value && user.address === first.value.address)
            // An edit is a new model; the kept one, and so every later hit, is unchanged.
            let edited = user.with { $0.name = "Mallory" }
            #expect(edited.name == "Mallory" && edited !== user)
            let third = try await client.send(CachedUserRequest())
            #expect(third === user)
            #expect(third.name == "Alice" && third.address?.city == "Hangzhou" && third.tags == ["a", "b"])
            #expect(first.value.name == "Alice")
            #expect(server.count == 1)
        }
    }

    @Test("A new response for the key replaces the kept value; so does clearing the memory tier")
    func replacedWithTheEntry() async throws {
        try await withClient(answering: Self.alice) { client, cache, server in
            let key = HTCacheKey(custom: "user-1")
            _ = try await client.send(CachedUserRequest())
            _ = try await client.send(CachedUserRequest())
            let withMemo = cache.memoryUsage.bytes
            #expect(cache.memory.memo(for: key) != nil)

            server.set(#"{"id": 1, "name": "Bob"}"#)
            #expect(try await client.send(CachedUserRequest(policy: .writeOnly)).name == "Bob")
            #expect(cache.memory.memo(for: key) == nil)
            #expect(cache.memoryUsage.bytes < withMemo)
            #expect(try await client.send(CachedUserRequest()).name == "Bob")
            #expect(try await client.send(CachedUserRequest()).name == "Bob")
            #expect(cache.memory.memo(for: key) != nil)

            cache.clearMemoryCache()
            #expect(cache.memory.memo(for: key) == nil)
            // Read back from disk, mapped, then kept again.
            #expect(try await client.send(CachedUserRequest()).name == "Bob")
            #expect(try await client.send(CachedUserRequest()).name == "Bob")
            #expect(server.count == 2)
        }
    }

    @Test("Another request type or other mapping options under the same key map the body themselves")
    func keptPerWayOfMapping() async throws {
        try await withClient(answering: #"{"id": "7", "Name": "Carol"}"#) { client, _, server in
            _ = try await client.send(CachedUserRequest())
            #expect(try await client.send(CachedUserRequest()).name == "Carol")
            #expect(try await client.send(CachedUserRequest()).id == 7)

            // The same entry as plain JSON: the string stays a string.
            let json = try await client.send(CachedUserJSONRequest())
            #expect(json["id"]?.stringValue == "7")
            // Without implicit key matching, "Name" does not reach `name`: mapped with its own options, not
            // served the value kept for the default ones.
            let exact = try await client.response(
                for: CachedUserRequest(options: HTMappingOptions(implicitKeyMatching: false)))
            #expect(exact.isFromCache)
            #expect(exact.value.id == 7)
            #expect(exact.value.name == nil)
            #expect(try await client.send(CachedUserRequest()).name == "Carol")
            #expect(server.count == 1)
        }
    }

    @Test("Many concurrent hits share the kept value safely")
    func concurrentHits() async throws {
        try await withClient(answering: Self.alice) { client, _, server in
            _ = try await client.send(CachedUserRequest())
            let names = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let user = try await client.send(CachedUserRequest())
                        let edited = user.with { $0.name = "changed" }
                        return edited.name == "changed" ? user.name : nil
                    }
                }
                var names: [String?] = []
                for try await name in group { names.append(name) }
                return names
            }
            #expect(names.count == 200)
            #expect(names.allSatisfy { $0 == "Alice" })
            #expect(server.count == 1)
        }
    }
}
