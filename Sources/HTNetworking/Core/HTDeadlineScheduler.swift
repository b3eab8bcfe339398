import Dispatch
import Foundation

/// Runs closures at deadlines with one dispatch timer for the whole process, re-armed for the earliest
/// deadline: creating and cancelling a dispatch source per request costs tens of microseconds on
/// Linux, far more than the rest of the client's work.
///
/// Deadlines live in a min-heap; a cancelled one is only removed from the table of actions and left in
/// the heap until it comes up (or until the heap, grown past twice the live entries, is rebuilt).
final class HTDeadlineScheduler: @unchecked Sendable {
    // @unchecked Sendable, safety: every mutable value is in `deadlines` (an `HTLocked`), and the
    // timer is re-armed only inside its `withLock` too. The one stored property that is not Sendable
    // is `timer`, and only because `DispatchSourceTimer` is not declared Sendable: it is immutable and
    // thread-safe (a dispatch source may be rescheduled from any thread, and its handler runs on
    // `queue`, never inside `schedule`); actions run outside the lock. This makes the class an
    // exception to "plainly Sendable" (CONTRIBUTING.md, Synchronisation), not to `HTLocked`.

    static let shared = HTDeadlineScheduler()

    private struct Entry {
        var deadline: UInt64
        var token: UInt64
    }

    /// The waiting deadlines and their actions.
    private struct Deadlines {
        var heap: [Entry] = []
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextToken: UInt64 = 0
        var armedFor: UInt64 = .max

        mutating func push(_ entry: Entry) {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].deadline < heap[parent].deadline else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popFirst() {
            let last = heap.removeLast()
            guard !heap.isEmpty else { return }
            heap[0] = last
            siftDown(0)
        }

        /// Drops the cancelled deadlines and restores the heap order.
        mutating func purgeCancelled() {
            heap = heap.filter { actions[$0.token] != nil }
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
                if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
                guard smallest != parent else { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    private let deadlines = HTLocked(Deadlines())
    private let queue = DispatchQueue(label: "HTDeadlineScheduler")
    private let timer: any DispatchSourceTimer

    private init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .distantFuture)
        timer.setEventHandler { [unowned self] in self.fire() }
        timer.resume()
    }

    /// Runs `action` once `seconds` have passed, unless ``cancel(_:)`` is called first with the returned
    /// token.
    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        schedule(at: DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9), action)
    }

    /// Runs `action` once the clock of `DispatchTime.now().uptimeNanoseconds` reaches `deadline`, unless
    /// ``cancel(_:)`` is called first with the returned token. Deadlines given as instants keep their
    /// order however long the caller is descheduled between two calls.
    func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        deadlines.withLock { state in
            state.nextToken &+= 1
            let token = state.nextToken
            state.actions[token] = action
            state.push(Entry(deadline: deadline, token: token))
            if deadline < state.armedFor {
                // Armed under the lock, so two schedules racing can't leave the later deadline armed.
                state.armedFor = deadline
                arm(deadline)
            }
            return token
        }
    }

    /// Forgets the action of `token`; `true` when it had not been taken to run, so it never will, and
    /// `false` when it already ran (or is running now) or was cancelled before.
    @discardableResult
    func cancel(_ token: UInt64) -> Bool {
        deadlines.withLock { state in
            let removed = state.actions.removeValue(forKey: token) != nil
            if state.heap.count > 1024, state.heap.count > 2 * state.actions.count {
                state.purgeCancelled()
            }
            return removed
        }
    }

    /// How many actions are waiting (for tests and leak checks).
    var pendingCount: Int {
        deadlines.withLock { $0.actions.count }
    }

    /// How many deadlines the heap holds, cancelled ones not yet purged included (for tests).
    var heapCount: Int {
        deadlines.withLock { $0.heap.count }
    }

    /// Whether the action of `token` is still waiting (for tests).
    func isPending(_ token: UInt64) -> Bool {
        deadlines.withLock { $0.actions[token] != nil }
    }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due: [@Sendable () -> Void] = deadlines.withLock { state in
            var due: [@Sendable () -> Void] = []
            while let first = state.heap.first, first.deadline <= now {
                state.popFirst()
                if let action = state.actions.removeValue(forKey: first.token) { due.append(action) }
            }
            let next = state.heap.first?.deadline ?? .max
            state.armedFor = next
            arm(next)
            return due
        }
        for action in due { action() }
    }

    /// Points the timer at `deadline`; called inside `deadlines.withLock`.
    private func arm(_ deadline: UInt64) {
        if deadline == .max {
            timer.schedule(deadline: .distantFuture)
        } else {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
        }
    }
}
