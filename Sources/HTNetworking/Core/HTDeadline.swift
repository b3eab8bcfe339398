/// A request's deadline: runs a closure once a number of seconds have passed, unless cancelled first.
/// It is the client's timeout, the same on every transport (URLSession's own timeout is an idle timeout
/// on Apple platforms and whole seconds on Linux).
final class HTDeadline {
    private let token: UInt64?
    private let expired = HTLocked(false)

    /// Starts the deadline; a duration that is not positive and finite means none.
    init(seconds: Double, onExpiry: @escaping @Sendable () -> Void) {
        guard seconds > 0, seconds.isFinite, seconds < 1e9 else {
            token = nil
            return
        }
        let expired = self.expired
        token = HTDeadlineScheduler.shared.schedule(after: seconds) {
            expired.withLock { $0 = true }
            onExpiry()
        }
    }

    deinit {
        cancel()
    }

    /// Whether the time ran out (and the closure ran).
    var hasExpired: Bool {
        expired.current
    }

    /// Stops the deadline; the closure will not run if it has not yet, and is released. `true` when
    /// this call stopped it before its closure was taken to run.
    @discardableResult
    func cancel() -> Bool {
        guard let token else { return false }
        return HTDeadlineScheduler.shared.cancel(token)
    }
}
