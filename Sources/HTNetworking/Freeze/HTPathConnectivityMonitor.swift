#if canImport(Network)
    import Foundation
    import Network

    /// Connectivity from the system (`NWPathMonitor`), on Apple platforms. A satisfied path is reachable;
    /// it is expensive when the system says so (`isExpensive`, e.g. cellular or a personal hotspot) or uses
    /// a cellular interface.
    @available(macOS 10.14, iOS 12, tvOS 12, watchOS 5, *)
    public final class HTPathConnectivityMonitor: HTConnectivityMonitor {
        private let broadcast = HTConnectivityBroadcast()
        private let queue = DispatchQueue(label: "HTPathConnectivityMonitor")
        // An exception to the one-primitive rule (CONTRIBUTING.md, Synchronisation): `HTLocked` holds only
        // Sendable values, and `NWPathMonitor` can't be counted on to be declared Sendable in every SDK the
        // package supports (this file builds only on Apple platforms, so Linux CI can't check it); the
        // monitor is kept beside a plain lock instead.
        private let lock = NSLock()
        // safety: `monitor` is only read or written between `lock.lock()` and `lock.unlock()` (in `start`
        // and `stop`); NWPathMonitor's own methods are thread-safe, and its handler runs on `queue` and
        // touches only `broadcast` (which locks).
        private nonisolated(unsafe) var monitor: NWPathMonitor?

        /// Creates a monitor (not started).
        public init() {}

        public var status: HTConnectivityStatus { broadcast.status }

        public func updates() -> AsyncStream<HTConnectivityStatus> { broadcast.updates() }

        public func start() {
            lock.lock()
            defer { lock.unlock() }
            guard monitor == nil else { return }
            let created = NWPathMonitor()
            let broadcast = broadcast
            created.pathUpdateHandler = { path in
                if path.status == .satisfied {
                    broadcast.set(.reachable(isExpensive: path.isExpensive || path.usesInterfaceType(.cellular)))
                } else {
                    broadcast.set(.unreachable)
                }
            }
            created.start(queue: queue)
            monitor = created
        }

        public func stop() {
            lock.lock()
            monitor?.cancel()
            monitor = nil
            lock.unlock()
            broadcast.finishAll()
        }
    }
#endif
