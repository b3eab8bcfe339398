import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// A generated request's header properties are part of its cache key: two requests that send different
/// headers never share a stored response.
@Suite struct GeneratedCacheKeyTests {
    @Test func headerPropertiesKeyTheCachedResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ht-generated-cache-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = HTClientConfiguration(baseURL: server.baseURL.appendingPathComponent("echo"))
        // The client caches cache-first (the generated request of the `headers` rule spec names no policy).
        configuration.cache = HTCacheSettings(
            cache: HTResponseCache(directory: directory, logger: { _ in }), defaultPolicy: .cacheFirst)
        let client = HTClient(configuration: configuration)

        var acme = HTTestRequestHeaderRequest(user: "ann", password: "p")
        acme.userInfo = "acme"
        acme.xRequestId = "fr"
        var globex = acme
        globex.userInfo = "globex"
        globex.xRequestId = "en"

        let first = try await client.response(for: acme)
        #expect(first.isFromCache == false && first.value["headers"]?["userinfo"] == "acme")
        let second = try await client.response(for: globex)
        #expect(second.isFromCache == false)
        #expect(second.value["headers"]?["userinfo"] == "globex" && second.value["headers"]?["x-request-id"] == "en")
        let again = try await client.response(for: acme)
        #expect(again.isFromCache && again.value["headers"]?["userinfo"] == "acme")
    }
}
