import Foundation

/// The delegate queue of the session an ``HTURLSessionTransport`` makes for itself on Linux: a serial
/// queue that holds at most ``capacity`` delegate calls waiting to run; whoever adds one more
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
///
/// The delegate calls run on a serial dispatch queue, `serial`, in the order they were added:
/// FoundationNetworking hands each one over as a block (`addOperation(_:)`, three per request: the
/// response, the body, the end), and going through `OperationQueue`'s own scheduling cost about
/// 40–90 µs per request on Linux, as much as the rest of the transport's own work (a session whose
/// delegate queue sends its blocks straight to a dispatch queue was as fast as `data(for:)`). Operations
/// added any other way run on `serial` too (it is the underlying queue), so there is never more than
/// one delegate call at a time.
final class HTBoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable, safety: `OperationQueue` is thread-safe and already declared
    // `@unchecked Sendable` by Foundation; the stored properties this subclass adds are `let`s: an
    // `Int`, a `DispatchSemaphore` and a `DispatchQueue`, which are thread-safe, a
    // `DispatchSpecificKey`, an immutable object libdispatch only uses as a key, and an executor that
    // holds only those two.
    /// How many operations may wait to run.
    let capacity: Int
    /// One permit per operation that may still be added without waiting.
    private let permits: DispatchSemaphore
    /// Where the operations run, one at a time, in the order they were added.
    private let serial: DispatchQueue
    /// Set on `serial`: tells an addition made by a delegate call, which must not wait.
    private let onSerial = DispatchSpecificKey<Bool>()
    #if canImport(FoundationNetworking)
        /// Where a request's task goes on (``HTDelegateQueueExecutor``).
        let executor: HTDelegateQueueExecutor
    #endif

    /// A serial queue for at most `capacity` waiting operations.
    init(capacity: Int) {
        self.capacity = capacity
        // Made with no permits and given them below: libdispatch stops a process that releases a
        // semaphore whose count is under its initial value, which a queue freed with operations still
        // waiting would do.
        self.permits = DispatchSemaphore(value: 0)
        self.serial = DispatchQueue(label: "HTNetworking.session-delegate")
        #if canImport(FoundationNetworking)
            self.executor = HTDelegateQueueExecutor(serial: serial, onSerial: onSerial)
        #endif
        super.init()
        serial.setSpecific(key: onSerial, value: true)
        for _ in 0..<capacity { permits.signal() }
        maxConcurrentOperationCount = 1
        underlyingQueue = serial
        name = "HTNetworking.session-delegate"
    }

    /// The longest one addition waits for room. Past it the operation is added all the same: the
    /// bound holds while the delegate keeps up, and a delegate held up (a progress closure that blocks,
    /// a starved thread pool) lets the backlog grow by one chunk per wait (about 1.6 MB/s) instead of
    /// holding the session's work queue, which every session of the process shares, for good.
    static let longestWait: DispatchTimeInterval = .milliseconds(10)

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard DispatchQueue.getSpecific(key: onSerial) == nil else { return serial.async(execute: block) }
        let acquired = permits.wait(timeout: .now() + Self.longestWait) == .success
        let permits = self.permits
        serial.async {
            defer { if acquired { permits.signal() } }
            block()
        }
    }
}
