import Foundation
import Testing

@testable import HTNetworking

/// A test-only sealer (no security at all): a marker and the key byte, then the payload reversed and
/// XORed with the key. Opening with another key throws, as an authenticated cipher would.
struct ToySealer: HTFreezeRecordSealing {
    struct WrongKey: Error {}
    var key: UInt8 = 0x5C

    func seal(_ plaintext: Data) throws -> Data {
        Data("TOY".utf8) + [key] + Data(plaintext.reversed().map { $0 ^ key })
    }

    func open(_ sealed: Data) throws -> Data {
        guard sealed.count >= 4, sealed.prefix(3) == Data("TOY".utf8), sealed[sealed.startIndex + 3] == key else {
            throw WrongKey()
        }
        return Data(sealed.dropFirst(4).map { $0 ^ key }.reversed())
    }
}

/// A sealer whose `open` returns bytes that are not a record.
struct GarbageOpener: HTFreezeRecordSealing {
    func seal(_ plaintext: Data) throws -> Data { plaintext }
    func open(_ sealed: Data) throws -> Data { Data([0xEE, 0x01, 0x02]) }
}

/// A sealer that can't seal.
struct FailingSealer: HTFreezeRecordSealing {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the key is unavailable" }
    }
    func seal(_ plaintext: Data) throws -> Data { throw Broken() }
    func open(_ sealed: Data) throws -> Data { throw Broken() }
}

@Suite("Freeze journal at rest: sealed records", .timeLimit(.minutes(3)))
struct FreezeSealingTests {
    private let password = "password=hunter2-at-rest"

    @Test("Sealed records keep the body out of the file and load back with the sealer, every field intact")
    func sealedRoundTrip() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let written = [sampleFrozenRequest(0, body: password), sampleFrozenRequest(1, body: password + "-1")]
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
            try journal.put(contentsOf: written)
            try journal.remove(id: "id-1")
            try journal.put(sampleFrozenRequest(2, body: password + "-2"))
        }
        for needle in ["hunter2", "idempotent?n=", "SampleRequest", "key-0"] {
            #expect(!freezeFolderContains(folder.url, needle), "\(needle) is on disk")
        }
        #expect(freezeFolderContains(folder.url, "id-0"))  // the id is stored beside the sealed bytes
        let reopened = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
        #expect(reopened.loadReport.isClean)
        #expect(reopened.loadReport.recordsRead == 4)
        #expect(reopened.entries.map(\.id) == ["id-0", "id-2"])
        #expect(reopened.entry(id: "id-0") == written[0].withSequence(1))
        #expect(reopened.entry(freezeKey: "key-2")?.body == Data((password + "-2").utf8))
        // Compaction re-seals the live entries.
        try reopened.compact()
        #expect(!freezeFolderContains(folder.url, "hunter2"))
        #expect(try folder.journalCopy(sealer: ToySealer()).entries == reopened.entries)
    }

    @Test(
        "Without the sealer (or with another key): a typed error per record, nothing dropped; the right sealer loads them"
    )
    func unopenedRecordsAreReportedAndKept() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var afterFirst = 0
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
            try journal.put(sampleFrozenRequest(0, body: password))
            afterFirst = try Data(contentsOf: folder.journalURL).count
            try journal.put(sampleFrozenRequest(1, body: password))
        }
        let sealedFile = try Data(contentsOf: folder.journalURL)

        let without = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(without.count == 0)
        #expect(without.unopenedIDs == ["id-0", "id-1"])
        #expect(
            without.loadReport.unopened == [
                .init(offset: 8, id: "id-0", error: .noSealer), .init(offset: afterFirst, id: "id-1", error: .noSealer),
            ])
        #expect(without.loadReport.recordsRead == 2)
        #expect(without.loadReport.damaged.isEmpty)
        #expect(!without.loadReport.isClean)
        #expect(try Data(contentsOf: folder.journalURL) == sealedFile)  // not rewritten

        // The others read copies: one journal at a time on a file.
        let wrongKey = try folder.journalCopy(sealer: ToySealer(key: 0x11))
        #expect(wrongKey.loadReport.unopened.map(\.error) == Array(repeating: .openFailed("WrongKey()"), count: 2))
        #expect(wrongKey.count == 0)
        let garbage = try folder.journalCopy(sealer: GarbageOpener())
        #expect(garbage.loadReport.unopened.map(\.error) == [.notARecord, .notARecord])
        #expect(try Data(contentsOf: folder.journalURL) == sealedFile)

        // Without the sealer, a new entry is stored unsealed, with a sequence number after the unopened
        // ones; compaction keeps those byte for byte.
        #expect(try without.put(sampleFrozenRequest(2)).sequence == 3)
        try without.compact()
        #expect(without.recordsInFile == 3)
        #expect(try Data(contentsOf: folder.journalURL).range(of: sealedFile.dropFirst(8)) != nil)

        let right = try folder.journalCopy(sealer: ToySealer())
        #expect(right.loadReport.isClean)
        #expect(right.entries.map(\.id) == ["id-0", "id-1", "id-2"])
        #expect(right.entry(id: "id-1")?.body == Data(password.utf8))
    }

    @Test("A torn tail next to unopened records: the repair keeps them")
    func repairKeepsUnopened() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
            try journal.put(contentsOf: (0..<3).map { sampleFrozenRequest($0, body: password) })
        }
        let data = try Data(contentsOf: folder.journalURL)
        try data.prefix(data.count - 5).write(to: folder.journalURL)
        let without = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(without.loadReport.damaged.map(\.reason) == ["torn record"])
        #expect(without.unopenedIDs == ["id-0", "id-1"])
        let right = try folder.journalCopy(sealer: ToySealer())
        #expect(right.loadReport.isClean)
        #expect(right.entries.map(\.id) == ["id-0", "id-1"])
    }

    @Test("Unopened records can be removed one by one or all at once")
    func removeUnopened() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
            try journal.put(contentsOf: (0..<3).map { sampleFrozenRequest($0) })
        }
        let without = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(try without.remove(id: "id-1") == nil)
        #expect(without.unopenedIDs == ["id-0", "id-2"])
        #expect(
            try folder.journalCopy(sealer: ToySealer()).entries.map(\.id) == ["id-0", "id-2"])
        try without.removeAll()
        #expect(without.unopenedIDs.isEmpty)
        #expect(try folder.journalCopy(sealer: ToySealer()).count == 0)
    }

    @Test("Unsealed records (versions 1 and 2) still load with a sealer, and the file is rewritten sealed")
    func olderRecordsMigrate() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var version1: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(sampleFrozenRequest(0, body: password).withSequence(1)), into: &version1)
        version1[1] = 1
        version1.removeLast(2)  // no transport type, no security requirements
        var version2: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(sampleFrozenRequest(1, body: password).withSequence(2)), into: &version2)
        version2[1] = 2
        version2.removeLast()  // no security requirements
        var file = HTFreezeJournal.legacyHeader  // a journal of the first format
        for payload in [version1, version2] {
            let length = UInt32(payload.count)
            let crc = payload.withUnsafeBytes { HTCRC32.checksum($0) }
            file +=
                [0xF7, 0x5A] + (0..<4).map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) }
                + (0..<4).map { UInt8(truncatingIfNeeded: crc >> ($0 * 8)) } + payload
        }
        try Data(file).write(to: folder.journalURL)
        #expect(freezeFolderContains(folder.url, "hunter2"))

        let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: ToySealer())
        #expect(journal.loadReport.isClean)
        #expect(
            journal.entries == [
                sampleFrozenRequest(0, body: password).withSequence(1),
                sampleFrozenRequest(1, body: password).withSequence(2),
            ])
        #expect(!freezeFolderContains(folder.url, "hunter2"))
        #expect(try folder.journalCopy(sealer: ToySealer()).entries == journal.entries)
    }

    @Test("Record coding: a sealed put is kind 3; an id swapped beside the sealed bytes is caught")
    func sealedCoding() throws {
        let request = sampleFrozenRequest(4).withSequence(9)
        var bytes: [UInt8] = []
        try HTFreezeRecordCoding.encode(.put(request), sealer: ToySealer(), into: &bytes)
        #expect(bytes[0] == 3 && bytes[1] == 1)
        #expect(
            try bytes.withUnsafeBytes { try HTFreezeRecordCoding.decode($0, sealer: ToySealer()) }
                == .record(.put(request), sealed: true))
        // The plain decoder does not take a sealed record for a request.
        #expect(throws: HTFreezeRecordCoding.Malformed.self) {
            try bytes.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) }
        }
        // Removes are never sealed.
        var remove: [UInt8] = []
        try HTFreezeRecordCoding.encode(.remove(id: "id-4"), sealer: ToySealer(), into: &remove)
        #expect(remove.first == 2)

        var swapped = bytes
        let idStart = 2 + 4
        #expect(swapped[idStart..<idStart + 4] == Array("id-4".utf8)[...])
        swapped[idStart + 3] = UInt8(ascii: "5")
        #expect(
            try swapped.withUnsafeBytes { try HTFreezeRecordCoding.decode($0, sealer: ToySealer()) }
                == .unopened(id: "id-5", sequence: 9, error: .notARecord))
        var unknownVersion = bytes
        unknownVersion[1] = 2
        #expect(throws: HTFreezeRecordCoding.Malformed.self) {
            try unknownVersion.withUnsafeBytes { try HTFreezeRecordCoding.decode($0, sealer: ToySealer()) }
        }
    }

    @Test("A sealer that fails: the write fails with a typed error and nothing unsealed is written")
    func sealFailure() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let journal = try HTFreezeJournal(fileURL: folder.journalURL, sealer: FailingSealer())
        do {
            try journal.put(sampleFrozenRequest(0, body: password))
            Issue.record("expected a seal failure")
        } catch {
            #expect(error.operation == "seal")
            #expect(error.detail == "the key is unavailable")
        }
        #expect(journal.count == 0)
        #expect(try Data(contentsOf: folder.journalURL) == Data(HTFreezeJournal.header))
        #expect(journal.makeSequence() == 1)
    }

    @Test(
        "End to end: the manager seals at rest; the server gets the original body; without the sealer nothing is lost")
    func managerSealsAndResends() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let sealed = HTFreezeManager.Configuration(sealer: ToySealer())
        let id: String
        do {
            let manager = try HTFreezeManager(directory: folder.url, monitor: monitor, configuration: sealed)
            id = try await manager.freeze(FreezePathRequest(route: "idempotent", text: password), via: client)
            #expect(!freezeFolderContains(folder.url, "hunter2"))
        }

        // Opened without the sealer (say the key is not available yet): reported, not dropped.
        do {
            let blind = try HTFreezeManager(
                directory: folder.url, monitor: monitor, configuration: .init())
            #expect(try await blind.allFrozenRequests().isEmpty)
            #expect(await blind.journalLoadReport.unopened.map(\.id) == [id])
            #expect(await blind.journalLoadReport.unopened.first?.error == .noSealer)
        }

        let reopened = try HTFreezeManager(directory: folder.url, monitor: monitor, configuration: sealed)
        #expect(try await reopened.allFrozenRequests().map(\.id) == [id])
        monitor.set(.reachable(isExpensive: false))
        await reopened.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        #expect(await reopened.resendNow().succeeded == 1)
        let ledger = try await FreezeLedger(server)
        #expect(ledger.applied == [id])
        #expect(ledger.bodies[id]?.contains(password) == true)
        #expect(try await reopened.allFrozenRequests().isEmpty)
        #expect(!freezeFolderContains(folder.url, "hunter2"))
    }
}
