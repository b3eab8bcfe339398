import Foundation
import HTNetworking
import HTTestRequests
import Testing

/// A request as an asynchronous sequence of events, against the loopback server.
@Suite("Scheduling: request events", .timeLimit(.minutes(3)))
struct SchedulingEventsTests {
    typealias Support = SchedulingTestSupport

    /// A comparable summary of an event.
    private func summary<Value>(_ event: HTRequestEvent<Value>) -> String {
        switch event {
        case .started(let request):
            // The URL without `http://127.0.0.1:<port>`.
            let path =
                request.url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(3).first
                ?? ""
            return "started \(request.method) /\(path)"
        case .progress(let progress): return "progress \(progress)"
        case .retrying(let attempt, let wait, let error):
            return "retrying \(attempt) after \(wait) (\(Support.status(error).map(String.init) ?? "?"))"
        case .response(let response): return "response \(response.statusCode)"
        case .failed(let error):
            return
                "failed \(Support.status(error).map(String.init) ?? (Support.isCancelled(error) ? "cancelled" : "\(error)"))"
        case .finished: return "finished"
        }
    }

    @Test("success: started, response with the mapped model, finished, then the end")
    func success() async throws {
        let server = try await Support.server()
        var summaries: [String] = []
        var path: String?
        for await event in Support.client(server).events(for: EchoUserRequest(id: 5)) {
            summaries.append(summary(event))
            if let echo = event.value { path = echo.path }
        }
        #expect(summaries == ["started GET /echo/users/5", "response 200", "finished"])
        #expect(path == "/echo/users/5")
    }

    @Test("failure: started, failed with the error, finished")
    func failure() async throws {
        let server = try await Support.server()
        var summaries: [String] = []
        for await event in Support.client(server).events(for: StatusRequest(code: 404)) {
            summaries.append(summary(event))
        }
        #expect(summaries == ["started GET /status/404", "failed 404"] + ["finished"])
    }

    @Test("with a retry policy: a retrying event before each retry")
    func retrying() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let sleeper = SchedRecordingSleeper()
        let events = Support.client(server).events(
            for: FlakyRequest(key: "\(id)k", fail: 2, status: 500),
            retry: Support.policy(maxRetries: 3, sleeper: sleeper))
        var summaries: [String] = []
        var attempts: Int?
        for await event in events {
            summaries.append(summary(event))
            if let value = event.value { attempts = value["attempts"]?.intValue }
        }
        #expect(
            summaries == [
                "started GET /flaky?key=\(id)k&fail=2&status=500", "retrying 2 after 0.1 seconds (500)",
                "retrying 3 after 0.2 seconds (500)",
                "response 200", "finished",
            ])
        #expect(attempts == 3)
        #expect(sleeper.delays == [.milliseconds(100), .milliseconds(200)])
        #expect(try await Support.count("\(id)k", on: server) == 3)
    }

    @Test("the sequence is cold: nothing is sent before iteration, and each iteration sends again")
    func cold() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let events = Support.client(server).events(for: FlakyRequest(key: "\(id)cold", fail: 0))
        #expect(try await Support.count("\(id)cold", on: server) == 0)
        for _ in 0..<2 {
            for await _ in events {}
        }
        #expect(try await Support.count("\(id)cold", on: server) == 2)
    }

    @Test("a cancelled consumer gets failed(cancelled) and finished, and nothing is sent")
    func cancelled() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        let events = Support.client(server).events(for: FlakyRequest(key: "\(id)c", fail: 0))
        let task = Task { () async -> [String] in
            withUnsafeCurrentTask { $0?.cancel() }
            var summaries: [String] = []
            for await event in events { summaries.append(summary(event)) }
            return summaries
        }
        #expect(
            await task.value == ["started GET /flaky?key=\(id)c&fail=0", "failed cancelled", "finished"])
        #expect(try await Support.count("\(id)c", on: server) == 0)
    }

    @Test("events consumed on the main actor deliver the model there")
    @MainActor
    func mainActor() async throws {
        let server = try await Support.server()
        var echo: EchoResult?
        for await event in Support.client(server).events(for: EchoUserRequest(id: 8)) {
            if case .response(let response) = event { echo = response.value }
        }
        #expect(echo?.path == "/echo/users/8")
    }
}
