#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Something that happened to a frozen request, as published by ``HTFreezeManager/events()``.
public enum HTFreezeEvent: Sendable {
    /// Why a frozen request was dropped.
    public enum DropReason: Sendable, Equatable {
        /// The policy dropped it before sending (expired, invalid creation date, custom rule).
        case policy
        /// A resend failed and the policy gave up (a final status, or too many attempts).
        case failed
    }

    /// A request was frozen (persisted).
    case frozen(HTFrozenRequest)
    /// A frozen request was resent and accepted; it is gone from the journal (unless the journal could
    /// not record it, see ``HTFreezeResendSummary/notRecorded``: then it is sent again later).
    case resendSucceeded(HTFrozenRequest, HTTransportResponse)
    /// A resend failed. With `willRetry` the request stays frozen (its ``HTFrozenRequest/nextAttemptAt``
    /// says when it goes again; when the journal could not record the failure, the request as it
    /// stays, attempts and backoff unchanged); without, it was dropped.
    case resendFailed(HTFrozenRequest, HTNetworkingError, willRetry: Bool)
    /// A frozen request was dropped without being resent successfully.
    case dropped(HTFrozenRequest, reason: DropReason)

    /// The request the event is about.
    public var request: HTFrozenRequest {
        switch self {
        case .frozen(let request), .resendSucceeded(let request, _), .resendFailed(let request, _, _),
            .dropped(let request, _):
            return request
        }
    }
}
