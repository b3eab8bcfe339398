import Foundation
import HTNetworking

/// `ht-bench --cache-hits N`: N cache-first memory hits of the 7-user request through `client.send`,
/// over a transport that answers from memory with the built-in users (``BenchUsers``), so that it needs
/// no server and no corpus and runs under
/// `valgrind --tool=callgrind` (which counts instructions, the same on a busy machine). Prints the
/// time per hit; the instructions per hit are the difference of two runs' totals divided by the
/// difference of their N:
///
/// ```sh
/// for n in 10 2010; do valgrind --tool=callgrind --callgrind-out-file=hits.$n \
///     .build/release/ht-bench --cache-hits $n; done   # (total(2010) - total(10)) / 2000
/// ```
///
/// `ht-bench --token-cache-hits N` is the same hit for an app whose interceptor adds a bearer token
/// (the cache keys it by the token's digest, worked out on every send since an interceptor ran).
enum CacheHitProfile {
    /// The token the `--token-cache-hits` interceptor adds: a JWT's length.
    static let token = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"

    static func run(count: Int, tokenInterceptor: Bool = false) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-hits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let body = BenchUsers.sevenUsers
        guard let baseURL = URL(string: "http://127.0.0.1:1") else { throw URLError(.badURL) }
        var configuration = HTClientConfiguration(baseURL: baseURL)
        if tokenInterceptor {
            configuration.interceptors = [
                HTBlockInterceptor(adapt: { request, _ in
                    request.setValue(token, forHTTPHeaderField: "Authorization")
                })
            ]
        }
        let cache = HTResponseCache(directory: root, logger: { _ in })
        configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: .noCache, defaultExpiry: 3600)
        let client = HTClient(configuration: configuration, transport: ClientBench.MemoryTransport(body: body))
        let request = CacheBench.CachedUsersRequest(count: 7, cachePolicy: .cacheFirst)
        _ = try await client.send(request)
        guard try await client.response(for: request).isFromCache else {
            throw HTCacheHitProfileError.notAHit
        }
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for _ in 0..<count { _ = try await client.send(request) }
        }
        let perHit = count > 0 ? elapsed.seconds / Double(count) : 0
        print(String(format: "%d cache-first memory hits: %.2f µs per hit", count, perHit * 1e6))
    }
}

/// The profile's own failure: the request it repeats was not served from the cache.
enum HTCacheHitProfileError: Error {
    case notAHit
}
