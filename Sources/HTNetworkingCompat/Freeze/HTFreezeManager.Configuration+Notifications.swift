import Foundation
import HTNetworking

extension HTFreezeManager.Configuration {
    /// Where the freeze manager posts the resend notifications
    /// (``Foundation/NSNotification/Name/htResendFrozenRequestSuccessful`` and
    /// ``Foundation/NSNotification/Name/htResendFrozenRequestFailure``); `NotificationCenter.default`
    /// unless set otherwise, `nil` for none.
    public var notificationCenter: NotificationCenter? {
        get { resendNotificationCenter }
        set { resendNotificationCenter = newValue }
    }

    /// Creates settings whose resend notifications go to `notificationCenter` (`nil` for none), the
    /// initializer of the versions that had the notifications in HTNetworking; the other settings are
    /// those of `init(allowsExpensiveNetworks:idempotencyHeader:credentialHeaders:sealer:logger:)`.
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
