import Foundation

/// Decides, for the frozen requests under one ``HTFreezePolicyID``, when they may be sent, when they are
/// dropped, and how long to wait after a failed resend (the original's `HTFreezePolicy` class methods
/// `+canSend:` and `+canDelete:`).
///
/// Register custom policies with ``HTFreezeManager/register(_:for:)``; requests name them through
/// ``HTFreezableRequest/freezePolicyID``. Every method has a default (that of ``HTDefaultFreezePolicy``).
///
/// ```swift
/// struct OnlyAtNight: HTFreezePolicy {
///     func canSend(_ request: HTFrozenRequest, now: Date) -> Bool {
///         Calendar.current.component(.hour, from: now) < 6
///     }
/// }
/// await manager.register(OnlyAtNight(), for: "only-at-night")
/// ```
public protocol HTFreezePolicy: Sendable {
    /// Whether `request` may be sent at `now` (it stays frozen otherwise).
    func canSend(_ request: HTFrozenRequest, now: Date) -> Bool
    /// Whether `request` should be dropped at `now` without being sent (expired, say).
    func shouldDrop(_ request: HTFrozenRequest, now: Date) -> Bool
    /// After a failed resend: the delay before the next attempt, or `nil` to drop the request.
    /// `request.attempts` already counts this failure.
    func retryDelay(after error: HTNetworkingError, request: HTFrozenRequest) -> TimeInterval?
}

extension HTFreezePolicy {
    public func canSend(_ request: HTFrozenRequest, now: Date) -> Bool {
        HTDefaultFreezePolicy().canSend(request, now: now)
    }

    public func shouldDrop(_ request: HTFrozenRequest, now: Date) -> Bool {
        HTDefaultFreezePolicy().shouldDrop(request, now: now)
    }

    public func retryDelay(after error: HTNetworkingError, request: HTFrozenRequest) -> TimeInterval? {
        HTDefaultFreezePolicy().retryDelay(after: error, request: request)
    }
}
