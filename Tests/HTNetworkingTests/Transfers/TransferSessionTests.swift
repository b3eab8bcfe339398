import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's session delegate that answers Basic challenges (as one that pins certificates answers
/// server-trust challenges) and counts them.
final class ChallengeAnsweringDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let challenges = HTLocked(0)

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic else {
            return completionHandler(.performDefaultHandling, nil)
        }
        challenges.withLock { $0 += 1 }
        completionHandler(.useCredential, URLCredential(user: "alice", password: "s3cret", persistence: .none))
    }
}

/// Downloads and uploads go through the transport's one session, and so through the app's session and
/// its delegate when the app passes one in.
@Suite("Transfers: one session for requests, downloads and uploads", .timeLimit(.minutes(3)))
struct TransferSessionTests {
    @Test("A download through the app's own session is answered by that session's delegate (an auth challenge)")
    func downloadUsesTheAppSessionDelegate() async throws {
        let server = try await sharedServer()
        let delegate = ChallengeAnsweringDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let client = loopbackClient(server, transport: HTURLSessionTransport(session: session))
        let folder = try TestSupport.temporaryDirectory("session")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("secret.bin")
        let progress = HTLocked<[HTTransferProgress]>([])

        let file = try await bounded {
            try await client.download(
                BasicAuthRequest(user: "alice", password: "s3cret", size: 300_000), to: destination
            ) { report in
                progress.withLock { $0.append(report) }
            }
        }
        #expect(file.statusCode == 200)
        #expect(file.value.byteCount == 300_000)
        #expect(try Data(contentsOf: destination).count == 300_000)
        #expect(delegate.challenges.current >= 1, "the app's delegate was never asked")
        #expect(progress.current.last?.completedBytes == 300_000)
        #expect(try TransferTestSupport.contents(of: folder) == ["secret.bin"])

        // Requests through the same session are answered by it too.
        let before = delegate.challenges.current
        let raw = try await client.rawResponse(for: BasicAuthRequest(user: "alice", password: "s3cret", size: 10))
        #expect(raw.statusCode == 200)
        #expect(delegate.challenges.current > before)
    }

    /// The URL paths of the session's running tasks.
    static func taskPaths(of session: URLSession) async -> [String] {
        await withCheckedContinuation { continuation in
            session.getAllTasks { tasks in
                continuation.resume(returning: tasks.compactMap { $0.originalRequest?.url?.path })
            }
        }
    }
}

/// A download is a task of the transport's own session. Its own suite: the 2-minute limit of the
/// other transfer tests is too short for it on two loaded cores, where FoundationNetworking's one shared
/// work queue (every session's) can hold a new task back for more than a minute.
@Suite("Transfers: a download is a task of the transport's session", .timeLimit(.minutes(5)))
struct TransferSessionTaskTests {
    @Test("A download of the transport's own session is a task of that session, not of a session of its own")
    func downloadIsATaskOfTheTransportSession() async throws {
        let server = try await sharedServer()
        let transport = HTURLSessionTransport()
        let client = loopbackClient(server, transport: transport)
        let folder = try TestSupport.temporaryDirectory("session")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("slow.bin")
        // The server waits 20 s before it answers: the task is on a session all that time.
        let finished = HTLocked(false)
        let download = Task {
            defer { finished.withLock { $0 = true } }
            return try await client.download(Customized(DelayRequest(ms: 20_000), timeout: 120), to: destination)
        }
        var seen: [String] = []
        var registered: Int?
        // The session lists the task as soon as it is created and its handler is registered just
        // before it is resumed; on a loaded machine either can come late, so wait for both with no
        // deadline of our own, until the download ends (it can't end before it was a task for 20 s).
        while seen.isEmpty || registered != 1, !finished.current {
            seen = await TransferSessionTests.taskPaths(of: transport.session)
            registered = transport.sessionDelegate?.activeTaskCount
            if seen.isEmpty || registered != 1 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(seen == ["/delay"], "the transport session's tasks while downloading: \(seen)")
        #expect(registered == 1)
        let file = try await download.value
        #expect(file.statusCode == 200)
        #expect(try HTJSON(parsing: Data(contentsOf: destination)) == ["delayed": 20000])
        #expect(transport.sessionDelegate?.activeTaskCount == 0)
    }
}
