/// Something that follows the events of every freeze manager made with a configuration that holds it
/// (``HTFreezeManager/Configuration/eventObserver``): the manager starts it at the end of its
/// initializer, before it can publish anything, so it misses no event. HTNetworkingCompat posts the
/// original's resend notifications so; the manager itself knows nothing of them.
package protocol HTFreezeEventObserver: Sendable {
    /// Starts following `manager`'s ``HTFreezeManager/events()``. Called once per manager, from its
    /// initializer: take the stream at once (synchronously) and consume it in a task of your own, holding
    /// the manager weakly (the stream finishes when the manager is gone).
    func start(observing manager: HTFreezeManager)
}
