import Foundation

extension Notification.Name {
    /// A frozen request was resent and accepted (the original's
    /// `kHTResendFrozenRequestSuccessfulNotification`). `userInfo`: ``HTFreezeNotificationKey/request``
    /// (an ``HTFrozenRequest``) and ``HTFreezeNotificationKey/result`` (the ``HTTransportResponse``).
    public static let htResendFrozenRequestSuccessful = Notification.Name("HTResendFrozenRequestSuccessfulNotification")
    /// A resend of a frozen request failed (the original's `kHTResendFrozenRequestFailureNotification`).
    /// `userInfo`: ``HTFreezeNotificationKey/request``, ``HTFreezeNotificationKey/error`` (an
    /// ``HTNetworkingError``) and ``HTFreezeNotificationKey/willRetry`` (a `Bool`).
    public static let htResendFrozenRequestFailure = Notification.Name("HTResendFrozenRequestFailureNotification")
}

/// The `userInfo` keys of the resend notifications (the original's `kHTResendFrozenNotification…Item`).
public enum HTFreezeNotificationKey {
    /// The ``HTFrozenRequest``.
    public static let request = "HTResendFrozenNotificationRequestItem"
    /// The ``HTTransportResponse`` of a successful resend.
    public static let result = "HTResendFrozenNotificationResultItem"
    /// The ``HTNetworkingError`` of a failed resend.
    public static let error = "HTResendFrozenNotificationErrorItem"
    /// Whether a failed request stays frozen for another attempt (`Bool`).
    public static let willRetry = "HTResendFrozenNotificationWillRetryItem"
}
