import Foundation
import HTNetworking

extension Notification.Name {
    /// A frozen request was resent and accepted (the original's
    /// `kHTResendFrozenRequestSuccessfulNotification`). `userInfo`: ``HTFreezeNotificationKey/request``
    /// (an `HTFrozenRequest`) and ``HTFreezeNotificationKey/result`` (the `HTTransportResponse`).
    ///
    /// Posted by the freeze manager to its configuration's
    /// `notificationCenter` (`NotificationCenter.default` unless set otherwise), from the manager's
    /// actor, after the matching `HTFreezeEvent`.
    public static let htResendFrozenRequestSuccessful = HTFreezeResendNotification.succeeded
    /// A resend of a frozen request failed (the original's `kHTResendFrozenRequestFailureNotification`).
    /// `userInfo`: ``HTFreezeNotificationKey/request``, ``HTFreezeNotificationKey/error`` (an
    /// `HTNetworkingError`) and ``HTFreezeNotificationKey/willRetry`` (a `Bool`).
    public static let htResendFrozenRequestFailure = HTFreezeResendNotification.failed
}

/// The `userInfo` keys of the resend notifications (the original's `kHTResendFrozenNotification…Item`).
public enum HTFreezeNotificationKey {
    /// The `HTFrozenRequest`.
    public static let request = HTFreezeResendNotification.requestKey
    /// The `HTTransportResponse` of a successful resend.
    public static let result = HTFreezeResendNotification.resultKey
    /// The `HTNetworkingError` of a failed resend.
    public static let error = HTFreezeResendNotification.errorKey
    /// Whether a failed request stays frozen for another attempt (`Bool`).
    public static let willRetry = HTFreezeResendNotification.willRetryKey
}
