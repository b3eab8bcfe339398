import Foundation
import HTNetworking

extension HTFreezeManager.Configuration {
    /// Where the freeze manager's resend notifications are posted
    /// (``Foundation/NSNotification/Name/htResendFrozenRequestSuccessful`` and
    /// ``Foundation/NSNotification/Name/htResendFrozenRequestFailure``); `nil` (the default) for none.
    /// Set it (to `NotificationCenter.default`, say) before making the manager: each manager made with
    /// these settings posts them from its events, after each event (see the notifications' names).
    public var notificationCenter: NotificationCenter? {
        get { (eventObserver as? HTFreezeNotificationPoster)?.center }
        set { eventObserver = newValue.map(HTFreezeNotificationPoster.init(center:)) }
    }

    /// Creates settings whose resend notifications go to `notificationCenter` (`nil` for none); the other
    /// settings are those of `init(allowsExpensiveNetworks:idempotencyHeader:credentialHeaders:sealer:logger:)`.
    public init(
        allowsExpensiveNetworks: Bool = false, idempotencyHeader: String = "Idempotency-Key",
        notificationCenter: NotificationCenter?,
        credentialHeaders: HTFreezeCredentialHeaders = HTFreezeCredentialHeaders(),
        sealer: (any HTFreezeRecordSealing)? = nil,
        logger: HTLogger = .shared
    ) {
        self.init(
            allowsExpensiveNetworks: allowsExpensiveNetworks, idempotencyHeader: idempotencyHeader,
            credentialHeaders: credentialHeaders, sealer: sealer, logger: logger)
        self.notificationCenter = notificationCenter
    }
}
