/// A request sent with a completion handler or a delegate: cancel it, or wait for it.
public final class HTRequestTask: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the request; the completion handler (or delegate) is told with
    /// `HTNetworkingError.Kind.cancelled` unless the response already arrived.
    public func cancel() {
        task.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        task.isCancelled
    }

    /// Waits until the request is finished and its result has been handed on to the completion
    /// handler's queue (or delivered to the delegate).
    public func wait() async {
        await task.value
    }
}
