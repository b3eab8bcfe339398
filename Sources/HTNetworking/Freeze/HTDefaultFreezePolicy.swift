import Foundation

/// The policy of ``HTFreezePolicyID/sendFreezeAutomatically``, and the defaults of every
/// ``HTFreezePolicy``.
///
/// - Sends a request once its backoff (``HTFrozenRequest/nextAttemptAt``) has passed.
/// - Drops it when it has expired, or when it claims to have been created in the future (a clock that
///   went backwards by more than ``clockSkewTolerance``), as the original did for invalid dates.
/// - After a failed resend: drops it on a final answer (a 4xx status other than 408, 425 and 429: the
///   server will not accept it later either) or after ``maximumAttempts`` failures; otherwise waits
///   `initialDelay × 2^(attempts − 1)`, at most ``maximumDelay``.
public struct HTDefaultFreezePolicy: HTFreezePolicy {
    /// Failed resends after which the request is dropped.
    public var maximumAttempts: Int
    /// The delay after the first failure, in seconds.
    public var initialDelay: TimeInterval
    /// The longest delay, in seconds.
    public var maximumDelay: TimeInterval
    /// How far in the future a creation date may be before the request counts as invalid.
    public var clockSkewTolerance: TimeInterval

    /// Creates the policy.
    public init(
        maximumAttempts: Int = 10, initialDelay: TimeInterval = 2, maximumDelay: TimeInterval = 600,
        clockSkewTolerance: TimeInterval = 300
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.clockSkewTolerance = clockSkewTolerance
    }

    public func canSend(_ request: HTFrozenRequest, now: Date) -> Bool {
        request.nextAttemptAt.map { $0 <= now } ?? true
    }

    public func shouldDrop(_ request: HTFrozenRequest, now: Date) -> Bool {
        request.isExpired(at: now) || request.createdAt.timeIntervalSince(now) > clockSkewTolerance
    }

    public func retryDelay(after error: HTNetworkingError, request: HTFrozenRequest) -> TimeInterval? {
        if let status = error.statusCode, (400..<500).contains(status), ![408, 425, 429].contains(status) {
            return nil
        }
        guard request.attempts < maximumAttempts else { return nil }
        let exponent = Double(min(max(request.attempts - 1, 0), 62))
        return min(maximumDelay, initialDelay * pow(2, exponent))
    }
}
