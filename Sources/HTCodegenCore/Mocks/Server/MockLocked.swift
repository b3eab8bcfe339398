import Foundation

/// A value behind a lock, shared by the mock server's connection threads.
package final class MockLocked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable, safety: `value` is read and written only inside `withLock`, under `lock`,
    // and never escapes it except as a copy (`Value` is Sendable).
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
