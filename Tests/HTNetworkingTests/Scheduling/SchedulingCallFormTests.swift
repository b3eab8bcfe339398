import Foundation
import HTNetworking
import HTTestRequests
import Testing

/// The forms the README shows, with closures left to type inference. (Chains and if/then/else are in
/// HTNetworkingCompatTests.)
@Suite("Scheduling: call forms", .timeLimit(.minutes(3)))
struct SchedulingCallFormTests {
    typealias Support = SchedulingTestSupport

    @Test("batch and retry run with inferred closure types")
    func inferredClosures() async throws {
        let server = try await Support.server()
        let client = Support.client(server)

        let results = await client.batchResults(count: 2) { index in
            try await client.send(EchoUserRequest(id: index))
        }
        #expect(results.map { (try? $0.get())?.path } == ["/echo/users/0", "/echo/users/1"])

        let retried = try await HTRetryPolicy(sleeper: SchedRecordingSleeper()).run(method: .get) { attempt in
            try await client.send(EchoUserRequest(id: attempt))
        }
        #expect(retried.path == "/echo/users/1")
    }
}
