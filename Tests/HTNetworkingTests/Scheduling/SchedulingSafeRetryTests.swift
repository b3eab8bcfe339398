import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

/// Issue #39, part 2: a request is retried only when repeating it is safe (an idempotent method, or an
/// `Idempotency-Key` that stays the same on every attempt), and a client's retry budget keeps a failing
/// server from a retry storm. Counted by the loopback server's `/flaky` route, which also records the
/// `Idempotency-Key` of every attempt.
@Suite("Scheduling: safe retries", .timeLimit(.minutes(3)))
struct SchedulingSafeRetryTests {
    typealias Support = SchedulingTestSupport

    @Test("a POST is not retried unless it carries an Idempotency-Key, which every attempt repeats")
    func keyedPostsAreRetriedWithTheirKey() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let client = Support.client(server)
        let policy = Support.policy(maxRetries: 3, sleeper: SchedRecordingSleeper())

        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.send(FlakyKeyedPost(key: "\(id)plain", fail: 2), retry: policy)
        }
        #expect(Support.status(error) == 503)
        #expect(try await Support.count("\(id)plain", on: server) == 1)

        let value = try await client.send(
            FlakyKeyedPost(key: "\(id)own", fail: 2, idempotencyKey: "order-7"), retry: policy)
        #expect(value["attempts"]?.intValue == 3)
        #expect(value["idempotency_keys"] == ["order-7", "order-7", "order-7"])
    }

    @Test("with addsIdempotencyKeys, a POST without a key gets one, the same on every attempt")
    func theClientAddsOneKeyForEveryAttempt() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        var policy = Support.policy(maxRetries: 3, sleeper: SchedRecordingSleeper())
        policy.addsIdempotencyKeys = true
        let value = try await Support.client(server).send(FlakyKeyedPost(key: "\(id)k", fail: 2), retry: policy)
        let list = try #require(value["idempotency_keys"]?.arrayValue)
        let keys = list.compactMap { $0.stringValue }
        #expect(keys.count == 3)
        #expect(Set(keys).count == 1)
        #expect(UUID(uuidString: keys[0]) != nil)
        // A GET gets none: it is safe to repeat as it is.
        _ = try await Support.client(server).send(FlakyRequest(key: "\(id)g", fail: 1), retry: policy)
        let get = try await Support.client(server).send(FlakyRequest(key: "\(id)g", fail: 0), retry: policy)
        #expect(get["idempotency_keys"] == ["", "", ""])
    }

    /// A server that fails everything gets 10 sends plus the budget's retries (a reserve of 2, then one
    /// per ten sends) instead of 4 sends per request.
    @Test("the retry budget bounds what a failing server gets")
    func theBudgetBoundsRetries() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let policy = Support.policy(maxRetries: 3, sleeper: SchedRecordingSleeper())
        func sends(budget: HTRetryBudget?, key: String) async throws -> Int {
            var configuration = HTClientConfiguration(baseURL: server.baseURL)
            configuration.retryBudget = budget
            let client = HTClient(configuration: configuration)
            for _ in 0..<11 {
                _ = await Support.error { () async throws(HTNetworkingError) in
                    try await client.send(FlakyRequest(key: key, fail: 1_000), retry: policy)
                }
            }
            return try await Support.count(key, on: server)
        }
        #expect(try await sends(budget: nil, key: "\(id)none") == 44)
        // The first request spends the reserve (2 retries); ten more sends earn exactly one more.
        #expect(try await sends(budget: HTRetryBudget(ratio: 0.1, reserve: 2), key: "\(id)budget") == 11 + 2 + 1)
    }
}

/// `POST /flaky` for `key`, failing its first `fail` attempts with 503, with an `Idempotency-Key` when
/// given one.
struct FlakyKeyedPost: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/flaky" }
    static var sendsParametersInQuery: Bool { true }
    var key: String
    var fail: Int
    var idempotencyKey: String?

    var parameters: HTJSONObject { ["key": .string(key), "fail": .integer(Int64(fail))] }
    var headers: [String: String] { idempotencyKey.map { ["Idempotency-Key": $0] } ?? [:] }
}
