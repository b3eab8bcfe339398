import Dispatch
import Foundation

/// Runs closures at deadlines with one dispatch timer for the whole process, re-armed for the earliest
/// deadline: creating and cancelling a dispatch source per request costs tens of microseconds on
/// Linux, far more than the rest of the client's work.
///
/// Deadlines live in a min-heap; a cancelled one is only removed from the table of actions and left in
/// the heap until it comes up (or until the heap, grown past twice the live entries, is rebuilt).
final class HTDeadlineScheduler: @unchecked Sendable {
    // @unchecked Sendable, safety: every `var` (`heap`, `actions`, `nextToken`, `armedFor`) is read and
    // written only while holding `lock`, and the timer is re-armed only under it too; `timer` and
    // `queue` are immutable and thread-safe (a dispatch source may be rescheduled from any thread, and
    // its handler runs on `queue`, never inside `schedule`); actions run outside the lock.

    static let shared = HTDeadlineScheduler()

    private struct Entry {
        var deadline: UInt64
        var token: UInt64
    }

    private let lock = NSLock()
    private var heap: [Entry] = []
    private var actions: [UInt64: @Sendable () -> Void] = [:]
    private var nextToken: UInt64 = 0
    private var armedFor: UInt64 = .max
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
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9)
        lock.lock()
        nextToken &+= 1
        let token = nextToken
        actions[token] = action
        push(Entry(deadline: deadline, token: token))
        if deadline < armedFor {
            // Armed under the lock, so two schedules racing can't leave the later deadline armed.
            armedFor = deadline
            arm(deadline)
        }
        lock.unlock()
        return token
    }

    /// Forgets the action of `token` (nothing happens if it already ran).
    func cancel(_ token: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        actions[token] = nil
        if heap.count > 1024, heap.count > 2 * actions.count {
            heap = heap.filter { actions[$0.token] != nil }
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }
    }

    /// How many actions are waiting (for tests and leak checks).
    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return actions.count
    }

    /// How many deadlines the heap holds, cancelled ones not yet purged included (for tests).
    var heapCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return heap.count
    }

    /// Whether the action of `token` is still waiting (for tests).
    func isPending(_ token: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return actions[token] != nil
    }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        var due: [@Sendable () -> Void] = []
        lock.lock()
        while let first = heap.first, first.deadline <= now {
            popFirst()
            if let action = actions.removeValue(forKey: first.token) { due.append(action) }
        }
        let next = heap.first?.deadline ?? .max
        armedFor = next
        arm(next)
        lock.unlock()
        for action in due { action() }
    }

    private func arm(_ deadline: UInt64) {
        if deadline == .max {
            timer.schedule(deadline: .distantFuture)
        } else {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
        }
    }

    // MARK: Heap (called with `lock` held)

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
