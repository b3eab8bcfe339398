import Dispatch
import Foundation

/// Runs independent pieces of work on separate threads and returns their results in the order given.
///
/// The generator runs as a debug build inside the build plugin, so its phases that split into
/// independent parts (the three output files; the types and interfaces of a spec) use both cores.
/// Results never depend on scheduling: each part writes only its own slot.
func concurrently<T: Sendable>(_ bodies: [@Sendable () -> T]) -> [T] {
    let slots = Slots<T>(count: bodies.count)
    DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
        slots.store(bodies[index](), at: index)
    }
    return slots.values()
}

/// One result per piece of work.
///
/// `@unchecked Sendable`, safety: `storage` is only read or written while holding `lock`; each slot is
/// written once, by the one iteration that owns that index, and `values()` is called after
/// `concurrentPerform` has returned, when every write has happened.
private final class Slots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func store(_ value: T, at index: Int) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    func values() -> [T] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
