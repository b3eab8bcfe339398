import Foundation

#if canImport(FoundationNetworking)
    /// Where the task that carries a request through its interceptors and ``HTURLSessionTransport`` goes
    /// on once it is resumed (Linux): on the session's delegate queue when the delegate queue resumed it
    /// (the answer arrived), else on Dispatch's global queue.
    ///
    /// ``HTClient`` runs each request's interceptors and transport in a task of its own, so that
    /// ``HTClient/cancelAll()`` and the timeout end the request, not its caller. On Swift's cooperative
    /// pool, when the answer arrived that task and then the caller each waited for a thread, behind
    /// every job queued there: with 64 requests in flight against the loopback server on two cores, the
    /// p50 latency was 1.25× that of `URLSession` + `JSONDecoder`, whose answer resumes one task
    /// (`ht-bench --client`, issue #39). Going on at once on the delegate queue's thread, which is awake
    /// and has just delivered the answer, leaves only the caller's wait.
    ///
    /// What runs there is the end of a request's chain (the transport's last steps, the interceptors'
    /// code after their `next` returns): short, and one at a time with the session's delegate calls. A
    /// task resumed from anywhere else (a cancellation, a timeout, an actor) goes on on the global
    /// queue, so that a delegate held up (a download's progress closure that blocks) never holds up a
    /// request's timeout or cancellation.
    final class HTDelegateQueueExecutor: TaskExecutor {
        /// The delegate queue's serial queue.
        private let serial: DispatchQueue
        /// Set on `serial`.
        private let onSerial: DispatchSpecificKey<Bool>

        init(serial: DispatchQueue, onSerial: DispatchSpecificKey<Bool>) {
            self.serial = serial
            self.onSerial = onSerial
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let queue = DispatchQueue.getSpecific(key: onSerial) == nil ? DispatchQueue.global() : serial
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }
#endif
