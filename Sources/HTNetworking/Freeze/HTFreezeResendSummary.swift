/// What one resend pass did (``HTFreezeManager/resendNow()``).
public struct HTFreezeResendSummary: Sendable, Equatable {
    /// Requests resent and accepted.
    public var succeeded = 0
    /// Requests whose resend failed and that stay frozen.
    public var failed = 0
    /// Requests dropped (by the policy before sending, or after a final failure).
    public var dropped = 0
    /// Requests left for later (backoff not over, policy said not now, no client, network gone, or a
    /// drop the journal could not record).
    public var deferred = 0
    /// Outcomes the journal could not record (a full disk, say), also counted above as what happened to
    /// the request: the requests concerned stay in the journal as they were and go out again on a later
    /// pass. A failed write never removes a request: one the policy gave up on is counted as
    /// ``failed``, not ``dropped``; one the server accepted as ``succeeded``, and is sent again.
    public var notRecorded = 0

    /// Creates an empty summary.
    package init() {}
}
