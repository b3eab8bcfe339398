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
    // safety: `task` (the probing task while started) is only read or written inside `lock.run`, so
    // never concurrently.
    private nonisolated(unsafe) var task: Task<Void, Never>?
    // safety: `probeCount` is only read or written inside `lock.run`, so never concurrently.
    private nonisolated(unsafe) var probeCount = 0

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
            guard task == nil else { return }
            task = makeTask(startingUnreachable: false)
        }
    }

    public func stop() {
        lock.run {
            task?.cancel()
            task = nil
        }
        broadcast.finishAll()
    }

    /// Marks the network unreachable and restarts probing with the shortest backoff.
    public func reportConnectivityFailure() {
        broadcast.set(.unreachable)
        lock.run {
            guard let running = task else { return }
            running.cancel()
            task = makeTask(startingUnreachable: true)
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
        if !Task.isCancelled {
            broadcast.set(found)
        }
        return found
    }

    /// The probing loop. Called with `lock` held.
    private func makeTask(startingUnreachable: Bool) -> Task<Void, Never> {
        let configuration = configuration
        return Task { [weak self] in
            var failures = startingUnreachable ? 1 : 0
            if startingUnreachable {
                try? await Task.sleep(for: .seconds(configuration.initialBackoff))
            }
            while !Task.isCancelled {
                // Only a weak reference while sleeping: a monitor that is dropped without stop() ends.
                guard let found = await self?.probe() else { return }
                let wait: TimeInterval
                if found.isReachable {
                    failures = 0
                    wait = configuration.reachableInterval
                } else {
                    failures += 1
                    wait = min(configuration.maximumBackoff, configuration.initialBackoff * pow(2, Double(min(failures - 1, 30))))
                }
                try? await Task.sleep(for: .seconds(wait))
            }
        }
    }
}
