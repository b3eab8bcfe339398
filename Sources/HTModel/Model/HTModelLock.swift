import Foundation

/// The locks that make generated models `Sendable`: a model keeps its properties in one private
/// struct and reads and writes it only while holding its lock, which this type hands out.
///
/// The locks are a fixed pool shared by every model, each object using the one its address picks: a
/// model costs no extra allocation, and an uncontended lock is a few nanoseconds. Two models that pick
/// the same lock only wait for each other for the length of one property access. A thread never holds
/// two of these locks, so they cannot deadlock, as long as the code run under a lock touches no other
/// model's properties (generated code only moves values in and out, and releases replaced values
/// after unlocking).
public enum HTModelLock {
    /// How many locks the pool has: a power of two.
    @usableFromInline static let count = 64

    /// The pool: `NSLock` is `Sendable` and the array is never mutated after it is made.
    @usableFromInline static let pool: [NSLock] = (0..<count).map { _ in NSLock() }

    /// The lock that guards `model`'s properties.
    @inlinable
    static func lock(for model: AnyObject) -> NSLock {
        // Objects are 16-byte aligned; a Fibonacci hash of the address spreads neighbours over the pool.
        let address = UInt(bitPattern: ObjectIdentifier(model).hashValue) >> 4
        let index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 58)
        return pool[index]
    }

    /// Runs `body` while holding `model`'s lock. `body` must not read or write another model's
    /// properties (it would take a second lock).
    @inlinable
    public static func withLock<Result>(_ model: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let lock = lock(for: model)
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
