import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

/// Issue #39, part 5: one call signs a user out and leaves nothing of theirs behind: their cache entries
/// in memory and on disk (also those another instance of the cache wrote), their frozen requests when
/// the app says so, and their tokens.
@Suite("Log out")
struct LogOutTests {
    /// A key as the client makes them: the request part, then the scope line.
    private static func key(_ request: String, scope: String) -> HTCacheKey {
        HTCacheKey(canonical: "GET http://api.example/\(request)\nscope:\(scope)")
    }

    @Test("the user's and the credentials' entries go from memory and disk; public ones stay")
    func cacheEntriesOfTheUserGo() async throws {
        let directory = CacheTestSupport.directory("logout")
        defer { CacheTestSupport.cleanUp(directory) }
        let cache = HTResponseCache(directory: directory)
        let public1 = Self.key("news", scope: "none")
        let alice = Self.key("me", scope: "user alice")
        let bob = Self.key("me", scope: "user bob")
        let token = Self.key("inbox", scope: "credentials " + String(repeating: "ab", count: 32))
        for key in [public1, alice, bob, token] { cache.store(CacheTestSupport.entry("{}"), for: key) }
        // The user's name is not written to disk: only a digest of it.
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            #expect(!String(decoding: bytes, as: UTF8.self).contains("alice"))
        }

        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("http://api.example"))
        configuration.cache = HTCacheSettings(cache: cache, userScope: "alice")
        try await HTClient(configuration: configuration).logOut()
        #expect(cache.storedResponse(for: public1) != nil)
        #expect(cache.storedResponse(for: bob) != nil)
        #expect(cache.storedResponse(for: alice) == nil)
        #expect(cache.storedResponse(for: token) == nil)
        // Not on disk either: a new instance (no memory tier) finds only what stayed.
        let reopened = HTResponseCache(directory: directory)
        #expect(reopened.storedResponse(for: public1) != nil)
        #expect(reopened.storedResponse(for: bob) != nil)
        #expect(reopened.storedResponse(for: alice) == nil)
        #expect(reopened.storedResponse(for: token) == nil)

        // With no user scope, every personal entry goes, whoever wrote it.
        let other = HTResponseCache(directory: directory)
        other.store(CacheTestSupport.entry("{}"), for: Self.key("me", scope: "user carol"))
        await reopened.removePersonalResponses()
        let last = HTResponseCache(directory: directory)
        #expect(last.storedResponse(for: public1) != nil)
        #expect(last.storedResponse(for: bob) == nil)
        #expect(last.storedResponse(for: Self.key("me", scope: "user carol")) == nil)
    }

    @Test("frozen requests go when the app says so, and the token provider is signed out")
    func frozenRequestsAndTokens() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let manager = try HTFreezeManager(
            directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable), configuration: .init())
        let tokens = SignOutCountingTokens()
        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("http://127.0.0.1:9"))
        configuration.credentials = ["bearer": .token(tokens)]
        configuration.interceptors = [HTBearerTokenInterceptor(provider: tokens)]
        let client = HTClient(configuration: configuration)
        _ = try await manager.freeze(FreezePathRequest(route: "idempotent", text: "draft"), via: client)
        try await client.logOut(frozenRequests: .keep)
        #expect(try await manager.allFrozenRequests().count == 1)
        #expect(await tokens.signOuts == 2)
        try await client.logOut(frozenRequests: .remove(manager))
        #expect(try await manager.allFrozenRequests().isEmpty)
    }
}

/// A token store that counts its sign-outs.
actor SignOutCountingTokens: HTTokenProvider {
    private(set) var signOuts = 0
    func currentToken() async throws -> String? { "t" }
    func refreshToken(rejected: String?) async throws -> String { "t2" }
    func signOut() async { signOuts += 1 }
}
