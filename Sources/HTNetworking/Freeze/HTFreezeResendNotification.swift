import Foundation

/// The names and `userInfo` keys of the notifications the freeze manager posts after each resend (the
/// original's `kHTResendFrozenRequest…Notification` and `kHTResendFrozenNotification…Item`), to the
/// center in its configuration (`NotificationCenter.default` unless the app sets another or none).
///
/// They are public in HTNetworkingCompat (`Notification.Name.htResendFrozenRequestSuccessful`,
/// `HTFreezeNotificationKey`, `HTFreezeManager.Configuration.notificationCenter`), which takes the
/// values from here; Swift code observes ``HTFreezeManager/events()`` instead.
package enum HTFreezeResendNotification {
    /// A frozen request was resent and accepted.
    package static let succeeded = Notification.Name("HTResendFrozenRequestSuccessfulNotification")
    /// A resend of a frozen request failed.
    package static let failed = Notification.Name("HTResendFrozenRequestFailureNotification")
    /// The `HTFrozenRequest`.
    package static let requestKey = "HTResendFrozenNotificationRequestItem"
    /// The `HTTransportResponse` of a successful resend.
    package static let resultKey = "HTResendFrozenNotificationResultItem"
    /// The `HTNetworkingError` of a failed resend.
    package static let errorKey = "HTResendFrozenNotificationErrorItem"
    /// Whether a failed request stays frozen for another attempt (`Bool`).
    package static let willRetryKey = "HTResendFrozenNotificationWillRetryItem"
}
