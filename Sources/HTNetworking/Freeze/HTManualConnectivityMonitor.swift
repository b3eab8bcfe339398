/// A connectivity switch set by hand: for apps that know better than the system (an "offline mode"
/// setting) and for tests.
///
/// ```swift
/// let monitor = HTManualConnectivityMonitor(.unreachable)
/// // ... requests sent now are frozen ...
/// monitor.set(.reachable(isExpensive: false))  // frozen requests are resent
/// ```
public final class HTManualConnectivityMonitor: HTConnectivityMonitor {
    private let broadcast: HTConnectivityBroadcast

    /// Creates a switch in state `initial`.
    public init(_ initial: HTConnectivityStatus = .reachable(isExpensive: false)) {
        broadcast = HTConnectivityBroadcast(initial)
    }

    public var status: HTConnectivityStatus { broadcast.status }

    /// Sets the status; update streams hear of changes.
    public func set(_ status: HTConnectivityStatus) {
        broadcast.set(status)
    }

    public func updates() -> AsyncStream<HTConnectivityStatus> { broadcast.updates() }

    /// Does nothing: the switch needs no watching.
    public func start() {}

    /// Finishes the open update streams.
    public func stop() { broadcast.finishAll() }
}
