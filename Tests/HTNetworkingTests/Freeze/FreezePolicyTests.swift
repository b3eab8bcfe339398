import Foundation
import Testing

@testable import HTNetworking

/// A request that opts in with an empty conformance.
struct FreezeDefaultsRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/idempotent" }
    var parameters: HTJSONObject { ["text": .string(text)] }
    var text = "hello"
}

/// A request that sets every freeze member.
struct FreezeTunedRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/idempotent" }
    var parameters: HTJSONObject { ["n": .integer(Int64(n))] }
    var n = 1
    var user = "alice"
    var freezePolicyID: HTFreezePolicyID { "tuned" }
    var freezeExpiryInterval: TimeInterval? { 60 }
    var freezeSensitiveData: String? { user }
}

@Suite("Freeze policies and keys")
struct FreezePolicyTests {
    private func error(status: Int?) -> HTNetworkingError {
        let description = HTRequestDescription(method: "POST", url: "http://x/", requestType: "T")
        if let status {
            return HTNetworkingError(.status(code: status, body: Data()), request: description, statusCode: status)
        }
        return HTNetworkingError(
            .transport(code: URLError.Code.timedOut.rawValue, message: "timed out"), request: description)
    }

    @Test("Default policy: backoff gates sending; expired and future-dated requests are dropped")
    func sendAndDrop() {
        let policy = HTDefaultFreezePolicy()
        let now = Date()
        var request = sampleFrozenRequest(1)
        request.createdAt = now.addingTimeInterval(-10)
        request.expiresAt = now.addingTimeInterval(10)
        request.nextAttemptAt = nil
        #expect(policy.canSend(request, now: now))
        #expect(!policy.shouldDrop(request, now: now))
        request.nextAttemptAt = now.addingTimeInterval(5)
        #expect(!policy.canSend(request, now: now))
        #expect(policy.canSend(request, now: now.addingTimeInterval(5)))
        #expect(policy.shouldDrop(request, now: now.addingTimeInterval(10)))
        request.expiresAt = nil
        #expect(!policy.shouldDrop(request, now: now.addingTimeInterval(1e9)))
        request.createdAt = now.addingTimeInterval(301)
        #expect(policy.shouldDrop(request, now: now))
    }

    @Test("Default policy: exponential backoff, capped; final statuses and too many attempts drop")
    func retryDelay() {
        let policy = HTDefaultFreezePolicy(maximumAttempts: 5, initialDelay: 2, maximumDelay: 10)
        var request = sampleFrozenRequest(1)
        let delays = (1...5).map { attempts -> TimeInterval? in
            request.attempts = attempts
            return policy.retryDelay(after: error(status: 503), request: request)
        }
        #expect(delays == [2, 4, 8, 10, nil])
        request.attempts = 1
        #expect(policy.retryDelay(after: error(status: 404), request: request) == nil)
        #expect(policy.retryDelay(after: error(status: 422), request: request) == nil)
        #expect(policy.retryDelay(after: error(status: 429), request: request) == 2)
        #expect(policy.retryDelay(after: error(status: 408), request: request) == 2)
        #expect(policy.retryDelay(after: error(status: nil), request: request) == 2)
    }

    @Test("A custom policy overrides one decision and inherits the others")
    func customPolicy() {
        struct Never: HTFreezePolicy {
            func canSend(_ request: HTFrozenRequest, now: Date) -> Bool { false }
        }
        var request = sampleFrozenRequest(1)
        request.createdAt = Date()
        request.expiresAt = Date().addingTimeInterval(-1)
        #expect(!Never().canSend(request, now: Date()))
        #expect(Never().shouldDrop(request, now: Date()))
        request.attempts = 1
        #expect(Never().retryDelay(after: error(status: 500), request: request) == 2)
    }

    @Test("Freezable requests: defaults for an empty conformance, overrides for a tuned one")
    func requestDefaults() {
        let plain = FreezeDefaultsRequest()
        #expect(plain.freezePolicyID == .sendFreezeAutomatically)
        #expect(plain.freezeExpiryInterval == 86_400)
        #expect(plain.freezeSensitiveData == nil)
        #expect(plain.freezeKey == nil)
        let tuned = FreezeTunedRequest()
        #expect(tuned.freezePolicyID == "tuned")
        #expect(tuned.freezeExpiryInterval == 60)
        #expect(tuned.freezeSensitiveData == "alice")
    }

    @Test("Freeze keys: equal for the same call; method, URL, body and sensitive data each change them")
    func keys() {
        let url = URL(string: "http://h/p?a=1")!
        let body = Data("{}".utf8)
        let base = HTFreezeKey.derive(method: "POST", url: url, body: body, sensitiveData: "u1")
        #expect(base == HTFreezeKey.derive(method: "post", url: url, body: body, sensitiveData: "u1"))
        #expect(base.count == 64)
        let variants = [
            HTFreezeKey.derive(method: "PUT", url: url, body: body, sensitiveData: "u1"),
            HTFreezeKey.derive(method: "POST", url: URL(string: "http://h/p?a=2")!, body: body, sensitiveData: "u1"),
            HTFreezeKey.derive(method: "POST", url: url, body: Data("{ }".utf8), sensitiveData: "u1"),
            HTFreezeKey.derive(method: "POST", url: url, body: body, sensitiveData: "u2"),
            HTFreezeKey.derive(method: "POST", url: url, body: body, sensitiveData: nil),
            HTFreezeKey.derive(method: "POST", url: url, body: nil, sensitiveData: "u1"),
            HTFreezeKey.derive(method: "POST", url: url, body: Data(), sensitiveData: "u1"),
        ]
        #expect(Set(variants + [base]).count == variants.count + 1)
    }
}
