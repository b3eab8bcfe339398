/// What one resend pass did (``HTFreezeManager/resendNow()``).
public struct HTFreezeResendSummary: Sendable, Equatable {
    /// Requests resent and accepted.
    public var succeeded = 0
    /// Requests whose resend failed and that stay frozen.
    public var failed = 0
    /// Requests dropped (by the policy before sending, or after a final failure).
    public var dropped = 0
    /// Requests left for later (backoff not over, policy said not now, no client, network gone).
    public var deferred = 0

    /// Creates an empty summary.
    public init() {}
}
