import Foundation
import HTTestSupport
import Testing

@testable import HTNetworking

/// The one timer behind every request's timeout.
@Suite("Deadline scheduler", .timeLimit(.minutes(3)))
struct DeadlineSchedulerTests {
    @Test("deadlines fire in deadline order whatever the order they were scheduled in; cancelled ones never fire")
    func order() async throws {
        let scheduler = HTDeadlineScheduler.shared
        let fired = Recorded<Int>()
        // Deadlines are instants, so their order does not depend on how long this thread is descheduled
        // between two calls on a busy machine. Latest first, so every new one is the earliest and the
        // timer must be re-armed each time.
        let start = DispatchTime.now().uptimeNanoseconds + 50_000_000
        var tokens: [Int: UInt64] = [:]
        for index in stride(from: 5, through: 1, by: -1) {
            tokens[index] = scheduler.schedule(at: start + 20_000_000 * UInt64(index)) { fired.append(index) }
        }
        // A cancellation that came in time means the action never runs; one that came too late (the
        // thread stalled past the deadline) must say so.
        let cancelledThree = scheduler.cancel(try #require(tokens[3]))
        let stray = scheduler.schedule(at: start) { fired.append(99) }
        let cancelledStray = scheduler.cancel(stray)
        #expect(!scheduler.cancel(stray), "a second cancel finds nothing to stop")
        let expected: [Int] = (cancelledStray ? [] : [99]) + (cancelledThree ? [1, 2, 4, 5] : [1, 2, 3, 4, 5])
        while fired.count < expected.count { try await Task.sleep(for: .milliseconds(10)) }
        #expect(fired.values.last == 5)
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.values == expected)
    }

    @Test("cancelled far deadlines are released: the table empties and the heap is rebuilt, nothing fires")
    func release() async throws {
        let scheduler = HTDeadlineScheduler.shared
        let fired = Recorded<Int>()
        let tokens = (0..<5000).map { index in scheduler.schedule(after: 3600) { fired.append(index) } }
        #expect(tokens.allSatisfy(scheduler.isPending))
        for token in tokens { scheduler.cancel(token) }
        #expect(!tokens.contains(where: scheduler.isPending))
        // Other tests' requests may hold deadlines meanwhile; the 5,000 cancelled ones are purged.
        #expect(scheduler.heapCount <= 1024 + 2 * scheduler.pendingCount + 1)
        // A near deadline scheduled after the purge still fires, and none of the cancelled ones does.
        let done = Recorded<Int>()
        _ = scheduler.schedule(after: 0.02) { done.append(1) }
        while done.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(fired.count == 0)
    }

    @Test("an HTDeadline reports expiry only when its time ran out")
    func deadline() async throws {
        let ran = Recorded<Int>()
        let expiring = HTDeadline(seconds: 0.02) { ran.append(1) }
        let cancelled = HTDeadline(seconds: 0.5) { ran.append(2) }
        // In time unless this thread stalled for half a second; then the deadline must have expired.
        let stopped = cancelled.cancel()
        let none = HTDeadline(seconds: 0) { ran.append(3) }
        while !expiring.hasExpired { try await Task.sleep(for: .milliseconds(5)) }
        if stopped {
            try await Task.sleep(for: .milliseconds(600))
            #expect(ran.values == [1])
            #expect(!cancelled.hasExpired)
        } else {
            // Taken to run: it expires (its flag is set as its closure starts, just after it is taken).
            while !cancelled.hasExpired { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(!expiring.cancel(), "an expired deadline has nothing left to stop")
        #expect(!none.hasExpired)
        #expect(!none.cancel())
    }
}
