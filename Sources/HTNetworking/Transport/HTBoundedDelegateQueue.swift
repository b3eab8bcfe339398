import Foundation

/// The delegate queue of the session an ``HTURLSessionTransport`` makes for itself on Linux: a serial
/// `OperationQueue` that holds at most ``capacity`` delegate calls waiting to run; whoever adds one more
/// waits until one has run, or for ``longestWait`` at most.
///
/// FoundationNetworking has no back-pressure of its own. libcurl's write callback, on the session's
/// work queue, hands each chunk of body (at most 16 KiB, after decoding) to the delegate queue as one
/// operation and returns at once, so libcurl reads and inflates as fast as it can however far behind
/// the delegate is: a 1 MB gzip body that inflates to 1 GiB was queued whole (the process grew by about
/// 1.1 GB) before the handler's cancellation could reach the work queue. Waiting here makes libcurl
/// wait, so at most `capacity` chunks are in flight besides the body the handler keeps.
///
/// Nothing that runs on this queue may wait for the session's work queue (FoundationNetworking's
/// `URLSessionTask.cancel()` does, with `workQueue.sync`), since that queue may be the one waiting
/// here: the task handlers cancel through ``HTSessionTaskGate/cancelLater(_:)``. An operation added
/// from this queue itself never waits.
final class HTBoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable, safety: `OperationQueue` is thread-safe and already declared
    // `@unchecked Sendable` by Foundation; the stored properties this subclass adds are two `let`s,
    // an `Int` and a `DispatchSemaphore`, which is thread-safe.
    /// How many operations may wait to run.
    let capacity: Int
    /// One permit per operation that may still be added without waiting.
    private let permits: DispatchSemaphore

    /// A serial queue for at most `capacity` waiting operations.
    init(capacity: Int) {
        self.capacity = capacity
        // Made with no permits and given them below: libdispatch stops a process that releases a
        // semaphore whose count is under its initial value, which a queue freed with operations still
        // waiting would do.
        self.permits = DispatchSemaphore(value: 0)
        super.init()
        for _ in 0..<capacity { permits.signal() }
        maxConcurrentOperationCount = 1
        name = "HTNetworking.session-delegate"
    }

    /// The longest one addition waits for room. Past it the operation is added all the same: the
    /// bound holds while the delegate keeps up, and a delegate held up (a progress closure that blocks,
    /// a starved thread pool) lets the backlog grow by one chunk per wait (about 1.6 MB/s) instead of
    /// holding the session's work queue, which every session of the process shares, for good.
    static let longestWait: DispatchTimeInterval = .milliseconds(10)

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard OperationQueue.current !== self else { return super.addOperation(block) }
        let acquired = permits.wait(timeout: .now() + Self.longestWait) == .success
        let permits = self.permits
        super.addOperation {
            defer { if acquired { permits.signal() } }
            block()
        }
    }
}
