import Foundation

/// A value that several threads share, read and written only while holding a lock.
///
/// The runtime's one synchronisation primitive (`Synchronization.Mutex` needs macOS 15 and iOS 18;
/// the package supports older systems).
final class HTLocked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable, safety: `value` is private and only touched inside `withLock`, which holds
    // `lock` for the whole access; `Value` is Sendable, so what `withLock` hands out can cross threads.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    var current: Value {
        withLock { $0 }
    }
}
