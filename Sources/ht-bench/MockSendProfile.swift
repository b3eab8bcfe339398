import Foundation
import HTNetworking

/// `ht-bench --mock-sends N`: N sends of the 7-user request through `client.send` over
/// ``HTMockTransport`` (a route that answers with the built-in users), each parsed and mapped to seven
/// models, no cache and no server, so that it runs under valgrind, whose counts are the same on a busy
/// machine. The instructions (callgrind) or heap allocations (memcheck) per send are the difference of
/// two runs divided by the difference of their N; `.ci/instruction-counts.py` does that against the
/// thresholds in `Benchmarks/instruction-thresholds.txt`.
///
/// The variants price what a send that needs none of it pays for the features of issue #39:
/// `--unshared` turns off the sharing of identical GETs in flight (``HTClientConfiguration/sharesInFlightCalls``),
/// `--token provider` adds the token with ``HTBearerTokenInterceptor`` and a provider whose token never
/// expires (the refresh machinery, never refreshing), `--token block` adds the same header with a
/// plain ``HTBlockInterceptor``.
enum MockSendProfile {
    /// How a variant adds a bearer token.
    enum Token: String {
        /// ``HTBearerTokenInterceptor`` over a provider.
        case provider
        /// An ``HTBlockInterceptor`` that sets the header.
        case block
    }

    /// A token store whose token is always valid.
    struct FixedTokenProvider: HTTokenProvider {
        /// The token without its scheme word.
        static let token = String(CacheHitProfile.token.dropFirst("Bearer ".count))
        func currentToken() async throws -> String? { Self.token }
        func refreshToken(rejected: String?) async throws -> String { Self.token }
    }

    static func run(count: Int, shares: Bool = true, token: Token? = nil) async throws {
        guard let baseURL = URL(string: "http://127.0.0.1:1") else { throw URLError(.badURL) }
        let body = BenchUsers.sevenUsers
        let transport = HTMockTransport(routes: [
            "GET /json": HTMockResponse(headers: ["Content-Type": "application/json"], body: body)
        ])
        var configuration = HTClientConfiguration(baseURL: baseURL)
        configuration.sharesInFlightCalls = shares
        switch token {
        case .provider:
            configuration.interceptors = [HTBearerTokenInterceptor(provider: FixedTokenProvider())]
        case .block:
            configuration.interceptors = [
                HTBlockInterceptor(adapt: { request, _ in
                    request.setValue(CacheHitProfile.token, forHTTPHeaderField: "Authorization")
                })
            ]
        case nil:
            break
        }
        let client = HTClient(configuration: configuration, transport: transport)
        let request = ClientBench.UsersRequest()
        guard try await client.send(request).count == 7 else { throw URLError(.cannotDecodeContentData) }
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for _ in 0..<count { blackHole(try await client.send(request)) }
        }
        let perSend = count > 0 ? elapsed.seconds / Double(count) : 0
        print(String(format: "%d sends through HTMockTransport: %.2f µs per send", count, perSend * 1e6))
    }
}
