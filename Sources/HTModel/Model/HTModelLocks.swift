import Foundation

/// The locks that guard the stored properties of models (``HTGuarded``): a fixed pool shared by every
/// model, each object using the lock its address picks.
///
/// A pool instead of a lock per model keeps mapping as fast as it was: a model costs no extra
/// allocation, and an uncontended lock is a few nanoseconds. Two models that pick the same lock only
/// wait for each other for the length of one property read or write. No code runs while a lock is held
/// (``HTGuarded`` moves values in and out and releases replaced values after unlocking), so a thread
/// never holds two of these locks and they cannot deadlock.
@usableFromInline
struct HTModelLocks: Sendable {
    /// How many locks the pool has: a power of two.
    @usableFromInline static let count = 64

    /// The pool: `NSLock` is `Sendable` and the array is never mutated after it is made.
    @usableFromInline static let pool: [NSLock] = (0..<count).map { _ in NSLock() }

    /// The lock that guards `object`'s properties.
    @inlinable
    static func lock(for object: AnyObject) -> NSLock {
        // Objects are 16-byte aligned; a Fibonacci hash of the address spreads neighbours over the pool.
        let address = UInt(bitPattern: ObjectIdentifier(object).hashValue) >> 4
        let index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 58)
        return pool[index]
    }
}
