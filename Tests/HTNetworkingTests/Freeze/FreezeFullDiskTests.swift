import Foundation
import HTTestRequests
import Testing

@testable import HTNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A disk that fills up: the journal's writes go through it, and once its room is used up they fail
/// with `ENOSPC` (a write that does not fit is cut short first, as on a real disk).
final class FreezeFullDisk: Sendable {
    private let room: HTLocked<Int>

    init(room: Int = .max) {
        self.room = HTLocked(room)
    }

    /// Leaves `bytes` of room from now on.
    func setRoom(_ bytes: Int) {
        room.withLock { $0 = bytes }
    }

    var io: HTFreezeJournalIO {
        let room = self.room
        return HTFreezeJournalIO { descriptor, bytes in
            let allowed = room.withLock { left in
                let allowed = min(left, bytes.count)
                left -= allowed
                return allowed
            }
            guard allowed > 0 || bytes.isEmpty else { return (-1, ENOSPC) }
            return HTFreezeJournalIO.system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<allowed]))
        }
    }
}

/// What a resend pass on a full disk did.
private struct FullDiskRun {
    /// The pass's summary.
    var summary: HTFreezeResendSummary
    /// The pass's events.
    var events: [HTFreezeEvent]
    /// The request as it was frozen.
    var frozen: HTFrozenRequest
    /// The requests in the journal after the pass, read from disk.
    var left: [HTFrozenRequest]
}

@Suite("Freeze on a full disk", .timeLimit(.minutes(3)))
struct FreezeFullDiskTests {
    typealias Support = SchedulingTestSupport

    private func makeManager(_ folder: FreezeTemporaryFolder, disk: FreezeFullDisk) throws -> HTFreezeManager {
        var configuration = HTFreezeManager.Configuration()
        configuration.journalIO = disk.io
        return try HTFreezeManager(
            directory: folder.url, monitor: HTManualConnectivityMonitor(.reachable(isExpensive: false)),
            configuration: configuration)
    }

    /// Freezes a POST to `/status/<code>` with room, then resends it with `room` bytes left; returns the
    /// summary, the events of the pass and the requests left in the journal as a new journal reads them
    /// from disk.
    private func resendOnFullDisk(status: Int, room: Int) async throws -> FullDiskRun {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = try await Support.server()
        let client = HTClient(baseURL: server.baseURL)
        let disk = FreezeFullDisk()
        let summary: HTFreezeResendSummary
        let frozen: HTFrozenRequest
        var seen: [HTFreezeEvent] = []
        do {
            let manager = try makeManager(folder, disk: disk)
            let id = try await manager.freeze(FreezeStatusRequest(code: status), via: client)
            frozen = try #require(try await manager.frozenRequest(id: id))
            await manager.setup(delegate: FreezeOneClient(client), startMonitoring: false)
            let events = manager.events()

            disk.setRoom(room)
            summary = await manager.resendNow()
            // A marker after the pass: the events before it are the pass's (the streams buffer them).
            disk.setRoom(.max)
            try await manager.freeze(sampleFrozenRequest(99))
            for await event in events {
                if event.request.id == "id-99" { break }
                seen.append(event)
            }
        }
        let left = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(left.loadReport.isClean)
        return FullDiskRun(
            summary: summary, events: seen, frozen: frozen, left: left.entries.filter { $0.id != "id-99" })
    }

    @Test("500, the policy retries, the updated record does not fit: the request stays, reported as failed")
    func retryUpdateDoesNotFit() async throws {
        // 16 bytes: the update's write is cut short, then fails (the journal cuts the torn record off).
        let run = try await resendOnFullDisk(status: 500, room: 16)
        expectKeptAsFailed(run, status: 500)
    }

    /// The request is still in the journal as it was, and reported as a failure that will be retried,
    /// not as dropped.
    private func expectKeptAsFailed(
        _ run: FullDiskRun, status: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            run.left == [run.frozen], "a failed write deleted a request the server did not accept",
            sourceLocation: sourceLocation)
        var expected = HTFreezeResendSummary()
        expected.failed = 1
        expected.notRecorded = 1
        #expect(run.summary == expected, sourceLocation: sourceLocation)
        #expect(
            !run.events.contains { if case .dropped = $0 { true } else { false } }, sourceLocation: sourceLocation)
        guard case .resendFailed(let request, let error, let willRetry)? = run.events.first, run.events.count == 1
        else {
            Issue.record("expected one resendFailed, got \(run.events)", sourceLocation: sourceLocation)
            return
        }
        #expect(willRetry, sourceLocation: sourceLocation)
        #expect(request == run.frozen, sourceLocation: sourceLocation)
        #expect(error.statusCode == status, sourceLocation: sourceLocation)
    }

    @Test("a final status with no room at all: not reported as dropped, and it stays for a later pass")
    func dropDoesNotFit() async throws {
        let run = try await resendOnFullDisk(status: 422, room: 0)
        expectKeptAsFailed(run, status: 422)
    }

    @Test("accepted with no room at all: reported as succeeded and not recorded; it stays to be sent again")
    func acceptedDoesNotFit() async throws {
        let run = try await resendOnFullDisk(status: 201, room: 0)
        #expect(run.left == [run.frozen])
        var expected = HTFreezeResendSummary()
        expected.succeeded = 1
        expected.notRecorded = 1
        #expect(run.summary == expected)
    }

    @Test("a journal with a torn tail that can't be compacted for lack of space loads its intact entries")
    func tornTailOnFullDisk() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
            try journal.put(contentsOf: (1...3).map { sampleFrozenRequest($0) })
        }
        let intactSize = try FileManager.default.attributesOfItem(atPath: folder.journalURL.path)[.size] as? Int
        // A record cut short by a crash: its header promises 200 bytes, 5 arrived.
        let handle = try FileHandle(forWritingTo: folder.journalURL)
        try handle.seekToEnd()
        let whole = FreezeJournalDamageTests.framed(Array(repeating: 9, count: 200))
        try handle.write(contentsOf: Data(whole.prefix(HTFreezeJournal.recordHeaderSize + 5)))
        try handle.close()

        let disk = FreezeFullDisk(room: 0)
        do {
            let journal = try HTFreezeJournal(
                fileURL: folder.journalURL, durability: .synchronous, credentialHeaders: HTFreezeCredentialHeaders(),
                sealer: nil, lock: nil, io: disk.io)
            #expect(journal.entries.map(\.id) == ["id-1", "id-2", "id-3"])
            #expect(journal.loadReport.damaged.count == 1)
            #expect(journal.loadReport.rewriteError?.code == ENOSPC)
            #expect(!journal.loadReport.isClean)
            // The torn tail was cut off (that needs no room), so new records follow the intact ones.
            let size = try FileManager.default.attributesOfItem(atPath: folder.journalURL.path)[.size] as? Int
            #expect(size == intactSize)
            disk.setRoom(.max)
            try journal.put(sampleFrozenRequest(4))
        }
        let reopened = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(reopened.entries.map(\.id) == ["id-1", "id-2", "id-3", "id-4"])
        #expect(reopened.loadReport.isClean)
    }
}
