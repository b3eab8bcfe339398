import Foundation

/// A value behind a lock: the one lock type of the tests (in the spirit of NIO's `NIOLockedValueBox`).
///
/// State that test doubles share between tasks, threads and `@Sendable` closures goes into a box, as a
/// single value or a small struct, and is read and written only inside ``withLock(_:)``:
///
/// ```swift
/// let seen = LockedBox<[URLRequest]>([])
/// seen.withLock { $0.append(request) }
/// #expect(seen.value.count == 1)
/// ```
///
/// The box is `Sendable` when `Value` is, so a class whose mutable state is all in boxes of Sendable
/// values is plainly `Sendable`. A box of a non-Sendable value (a `Process`, a notification's
/// `userInfo`) still serialises every access, but the class that holds it has to say itself why it is
/// safe to share. The runtime's own `HTLocked` is internal to HTNetworking; this is its test-side twin,
/// usable from every test target.
public final class LockedBox<Value> {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    /// Runs `body` with the value, which it may change, while holding the lock.
    ///
    /// Do not call back into the same box from `body`: the lock is not recursive.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }

    /// A copy of the value, read under the lock.
    public var value: Value {
        withLock { $0 }
    }
}

// @unchecked Sendable, safety: `stored` is private and only read or written inside `withLock`, which
// holds `lock` for the whole access, so two threads never touch it at once; `lock` is a `let`. What
// `withLock` and `value` hand out crosses threads, which is why the box is Sendable only when `Value` is.
extension LockedBox: @unchecked Sendable where Value: Sendable {}
