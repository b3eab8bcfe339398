/// Runs numbered operations in parallel in a task group and collects their results in order.

enum HTBatchRunner {
    /// The results in the operations' order and the first failure in time (which, in fail-fast mode,
    /// is the one that cancelled the others).
    struct Outcome<Value, Failure: Error> {
        var results: [Result<Value, Failure>]
        var firstFailure: Failure?
    }

    /// Runs `operation(0..<count)` with at most `maxConcurrent` running at a time; its start and finish
    /// are written to `logger` under ``HTLogComponent/scheduling``.
    ///
    /// In fail-fast mode the first failure cancels the group: running operations see a cancelled task,
    /// and operations not started yet are still started, already cancelled, so that each reports its
    /// own `cancelled` error (the client checks cancellation before sending anything). Cancelling the
    /// calling task cancels every operation in either mode.
    static func run<Value, Failure: Error>(
        count: Int, mode: HTBatchMode, maxConcurrent: Int, logger: HTLogger,
        operation: @escaping @Sendable (Int) async throws(Failure) -> sending Value
    ) async -> Outcome<Value, Failure> {
        HTSchedulingLog.batchStarted(logger, count: count, mode: mode, maxConcurrent: maxConcurrent)
        var slots: [Result<Value, Failure>?] = Array(repeating: nil, count: count)
        var firstFailure: Failure?
        let limit = max(1, maxConcurrent)
        await withTaskGroup(of: (Int, Result<HTDisconnectedValue<Value>, Failure>).self) { group in
            var nextIndex = 0
            while nextIndex < count {
                if nextIndex >= limit, let (index, result) = await group.next() {
                    store(result, at: index, in: &slots, firstFailure: &firstFailure, mode: mode, group: &group)
                }
                let index = nextIndex
                nextIndex += 1
                group.addTask {
                    do throws(Failure) {
                        return (index, .success(HTDisconnectedValue(try await operation(index))))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while let (index, result) = await group.next() {
                store(result, at: index, in: &slots, firstFailure: &firstFailure, mode: mode, group: &group)
            }
        }
        var results: [Result<Value, Failure>] = []
        results.reserveCapacity(count)
        var failed = 0
        for slot in slots {
            // Every index was added to the group and the group was drained, so every slot is set.
            guard let slot else { preconditionFailure("HTBatchRunner: an operation's result is missing") }
            if case .failure = slot { failed += 1 }
            results.append(slot)
        }
        HTSchedulingLog.batchFinished(logger, count: count, failed: failed, firstFailure: firstFailure)
        return Outcome(results: results, firstFailure: firstFailure)
    }

    private static func store<Value, Failure: Error>(
        _ result: Result<HTDisconnectedValue<Value>, Failure>, at index: Int,
        in slots: inout [Result<Value, Failure>?], firstFailure: inout Failure?, mode: HTBatchMode,
        group: inout TaskGroup<(Int, Result<HTDisconnectedValue<Value>, Failure>)>
    ) {
        switch result {
        case .success(let box):
            slots[index] = .success(box.take())
        case .failure(let error):
            slots[index] = .failure(error)
            if firstFailure == nil {
                firstFailure = error
                if mode == .failFast { group.cancelAll() }
            }
        }
    }
}
