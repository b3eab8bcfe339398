/// Waits between retries. The default, ``HTTaskSleeper``, sleeps for real; tests inject one that records
/// the requested delays and returns at once, so backoff can be checked without waiting.
public protocol HTSleeper: Sendable {
    /// Waits for `duration`.
    ///
    /// - Throws: `CancellationError` (or any error) when the current task is cancelled while waiting;
    ///   the retry loop then stops and reports the request as cancelled.
    func sleep(for duration: Duration) async throws
}

/// Sleeps with `Task.sleep(for:)`; cancelling the task ends the sleep early with `CancellationError`.
public struct HTTaskSleeper: HTSleeper {
    /// Creates a sleeper.
    public init() {}

    /// Sleeps for `duration` (returns at once for zero or less, unless the task is cancelled).
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(for: duration)
    }
}
