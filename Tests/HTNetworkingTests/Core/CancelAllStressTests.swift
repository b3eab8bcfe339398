import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("cancelAll under load", .timeLimit(.minutes(5)))
struct CancelAllStressTests {
    /// Rounds of concurrent sends, from the environment (`HT_CANCEL_STRESS_ROUNDS`) or 20.
    static let rounds = ProcessInfo.processInfo.environment["HT_CANCEL_STRESS_ROUNDS"].flatMap(Int.init) ?? 20

    @Test(
        "20 rounds of 500 concurrent sends with cancelAll at a random moment: every send ends, nothing hangs or leaks")
    func cancelAllStress() async throws {
        let server = try await sharedServer()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.rounds {
            // Each send its own call: identical GETs would share one, which answers every one that joined
            // it once the first one's 2 seconds are up, however late the others came.
            let client = loopbackClient(server) { $0.sharesInFlightCalls = false }
            let longSendsStarted = Recorded<Int>()
            let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
                for index in 0..<500 {
                    // A mix of answers at once, short waits and long ones, so the cancellation finds
                    // requests queued in the session, on the wire and already answered.
                    let ms = [0, 5, 50, 2_000][index % 4]
                    group.addTask {
                        do {
                            if ms == 2_000 { longSendsStarted.append(index) }
                            _ = try await client.send(DelayRequest(ms: ms))
                            return .answered
                        } catch let error as HTNetworkingError where error.isCancelled {
                            return .cancelled
                        } catch {
                            return .failed("\(error)")
                        }
                    }
                }
                // On a loaded machine the tasks may not have started yet: cancelAll reaches only the
                // requests already sent, so wait (boundedly) until every 2-second send has started, then
                // let a random moment pass (at least long enough for the last one to register).
                let start = ContinuousClock.now
                while longSendsStarted.count < 125, ContinuousClock.now - start < .seconds(10) {
                    try await Task.sleep(for: .milliseconds(1))
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...120, using: &generator)))
                client.cancelAll()
                var outcomes: [Outcome] = []
                for try await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.count == 500, "round \(round)")
            let failures = outcomes.compactMap { outcome -> String? in
                if case .failed(let text) = outcome { return text }
                return nil
            }
            #expect(failures.isEmpty, "round \(round): \(failures.prefix(3))")
            // The 2-second requests were all in flight or queued when cancelAll came.
            #expect(outcomes.filter { $0 == .cancelled }.count >= 125, "round \(round)")
            #expect(client.inFlightCount == 0, "round \(round)")
        }
        // The server and a fresh client still work.
        #expect(try await loopbackClient(server).send(DelayRequest(ms: 0)) == ["delayed": 0])
    }

    enum Outcome: Sendable, Equatable {
        case answered
        case cancelled
        case failed(String)
    }
}
