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
    private let lock = HTFreezeLock()
    // safety: `task`, `isProbing` and `probeCount` are only read or written inside `lock.run`, so
    // never concurrently.
    private nonisolated(unsafe) var task: Task<Void, Never>?
    // safety: see `task`. True while the loop has a probe in flight: the task is then never cancelled
    // (FoundationNetworking can trap when a URLSession task is cancelled as it completes); a restart
    // or stop requested meanwhile takes effect when the probe returns.
    private nonisolated(unsafe) var isProbing = false
    // safety: see `task`.
    private nonisolated(unsafe) var pending: PendingChange = .none
    // safety: see `task`.
    private nonisolated(unsafe) var probeCount = 0

    private enum PendingChange { case none, restart, stop }

    /// Creates a monitor that probes `url` through `transport`.
    public init(url: URL, configuration: Configuration = Configuration(), transport: any HTTransport = HTURLSessionTransport()) {
        self.url = url
        self.configuration = configuration
        self.transport = transport
    }

    public var status: HTConnectivityStatus { broadcast.status }

    /// How many probes were sent so far.
    public var probesSent: Int { lock.run { probeCount } }

    public func updates() -> AsyncStream<HTConnectivityStatus> { broadcast.updates() }

    public func start() {
        lock.run {
            if pending == .stop { pending = .none }
            guard task == nil else { return }
            task = makeTask(startingUnreachable: false)
        }
    }

    public func stop() {
        lock.run {
            if isProbing {
                pending = .stop
            } else {
                task?.cancel()
                task = nil
            }
        }
        broadcast.finishAll()
    }

    /// Marks the network unreachable and restarts probing with the shortest backoff.
    public func reportConnectivityFailure() {
        broadcast.set(.unreachable)
        lock.run {
            guard let running = task else { return }
            if isProbing {
                pending = .restart
            } else {
                running.cancel()
                task = makeTask(startingUnreachable: true)
            }
        }
    }

    /// Probes once and returns the status it found (also published).
    @discardableResult
    public func probe() async -> HTConnectivityStatus {
        var request = URLRequest(url: url)
        request.httpMethod = "HEAD"
        request.timeoutInterval = configuration.timeout
        lock.run { probeCount += 1 }
        let found: HTConnectivityStatus
        do {
            _ = try await transport.send(request)
            found = .reachable(isExpensive: false)
        } catch {
            found = .unreachable
        }
        // A result that a restart or stop made stale (requested while it was in flight) is not published.
        if !Task.isCancelled && lock.run({ pending == .none }) {
            broadcast.set(found)
        }
        return found
    }

    /// Marks a probe in flight, unless the loop was cancelled or replaced. Returns whether to probe.
    private func beginProbe() -> Bool {
        lock.run {
            guard !Task.isCancelled, pending == .none else { return false }
            isProbing = true
            return true
        }
    }

    /// Ends a probe; carries out a stop or restart requested meanwhile. Returns whether the loop goes on.
    private func endProbe() -> Bool {
        lock.run {
            isProbing = false
            switch pending {
            case .none:
                return true
            case .stop:
                pending = .none
                task = nil
                return false
            case .restart:
                pending = .none
                task = makeTask(startingUnreachable: true)
                return false
            }
        }
    }

    /// The probing loop. Called with `lock` held. It is only cancelled while it sleeps.
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
                    wait = min(configuration.maximumBackoff, configuration.initialBackoff * pow(2, Double(min(failures - 1, 30))))
                }
            }
        }
    }
}
