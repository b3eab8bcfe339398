import Foundation

/// A mutex for the freeze module's small shared states (`NSLock.withLock` needs macOS 14).
final class HTFreezeLock: Sendable {
    // NSLock is Sendable; this wrapper only adds the scoped helper.
    private let lock = NSLock()

    /// Runs `body` with the lock held.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
