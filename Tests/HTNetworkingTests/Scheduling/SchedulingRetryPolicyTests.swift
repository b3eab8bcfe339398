import Foundation
import HTNetworking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The retry policy's decisions, without a server.
@Suite("Scheduling: retry policy")
struct SchedulingRetryPolicyTests {
    private let request = HTRequestDescription(method: "GET", url: "http://example.com/x", requestType: "X")

    private func status(_ code: Int, headers: [String: String] = [:]) -> HTNetworkingError {
        HTNetworkingError(
            .status(code: code, body: Data()), request: request, statusCode: code, responseHeaders: headers)
    }

    private func transport(_ code: URLError.Code?) -> HTNetworkingError {
        HTNetworkingError(.transport(code: code?.rawValue, message: "failed"), request: request)
    }

    @Test("transient failures: 408, 429, 5xx but 501 and 505, connection failures")
    func classification() {
        let policy = HTRetryPolicy()
        for code in [408, 429, 500, 502, 503, 504, 507, 599] {
            #expect(policy.isTransient(status(code)), "\(code)")
        }
        for code in [400, 401, 403, 404, 409, 422, 501, 505] {
            #expect(!policy.isTransient(status(code)), "\(code)")
        }
        for code: URLError.Code in [
            .timedOut, .cannotConnectToHost, .networkConnectionLost, .cannotFindHost, .notConnectedToInternet,
            .dnsLookupFailed,
        ] {
            #expect(policy.isTransient(transport(code)), "\(code)")
        }
        #expect(!policy.isTransient(transport(.badURL)))
        #expect(!policy.isTransient(transport(.userAuthenticationRequired)))
        #expect(!policy.isTransient(transport(nil)))
        #expect(!policy.isTransient(HTNetworkingError(.cancelled, request: request)))
        #expect(!policy.isTransient(HTNetworkingError(.invalidRequest("no"), request: request)))
        #expect(
            !policy.isTransient(
                HTNetworkingError(.mapping(HTMappingError(path: HTJSONPath(), message: "no")), request: request)))
    }

    @Test("only idempotent methods are retried unless forced")
    func methods() {
        let policy = HTRetryPolicy()
        for method: HTHTTPMethod in [.get, .head, .put, .delete, .options, HTHTTPMethod(rawValue: "trace")] {
            #expect(policy.allowsRetries(of: method), "\(method)")
        }
        #expect(!policy.allowsRetries(of: .post))
        #expect(!policy.allowsRetries(of: .patch))
        #expect(policy.forcingNonIdempotentRetries().allowsRetries(of: .post))
        #expect(policy.delay(after: status(503), method: .post, retriesSoFar: 0) == nil)
        #expect(policy.forcingNonIdempotentRetries().delay(after: status(503), method: .post, retriesSoFar: 0) != nil)
    }

    @Test("exponential backoff, capped at maxDelay, with jitter taking at most its fraction off")
    func backoff() {
        let exact = HTRetryPolicy(initialDelay: .milliseconds(500), multiplier: 2, maxDelay: .seconds(3), jitter: 0)
        let waits = (1...5).map { exact.backoffDelay(beforeRetry: $0, random: 0.7) }
        #expect(waits == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])

        let jittered = HTRetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(100), jitter: 0.25)
        #expect(jittered.backoffDelay(beforeRetry: 3, random: 0) == .seconds(4))
        #expect(jittered.backoffDelay(beforeRetry: 3, random: 0.5) == .milliseconds(3500))
        #expect(jittered.backoffDelay(beforeRetry: 3, random: 0.999_999) > .seconds(3))
        for _ in 0..<100 {
            let wait = jittered.delay(after: status(500), method: .get, retriesSoFar: 1)
            #expect(wait.map { $0 >= .milliseconds(1500) && $0 <= .seconds(2) } == true)
        }
    }

    @Test("the count: no delay once maxRetries retries were made")
    func count() {
        let policy = HTRetryPolicy(maxRetries: 2, jitter: 0)
        #expect(policy.delay(after: status(500), method: .get, retriesSoFar: 0) == .milliseconds(500))
        #expect(policy.delay(after: status(500), method: .get, retriesSoFar: 1) == .seconds(1))
        #expect(policy.delay(after: status(500), method: .get, retriesSoFar: 2) == nil)
        #expect(HTRetryPolicy(maxRetries: 0).delay(after: status(500), method: .get, retriesSoFar: 0) == nil)
    }

    @Test("Retry-After replaces the backoff, up to maxRetryAfter")
    func retryAfter() {
        let policy = HTRetryPolicy(maxRetries: 3, jitter: 0, maxRetryAfter: .seconds(30))
        #expect(
            policy.delay(after: status(429, headers: ["Retry-After": "12"]), method: .get, retriesSoFar: 0)
                == .seconds(12))
        #expect(policy.delay(after: status(503, headers: ["retry-after": "0"]), method: .get, retriesSoFar: 2) == .zero)
        #expect(policy.delay(after: status(429, headers: ["Retry-After": "31"]), method: .get, retriesSoFar: 0) == nil)
        #expect(
            policy.delay(after: status(429, headers: ["Retry-After": "soon"]), method: .get, retriesSoFar: 0)
                == .milliseconds(500))
        #expect(policy.delay(after: status(429), method: .get, retriesSoFar: 0) == .milliseconds(500))
    }

    @Test("Retry-After as seconds or an HTTP date; unreadable values fall back to the backoff")
    func retryAfterForms() {
        let policy = HTRetryPolicy(maxRetries: 3, jitter: 0, maxRetryAfter: .seconds(120))
        func wait(_ value: String) -> Duration? {
            policy.delay(after: status(503, headers: ["Retry-After": value]), method: .get, retriesSoFar: 0)
        }
        #expect(wait("120") == .seconds(120))
        #expect(wait(" 0 ") == .zero)
        #expect(wait("99999999999999999999999") == nil)  // far beyond maxRetryAfter: no retry
        #expect(wait("Wed, 21 Oct 2015 07:28:00 GMT") == .zero)  // a date in the past: no wait
        #expect(wait("Sunday, 06-Nov-94 08:49:37 GMT") == .zero)
        #expect(wait("Fri, 01 Jan 9999 00:00:00 GMT") == nil)  // a date far ahead: no retry
        #expect(wait("-5") == .milliseconds(500))
        #expect(wait("tomorrow") == .milliseconds(500))
        #expect(
            policy.delay(after: status(503, headers: ["RETRY-AFTER": "3"]), method: .get, retriesSoFar: 0)
                == .seconds(3))
    }
}
