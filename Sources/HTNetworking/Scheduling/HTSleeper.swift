/// Waits between retries (``HTRetryPolicy/sleeper``). The default sleeps for real with
/// `Task.sleep(for:)`; tests inject one that records the requested delays and returns at once, so
/// backoff can be checked without waiting.
public protocol HTSleeper: Sendable {
    /// Waits for `duration`.
    ///
    /// - Throws: `CancellationError` (or any error) when the current task is cancelled while waiting;
    ///   the retry loop then stops and reports the request as cancelled.
    func sleep(for duration: Duration) async throws
}

/// Sleeps with `Task.sleep(for:)`; cancelling the task ends the sleep early with `CancellationError`.
/// The default of ``HTRetryPolicy/sleeper``: usable from inlinable code because the policy's public
/// initializer names it as a default argument.
@usableFromInline
package struct HTTaskSleeper: HTSleeper {
    /// Creates a sleeper.
    @usableFromInline
    package init() {}

    /// Sleeps for `duration` (returns at once for zero or less, unless the task is cancelled).
    @usableFromInline
    package func sleep(for duration: Duration) async throws {
        guard duration > .zero else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(for: duration)
    }
}
