import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ht-bench --retry-storm [SECONDS]`: what a server that fails every request gets from a client whose
/// 16 callers each send a call every 50 ms with a retry policy (three retries, `Retry-After: 0`, so each
/// retry goes at once), for SECONDS (10 by default) without a retry budget and then with the default one. The loopback
/// test server's `/flaky` route answers 503 and counts the requests it gets (issue #39, part 2).
enum RetryStormBench {
    /// `GET /flaky?key=&fail=` (fails its first `fail` requests for `key`).
    struct FailingRequest: HTBaseRequest, Sendable {
        typealias Response = HTJSON
        static var method: HTHTTPMethod { .get }
        static var path: String { "/flaky" }
        var key: String
        var parameters: HTJSONObject { ["key": .string(key), "fail": .integer(Int64(Int32.max))] }
        var sharesInFlightCall: Bool { false }
    }

    /// `GET /counter?key=`.
    struct CounterRequest: HTBaseRequest, Sendable {
        typealias Response = HTJSON
        static var method: HTHTTPMethod { .get }
        static var path: String { "/counter" }
        var key: String
        var parameters: HTJSONObject { ["key": .string(key)] }
    }

    static func run(seconds: Double) async throws {
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let server = try ClientBench.Server(fixtures: fixtures)
        defer { server.stop() }
        print(
            "ht-bench --retry-storm: 16 callers, a call each every 50 ms, \(seconds) s a run, a server failing every request"
        )
        print("run             calls   server requests   per call")
        for budget in [nil, HTRetryBudget.default] {
            let key = UUID().uuidString
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.retryBudget = budget
            let client = HTClient(configuration: configuration)
            let policy = HTRetryPolicy(maxRetries: 3, initialDelay: .milliseconds(20))
            let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
            let calls = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        // Each caller sends a call every 50 ms (the app's own pace: 320 calls a second
                        // in all), whatever the server answers.
                        var calls = 0
                        var next = ContinuousClock.now
                        while next < deadline {
                            _ = try? await client.send(FailingRequest(key: key), retry: policy)
                            calls += 1
                            next += .milliseconds(50)
                            try? await Task.sleep(until: next, clock: .continuous)
                        }
                        return calls
                    }
                }
                return await group.reduce(0, +)
            }
            let counted = try await HTClient(baseURL: server.baseURL).send(CounterRequest(key: key))
            let requests = counted["count"]?.intValue ?? 0
            let name = budget == nil ? "no budget" : "default budget"
            let ratio = calls == 0 ? 0 : Double(requests) / Double(calls)
            print(
                name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(format: "%7d   %15d   %8.2f", calls, requests, ratio))
        }
    }
}
