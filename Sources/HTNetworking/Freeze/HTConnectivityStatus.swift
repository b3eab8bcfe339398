/// Whether the network can be used, as a ``HTConnectivityMonitor`` sees it.
public enum HTConnectivityStatus: Sendable, Hashable, CustomStringConvertible {
    /// Not known yet (the monitor has not started or not finished its first check).
    case unknown
    /// No route to the server: requests are frozen instead of sent.
    case unreachable
    /// Reachable. `isExpensive` is true on cellular or other metered paths, where the platform says so
    /// (the original's WWAN); frozen requests are resent there only when the manager allows it.
    case reachable(isExpensive: Bool)

    /// Whether requests can go out at all.
    public var isReachable: Bool {
        if case .reachable = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .unknown: return "unknown"
        case .unreachable: return "unreachable"
        case .reachable(let isExpensive): return isExpensive ? "reachable (expensive)" : "reachable"
        }
    }
}
