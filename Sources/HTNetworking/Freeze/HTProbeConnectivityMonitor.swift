import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connectivity by asking the server: a `HEAD` request to a URL (usually the client's base URL). Any
/// HTTP answer, whatever its status, means reachable; a transport failure means unreachable. Works on
/// every platform (it is the monitor on Linux, where there is no system path monitor).
///
/// While reachable it probes every ``Configuration/reachableInterval``; while unreachable it probes
/// with exponential backoff from ``Configuration/initialBackoff`` to ``Configuration/maximumBackoff``.
/// ``reportConnectivityFailure()`` (called by the freeze manager when a send fails for lack of
/// connectivity) marks the network unreachable at once and restarts the backoff.
public final class HTProbeConnectivityMonitor: HTConnectivityMonitor {
    /// Probe timing.
    public struct Configuration: Sendable {
        /// Seconds between probes while reachable.
        public var reachableInterval: TimeInterval
        /// Seconds before the first re-probe after a failure.
        public var initialBackoff: TimeInterval
        /// The longest wait between probes while unreachable.
        public var maximumBackoff: TimeInterval
        /// The timeout of one probe.
        public var timeout: TimeInterval

        /// Creates a configuration.
        public init(
            reachableInterval: TimeInterval = 30, initialBackoff: TimeInterval = 1, maximumBackoff: TimeInterval = 60,
            timeout: TimeInterval = 5
        ) {
            self.reachableInterval = reachableInterval
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.timeout = timeout
        }
    }

    /// The URL probed.
    public let url: URL
    /// The timing.
    public let configuration: Configuration
    private let transport: any HTTransport
    private let broadcast = HTConnectivityBroadcast()
    private let probing = HTLocked(Loop())

    /// The probing loop's state.
    private struct Loop {
        var task: Task<Void, Never>?
        /// True while the loop has a probe in flight: the task is then never cancelled
        /// (FoundationNetworking can trap when a URLSession task is cancelled as it completes); a
        /// restart or stop requested meanwhile takes effect when the probe returns.
        var isProbing = false
        var pending: PendingChange = .none
        var probeCount = 0
    }

    private enum PendingChange { case none, restart, stop }

    /// Creates a monitor that probes `url` through `transport`.
    public init(
        url: URL, configuration: Configuration = Configuration(), transport: any HTTransport = HTURLSessionTransport()
    ) {
        self.url = url
        self.configuration = configuration
        self.transport = transport
    }

    public var status: HTConnectivityStatus { broadcast.status }

    /// How many probes were sent so far.
    package var probesSent: Int { probing.withLock { $0.probeCount } }

    public func updates() -> AsyncStream<HTConnectivityStatus> { broadcast.updates() }

    public func start() {
        probing.withLock { loop in
            if loop.pending == .stop { loop.pending = .none }
            guard loop.task == nil else { return }
            loop.task = makeTask(startingUnreachable: false)
        }
    }

    public func stop() {
        probing.withLock { loop in
            if loop.isProbing {
                loop.pending = .stop
            } else {
                loop.task?.cancel()
                loop.task = nil
            }
        }
        broadcast.finishAll()
    }

    /// Marks the network unreachable and restarts probing with the shortest backoff.
    public func reportConnectivityFailure() {
        broadcast.set(.unreachable)
        probing.withLock { loop in
            guard let running = loop.task else { return }
            if loop.isProbing {
                loop.pending = .restart
            } else {
                running.cancel()
                loop.task = makeTask(startingUnreachable: true)
            }
        }
    }

    /// Probes once and returns the status it found (also published).
    @discardableResult
    public func probe() async -> HTConnectivityStatus {
        var request = URLRequest(url: url)
        request.httpMethod = "HEAD"
        request.timeoutInterval = configuration.timeout
        probing.withLock { $0.probeCount += 1 }
        let found: HTConnectivityStatus
        do {
            _ = try await transport.send(request)
            found = .reachable(isExpensive: false)
        } catch {
            found = .unreachable
        }
        // A result that a restart or stop made stale (requested while it was in flight) is not published.
        if !Task.isCancelled && probing.withLock({ $0.pending == .none }) {
            broadcast.set(found)
        }
        return found
    }

    /// Marks a probe in flight, unless the loop was cancelled or replaced. Returns whether to probe.
    private func beginProbe() -> Bool {
        probing.withLock { loop in
            guard !Task.isCancelled, loop.pending == .none else { return false }
            loop.isProbing = true
            return true
        }
    }

    /// Ends a probe; carries out a stop or restart requested meanwhile. Returns whether the loop goes on.
    private func endProbe() -> Bool {
        probing.withLock { loop in
            loop.isProbing = false
            switch loop.pending {
            case .none:
                return true
            case .stop:
                loop.pending = .none
                loop.task = nil
                return false
            case .restart:
                loop.pending = .none
                loop.task = makeTask(startingUnreachable: true)
                return false
            }
        }
    }

    /// The probing loop. Called inside `probing.withLock`. It is only cancelled while it sleeps.
    private func makeTask(startingUnreachable: Bool) -> Task<Void, Never> {
        let configuration = configuration
        return Task { [weak self] in
            var failures = startingUnreachable ? 1 : 0
            var wait = startingUnreachable ? configuration.initialBackoff : 0
            while true {
                if wait > 0 {
                    try? await Task.sleep(for: .seconds(wait))
                }
                // Only a weak reference while sleeping: a monitor that is dropped without stop() ends.
                guard let monitor = self, monitor.beginProbe() else { return }
                let found = await monitor.probe()
                guard monitor.endProbe() else { return }
                if found.isReachable {
                    failures = 0
                    wait = configuration.reachableInterval
                } else {
                    failures += 1
                    wait = min(
                        configuration.maximumBackoff,
                        configuration.initialBackoff * pow(2, Double(min(failures - 1, 30))))
                }
            }
        }
    }
}
