import Dispatch

/// A timer that runs a closure once a number of seconds have passed, unless cancelled first: the
/// client's timeout, the same on every transport (URLSession's own timeout is an idle timeout on Apple
/// platforms and whole seconds on Linux).
final class HTDeadline {
    private let timer: (any DispatchSourceTimer)?
    private let expired = HTLocked(false)

    /// Starts the timer; a duration that is not positive and finite means no deadline.
    init(seconds: Double, onExpiry: @escaping @Sendable () -> Void) {
        guard seconds > 0, seconds.isFinite, seconds < 1e9 else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let expired = self.expired
        timer.setEventHandler {
            expired.withLock { $0 = true }
            onExpiry()
        }
        timer.schedule(deadline: .now() + seconds)
        timer.resume()
        self.timer = timer
    }

    deinit {
        timer?.cancel()
    }

    /// Whether the time ran out (and the closure ran).
    var hasExpired: Bool {
        expired.current
    }

    /// Stops the timer; the closure will not run if it has not yet. Cancelling releases the closure.
    func cancel() {
        timer?.cancel()
    }
}
