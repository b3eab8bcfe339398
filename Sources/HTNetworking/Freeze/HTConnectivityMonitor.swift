/// Tells the freeze manager whether the network is usable, and when that changes.
///
/// Implementations: `HTPathConnectivityMonitor` (Apple platforms, `NWPathMonitor`),
/// ``HTProbeConnectivityMonitor`` (everywhere: probes the server with backoff) and
/// ``HTManualConnectivityMonitor`` (set by the app or a test).
public protocol HTConnectivityMonitor: AnyObject, Sendable {
    /// The latest status.
    var status: HTConnectivityStatus { get }
    /// The current status followed by every change, until the stream is dropped or the monitor stops.
    func updates() -> AsyncStream<HTConnectivityStatus>
    /// Starts watching (idempotent).
    func start()
    /// Stops watching; open update streams finish.
    func stop()
    /// Called by the freeze manager when a send failed for lack of connectivity, so a monitor that
    /// polls can notice at once. The default does nothing.
    func reportConnectivityFailure()
}

extension HTConnectivityMonitor {
    public func reportConnectivityFailure() {}
}
