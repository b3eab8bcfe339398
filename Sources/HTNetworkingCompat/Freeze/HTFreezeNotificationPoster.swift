import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts the original's resend notifications to `center` from a freeze manager's events: the
/// ``HTFreezeManager/Configuration/notificationCenter`` a configuration names is held as this observer,
/// which each manager made with it starts (HTNetworking's manager publishes only its events).
struct HTFreezeNotificationPoster: HTFreezeEventObserver {
    /// Where the notifications go.
    let center: NotificationCenter

    func start(observing manager: HTFreezeManager) {
        // Subscribed here, synchronously, inside the manager's initializer: no event is missed. The task
        // posts in event order and ends when the manager is gone (its event stream finishes then).
        let events = manager.events()
        let center = center
        Task { [weak manager] in
            for await event in events {
                guard let manager else { return }
                Self.post(event, from: manager, to: center)
            }
        }
    }

    /// Posts the notification of `event`, if it has one (resends do; freezing and dropping do not).
    private static func post(_ event: HTFreezeEvent, from manager: HTFreezeManager, to center: NotificationCenter) {
        switch event {
        case .resendSucceeded(let request, let response):
            center.post(
                name: .htResendFrozenRequestSuccessful, object: manager,
                userInfo: [HTFreezeNotificationKey.request: request, HTFreezeNotificationKey.result: response])
        case .resendFailed(let request, let error, let willRetry):
            center.post(
                name: .htResendFrozenRequestFailure, object: manager,
                userInfo: [
                    HTFreezeNotificationKey.request: request, HTFreezeNotificationKey.error: error,
                    HTFreezeNotificationKey.willRetry: willRetry,
                ])
        case .frozen, .dropped:
            break
        }
    }
}
