import Foundation
import HTNetworking

extension Notification.Name {
    /// A frozen request was resent and accepted (the original's
    /// `kHTResendFrozenRequestSuccessfulNotification`). `userInfo`: ``HTFreezeNotificationKey/request``
    /// (an `HTFrozenRequest`) and ``HTFreezeNotificationKey/result`` (the `HTTransportResponse`).
    ///
    /// Posted, with the freeze manager as the object, to the center its configuration's
    /// `notificationCenter` names (none unless set). It is posted from the manager's
    /// `HTFreezeManager/events()`, asynchronously: after the matching `HTFreezeEvent`, in the order of
    /// the events, but possibly after the `resendNow()` that caused it has returned.
    public static let htResendFrozenRequestSuccessful = Notification.Name(
        "HTResendFrozenRequestSuccessfulNotification")
    /// A resend of a frozen request failed (the original's `kHTResendFrozenRequestFailureNotification`).
    /// `userInfo`: ``HTFreezeNotificationKey/request``, ``HTFreezeNotificationKey/error`` (an
    /// `HTNetworkingError`) and ``HTFreezeNotificationKey/willRetry`` (a `Bool`). Posted like
    /// ``htResendFrozenRequestSuccessful``.
    public static let htResendFrozenRequestFailure = Notification.Name("HTResendFrozenRequestFailureNotification")
}

/// The `userInfo` keys of the resend notifications (the original's `kHTResendFrozenNotification…Item`).
public enum HTFreezeNotificationKey {
    /// The `HTFrozenRequest`.
    public static let request = "HTResendFrozenNotificationRequestItem"
    /// The `HTTransportResponse` of a successful resend.
    public static let result = "HTResendFrozenNotificationResultItem"
    /// The `HTNetworkingError` of a failed resend.
    public static let error = "HTResendFrozenNotificationErrorItem"
    /// Whether a failed request stays frozen for another attempt (`Bool`).
    public static let willRetry = "HTResendFrozenNotificationWillRetryItem"
}
