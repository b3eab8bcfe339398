import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When and how often a failed request is sent again (the original's `signalStartWithRetry:`, with
/// backoff and a classification of failures added).
///
/// A failure is retried when all of these hold:
/// - fewer than ``maxRetries`` retries were made;
/// - the request is safe to repeat: its method is idempotent (``retryableMethods``: GET, HEAD, PUT,
///   DELETE, OPTIONS, TRACE), or it carries an ``idempotencyHeader`` (`Idempotency-Key`), which the
///   client keeps the same on every attempt, or the policy was forced with ``retriesNonIdempotentMethods``
///   (POST and PATCH may have taken effect on the server even though the response was lost). With
///   ``addsIdempotencyKeys`` the client gives a POST or PATCH without a key one of its own;
/// - the client's retry budget has a retry left (``HTClientConfiguration/retryBudget``);
/// - the failure is transient: a status in ``retryableStatusCodes`` (408, 429 and the 5xx codes except
///   501 and 505, which no retry can fix), or a connection failure in ``retryableTransportCodes``
///   (timeout, no connection, connection lost, host not found). Cancellation, invalid requests, 4xx
///   answers, bodies that are not JSON, mapping failures and frozen requests are never retried.
///
/// The wait before retry *n* (1-based) is `initialDelay × multiplier^(n-1)`, capped at ``maxDelay``,
/// then reduced by up to ``jitter`` of itself at random so that many clients don't retry in step. When
/// the response has a `Retry-After` header (429 and 503 usually do) its value is used instead, exactly;
/// a `Retry-After` longer than ``maxRetryAfter`` is not waited for and the failure is reported as is.
///
/// ```swift
/// let policy = HTRetryPolicy(maxRetries: 3, initialDelay: .milliseconds(200))
/// let user = try await client.send(GetUserRequest(id: 7), retry: policy)
/// ```
public struct HTRetryPolicy: Sendable {
    /// How many times a request may be sent again after its first attempt (0: never).
    public var maxRetries: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// How much longer each wait is than the one before.
    public var multiplier: Double
    /// The longest computed wait (not applied to `Retry-After`, which has ``maxRetryAfter``).
    public var maxDelay: Duration
    /// The fraction of each computed wait that is random, from 0 (exact waits) to 1 (anything between
    /// zero and the computed wait).
    public var jitter: Double
    /// The methods retried without forcing: the idempotent ones.
    public var retryableMethods: Set<HTHTTPMethod>
    /// Whether other methods (POST, PATCH) are retried too. Only set this when the server makes them
    /// safe to repeat (an idempotency key, or an operation that is naturally idempotent).
    public var retriesNonIdempotentMethods: Bool
    /// The statuses that are transient.
    public var retryableStatusCodes: Set<Int>
    /// The transport failures that are transient, as `URLError` codes.
    public var retryableTransportCodes: Set<Int>
    /// The longest `Retry-After` the policy waits for; a longer one ends the retries.
    public var maxRetryAfter: Duration
    /// The header that makes a request safe to repeat whatever its method: a server that honours it
    /// applies the request once however often it comes (`Idempotency-Key`).
    public var idempotencyHeader: String
    /// Whether the client gives a request with a method that is not idempotent (POST, PATCH) and no
    /// ``idempotencyHeader`` of its own a key (a UUID), the same on every attempt, so that it is retried.
    /// Only set this when the server honours the header. Off by default.
    public var addsIdempotencyKeys: Bool
    /// How the policy waits; tests inject one that returns at once.
    public var sleeper: any HTSleeper

    /// 408 Request Timeout, 429 Too Many Requests, and every 5xx except 501 Not Implemented and 505 HTTP
    /// Version Not Supported.
    public static let defaultRetryableStatusCodes: Set<Int> = Set([408, 429]).union(
        Set(500...599).subtracting([501, 505]))

    /// Timed out, cannot find or connect to the host, connection lost, DNS failure, not connected, and
    /// the secure connection failing to set up. (On Linux, FoundationNetworking reports a refused
    /// connection as `cannotConnectToHost` and a reset as `networkConnectionLost`.)
    public static let defaultRetryableTransportCodes: Set<Int> = Set(
        [
            URLError.Code.timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
            .notConnectedToInternet, .secureConnectionFailed,
        ].map(\.rawValue))

    /// GET, HEAD, PUT, DELETE, OPTIONS and TRACE (RFC 9110 §9.2.2).
    public static let idempotentMethods: Set<HTHTTPMethod> = [
        .get, .head, .put, .delete, .options, .trace,
    ]

    /// Two retries, 0.5 s then 1 s (each up to half shorter at random), idempotent methods only.
    public static let `default` = HTRetryPolicy()

    /// Creates a policy.
    public init(
        maxRetries: Int = 2,
        initialDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(30),
        jitter: Double = 0.5,
        retryableMethods: Set<HTHTTPMethod> = HTRetryPolicy.idempotentMethods,
        retriesNonIdempotentMethods: Bool = false,
        retryableStatusCodes: Set<Int> = HTRetryPolicy.defaultRetryableStatusCodes,
        retryableTransportCodes: Set<Int> = HTRetryPolicy.defaultRetryableTransportCodes,
        maxRetryAfter: Duration = .seconds(60),
        idempotencyHeader: String = "Idempotency-Key",
        addsIdempotencyKeys: Bool = false,
        sleeper: any HTSleeper = HTTaskSleeper()
    ) {
        self.maxRetries = max(0, maxRetries)
        self.initialDelay = max(.zero, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maxDelay = max(.zero, maxDelay)
        self.jitter = min(1, max(0, jitter))
        self.retryableMethods = retryableMethods
        self.retriesNonIdempotentMethods = retriesNonIdempotentMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableTransportCodes = retryableTransportCodes
        self.maxRetryAfter = max(.zero, maxRetryAfter)
        self.idempotencyHeader = idempotencyHeader
        self.addsIdempotencyKeys = addsIdempotencyKeys
        self.sleeper = sleeper
    }

    /// This policy, also retrying non-idempotent methods (POST, PATCH).
    public func forcingNonIdempotentRetries() -> HTRetryPolicy {
        var copy = self
        copy.retriesNonIdempotentMethods = true
        return copy
    }

    /// Whether a request with `method` may be retried under this policy; `isKeyed`: it carries an
    /// ``idempotencyHeader``.
    package func allowsRetries(of method: HTHTTPMethod, isKeyed: Bool = false) -> Bool {
        isKeyed || retriesNonIdempotentMethods || retryableMethods.contains(method)
    }

    /// Whether `error` is a transient failure (whatever the method and the count).
    package func isTransient(_ error: HTNetworkingError) -> Bool {
        switch error.kind {
        case .status(let code, _):
            return retryableStatusCodes.contains(code)
        case .transport(let code, _):
            return code.map(retryableTransportCodes.contains) ?? false
        default:
            // Invalid requests, bodies that are not JSON, mapping failures, cancellation, frozen
            // requests (and any kind added later) are not transient.
            return false
        }
    }

    /// The computed wait before retry `retry` (1 for the first retry), before any `Retry-After`.
    ///
    /// - Parameters:
    ///   - retry: which retry the wait comes before, from 1.
    ///   - random: a number in `0..<1` choosing the jittered part (0: the full computed wait).
    package func backoffDelay(beforeRetry retry: Int, random: Double) -> Duration {
        let exponent = Double(max(0, retry - 1))
        let seconds = Self.seconds(initialDelay) * pow(multiplier, exponent)
        let capped = min(seconds, Self.seconds(maxDelay))
        let jittered = capped * (1 - jitter * min(max(random, 0), 1))
        return .nanoseconds(Int64((jittered * 1e9).rounded()))
    }

    /// What to do after `error` ended attempt number `retriesSoFar + 1` of a request sent with `method`:
    /// `nil` to give up and report `error`, or the wait before sending it again.
    ///
    /// - Parameters:
    ///   - error: the failure of the attempt that just ended.
    ///   - method: the request's HTTP method (only idempotent ones are retried unless forced).
    ///   - retriesSoFar: how many retries were already sent (0 after the first attempt).
    ///   - random: a number in `0..<1` for the jitter.
    ///   - isKeyed: whether the request carries an ``idempotencyHeader``.
    package func delay(
        after error: HTNetworkingError, method: HTHTTPMethod, retriesSoFar: Int, isKeyed: Bool = false,
        random: Double = Double.random(in: 0..<1)
    ) -> Duration? {
        guard retriesSoFar < maxRetries, allowsRetries(of: method, isKeyed: isKeyed), isTransient(error) else {
            return nil
        }
        if error.statusCode != nil, let seconds = error.retryAfter {
            guard seconds <= Self.seconds(maxRetryAfter) else { return nil }
            return .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        return backoffDelay(beforeRetry: retriesSoFar + 1, random: random)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
