import Foundation
import HTNetworking

/// `ht-bench --mock-sends N`: N sends of the 7-user request through `client.send` over
/// ``HTMockTransport`` (a route that answers with the built-in users), each parsed and mapped to seven
/// models, no cache and no server, so that it runs under valgrind, whose counts are the same on a busy
/// machine. The instructions (callgrind) or heap allocations (memcheck) per send are the difference of
/// two runs divided by the difference of their N; `.ci/instruction-counts.py` does that against the
/// thresholds in `Benchmarks/instruction-thresholds.txt`.
enum MockSendProfile {
    static func run(count: Int) async throws {
        guard let baseURL = URL(string: "http://127.0.0.1:1") else { throw URLError(.badURL) }
        let body = BenchUsers.sevenUsers
        let transport = HTMockTransport(routes: [
            "GET /json": HTMockResponse(headers: ["Content-Type": "application/json"], body: body)
        ])
        let client = HTClient(baseURL: baseURL, transport: transport)
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
