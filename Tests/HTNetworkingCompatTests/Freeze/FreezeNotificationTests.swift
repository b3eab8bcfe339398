import Foundation
import HTNetworking
import HTNetworkingCompat
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The resend notifications of the freeze manager (the original's `kHTResendFrozenRequest…Notification`),
/// resent through an in-memory transport. HTNetworkingCompat posts them from the manager's events,
/// asynchronously, so the tests await them (``FreezeNotificationLog/next(_:)``) rather than reading them
/// when `resendNow()` returns.
@Suite("Freeze: resend notifications", .timeLimit(.minutes(3)))
struct FreezeNotificationTests {
    /// A manager on a fresh folder, offline until the test says otherwise, and a client whose transport
    /// answers each request with the status its path names.
    private func makeManager(
        _ folder: URL, _ configuration: HTFreezeManager.Configuration
    ) throws -> (HTFreezeManager, HTClient) {
        let manager = try HTFreezeManager(
            directory: folder, monitor: HTManualConnectivityMonitor(.reachable(isExpensive: false)),
            configuration: configuration)
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), logger: quietLogger),
            transport: StatusTransport())
        return (manager, client)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ht-compat-freeze-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("names and keys are the original's strings")
    func names() {
        #expect(
            Notification.Name.htResendFrozenRequestSuccessful.rawValue == "HTResendFrozenRequestSuccessfulNotification")
        #expect(Notification.Name.htResendFrozenRequestFailure.rawValue == "HTResendFrozenRequestFailureNotification")
        #expect(
            [
                HTFreezeNotificationKey.request, HTFreezeNotificationKey.result, HTFreezeNotificationKey.error,
                HTFreezeNotificationKey.willRetry,
            ] == [
                "HTResendFrozenNotificationRequestItem", "HTResendFrozenNotificationResultItem",
                "HTResendFrozenNotificationErrorItem", "HTResendFrozenNotificationWillRetryItem",
            ])
    }

    @Test("accepted resends: one success notification each, in freeze order, with the request and the response")
    func successes() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let center = NotificationCenter()
        let log = FreezeNotificationLog(center: center)
        let (manager, client) = try makeManager(folder, .init(notificationCenter: center))
        var ids: [String] = []
        for index in 0..<3 {
            ids.append(try await manager.freeze(FreezeStatusRequest(code: 201, note: "n\(index)"), via: client))
        }
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        #expect(await manager.resendNow().succeeded == 3)
        let notes = await log.next(3)
        #expect(notes.map(\.name) == Array(repeating: .htResendFrozenRequestSuccessful, count: 3))
        #expect(notes.compactMap(\.request?.id) == ids)
        #expect(notes.compactMap(\.result?.statusCode) == [201, 201, 201])
        #expect(notes.allSatisfy { $0.isFrom(manager) }, "posted with the manager as the object")
    }

    @Test("failed resends: a failure notification with the error and whether the request stays frozen")
    func failures() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let center = NotificationCenter()
        let log = FreezeNotificationLog(center: center)
        let (manager, client) = try makeManager(folder, .init(notificationCenter: center))
        // A long backoff, so a slow machine can't reach the next attempt within the test.
        await manager.register(HTDefaultFreezePolicy(initialDelay: 120), for: .sendFreezeAutomatically)
        _ = try await manager.freeze(FreezeStatusRequest(code: 503), via: client)
        _ = try await manager.freeze(FreezeStatusRequest(code: 404), via: client)
        await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        let summary = await manager.resendNow()
        #expect(summary.failed == 1 && summary.dropped == 1)
        let notes = await log.next(2)
        #expect(notes.map(\.name) == [.htResendFrozenRequestFailure, .htResendFrozenRequestFailure])
        #expect(notes.compactMap(\.willRetry) == [true, false])
        #expect(notes.compactMap { $0.error?.statusCode } == [503, 404])
    }

    @Test("the center: none unless set, the one set, none when set to nil")
    func center() async throws {
        #expect(HTFreezeManager.Configuration().notificationCenter == nil)
        let custom = NotificationCenter()
        var settings = HTFreezeManager.Configuration(durability: .buffered)
        settings.notificationCenter = custom
        #expect(settings.notificationCenter === custom)
        #expect(settings.durability == .buffered)
        settings.notificationCenter = nil
        #expect(settings.notificationCenter == nil)
        #expect(
            HTFreezeManager.Configuration(notificationCenter: .default).notificationCenter
                === NotificationCenter.default)

        // Observed on the default center, for one manager's notifications only (tests run in parallel).
        for center in [NotificationCenter.default, nil] {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var configuration = HTFreezeManager.Configuration()
            configuration.notificationCenter = center
            let (manager, client) = try makeManager(folder, configuration)
            let log = FreezeNotificationLog(center: .default, object: manager)
            _ = try await manager.freeze(FreezeStatusRequest(code: 200), via: client)
            await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
            #expect(await manager.resendNow().succeeded == 1)
            if center != nil {
                #expect(await log.next(1).map(\.name) == [.htResendFrozenRequestSuccessful])
            } else {
                // No center, no poster: nothing can be posted later either.
                #expect(log.all.isEmpty)
            }
        }
    }

    @Test("the poster ends with its manager: the event stream finishes when the manager is gone")
    func posterEnds() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manager: HTFreezeManager? = try HTFreezeManager(
            directory: folder, monitor: HTManualConnectivityMonitor(.reachable(isExpensive: false)),
            configuration: .init(notificationCenter: NotificationCenter()))
        let events = try #require(manager).events()
        manager = nil
        for await event in events { Issue.record("no event expected: \(event)") }
    }
}

// MARK: - Support

/// A transport that answers each request with the status its last path component names
/// (`/status/503` → 503), at once.
private struct StatusTransport: HTTransport {
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        HTTransportResponse(
            statusCode: request.url.flatMap { Int($0.lastPathComponent) } ?? 200,
            headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}

/// A POST to `/status/<code>`; `note` tells otherwise equal requests apart (their freeze keys differ).
private struct FreezeStatusRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/status/:code" }
    var code: Int
    var note = ""
    var parameters: HTJSONObject { ["code": .integer(Int64(code)), "note": .string(note)] }
}

/// A delegate that resends everything through one client.
private final class FreezeOneClient: HTFreezeManagerDelegate {
    let client: HTClient
    init(_ client: HTClient) { self.client = client }
    func client(for request: HTFrozenRequest) async -> HTClient? { client }
}

/// The resend notifications one center received (from one object, or any), in the order posted.
private final class FreezeNotificationLog: @unchecked Sendable {
    // @unchecked Sendable, safety: `entries` is a lock box and `continuation` an `AsyncStream`
    // continuation (itself Sendable), both `let`s; `tokens` is written only in `init` and read only in
    // `deinit`, when no other reference exists; `center` is a `let`; `iterator` is used only by `next(_:)`,
    // which one test task calls at a time.
    /// One notification, its `userInfo` read into typed values.
    struct Entry: Sendable {
        var name: Notification.Name
        var request: HTFrozenRequest?
        var result: HTTransportResponse?
        var error: HTNetworkingError?
        var willRetry: Bool?
        var object: ObjectIdentifier?

        init(_ note: Notification) {
            let info = note.userInfo ?? [:]
            name = note.name
            request = info[HTFreezeNotificationKey.request] as? HTFrozenRequest
            result = info[HTFreezeNotificationKey.result] as? HTTransportResponse
            error = info[HTFreezeNotificationKey.error] as? HTNetworkingError
            willRetry = info[HTFreezeNotificationKey.willRetry] as? Bool
            object = (note.object as AnyObject?).map(ObjectIdentifier.init)
        }

        func isFrom(_ manager: HTFreezeManager) -> Bool { object == ObjectIdentifier(manager) }
    }

    private let entries = LockedBox<[Entry]>([])
    private let continuation: AsyncStream<Entry>.Continuation
    private var iterator: AsyncStream<Entry>.Iterator
    private var tokens: [NSObjectProtocol] = []
    let center: NotificationCenter

    init(center: NotificationCenter, object: AnyObject? = nil) {
        self.center = center
        let (stream, continuation) = AsyncStream.makeStream(of: Entry.self)
        self.continuation = continuation
        self.iterator = stream.makeAsyncIterator()
        for name in [Notification.Name.htResendFrozenRequestSuccessful, .htResendFrozenRequestFailure] {
            tokens.append(
                center.addObserver(forName: name, object: object, queue: nil) { [weak self] note in
                    self?.append(Entry(note))
                })
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
        continuation.finish()
    }

    private func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
        continuation.yield(entry)
    }

    /// The next `count` notifications, awaited (the suite's time limit fails a test that never gets them).
    func next(_ count: Int) async -> [Entry] {
        var received: [Entry] = []
        while received.count < count, let entry = await iterator.next() {
            received.append(entry)
        }
        return received
    }

    /// Every notification received so far.
    var all: [Entry] { entries.value }
}
