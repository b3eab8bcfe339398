import Foundation

/// Carries a value that is not `Sendable` to the one closure that consumes it on another queue.
///
/// An exception to the one-primitive rule (CONTRIBUTING.md, Synchronisation): `HTLocked` holds only
/// Sendable values, and the whole point of this box is a value that is not; its safety comes from the
/// value being `sending` (a disconnected region) and taken once, which `HTLocked` can't express.
final class HTHandOff<Value>: @unchecked Sendable {
    // @unchecked Sendable, safety: the value is created in a disconnected region (`sending`), stored
    // once in `init`, and `take()` is called exactly once, by the closure the creator enqueues after
    // its last use of the value; `lock` also orders the store before the read across threads.
    private let lock = NSLock()
    private var value: Value?

    init(_ value: sending Value) {
        self.value = value
    }

    /// The value; call once.
    func take() -> sending Value {
        lock.lock()
        defer { lock.unlock() }
        guard let value else { preconditionFailure("HTHandOff.take() called twice") }
        self.value = nil
        return value
    }
}
