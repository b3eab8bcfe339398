import Foundation
import Testing

@testable import HTNetworking

/// A damaged journal never loads a record planted in a request's body, loses at most the damaged record
/// where that is safe, and keeps what it can't read; and what the journal acknowledges, the next
/// process loads (the size limit).
@Suite("Freeze journal damage")
struct FreezeJournalDamageTests {
    /// A whole record in the current framing, as the journal writes it.
    static func framed(_ payload: [UInt8], legacy: Bool = false) -> [UInt8] {
        func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let crc = payload.withUnsafeBytes { HTCRC32.checksum($0) }
        let checked: [UInt8] = [0xF7, 0x5A] + littleEndian(UInt32(payload.count)) + littleEndian(crc)
        guard !legacy else { return checked + payload }
        let headerCRC = checked.withUnsafeBytes { HTCRC32.checksum($0) }
        return checked + littleEndian(headerCRC) + payload
    }

    /// A forged put, framed as a record of either format: a request the app never made.
    static func forgedRecord(_ name: String, legacy: Bool) -> [UInt8] {
        var forged = sampleFrozenRequest(99)
        forged.id = name
        forged.freezeKey = "forged-key-\(name)"
        forged.sequence = 1
        forged.url = URL(string: "http://127.0.0.1:1/transfer?to=attacker")!
        var payload: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(forged), into: &payload)
        return framed(payload, legacy: legacy)
    }

    /// A body (a photo, a multipart file) that holds whole records of both formats and journal headers.
    static let plantedBody: Data = {
        var bytes = Array("\u{89}PNG-not-really".utf8)
        bytes += HTFreezeJournal.header + forgedRecord("forged-current", legacy: false)
        bytes += HTFreezeJournal.legacyHeader + forgedRecord("forged-legacy", legacy: true)
        bytes += forgedRecord("forged-tail", legacy: false)
        return Data(bytes)
    }()

    /// The three requests the app froze; the middle one carries the planted body.
    static let frozen: [HTFrozenRequest] = {
        var planted = sampleFrozenRequest(1)
        planted.body = plantedBody
        return [sampleFrozenRequest(0), planted, sampleFrozenRequest(2)]
    }()

    /// Writes the journal of ``frozen``; returns its bytes and where each record starts.
    static func writeJournal(in folder: FreezeTemporaryFolder) throws -> (file: Data, starts: [Int]) {
        var starts: [Int] = []
        let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
        for request in frozen {
            starts.append(try Data(contentsOf: folder.journalURL).count)
            try journal.put(request)
        }
        return (try Data(contentsOf: folder.journalURL), starts)
    }

    /// Opens `damaged` as the journal and checks that every entry it loads is one the app froze, exactly.
    static func openDamaged(
        _ damaged: Data, in folder: FreezeTemporaryFolder, _ comment: Comment
    ) throws -> HTFreezeJournal {
        try damaged.write(to: folder.journalURL)
        let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
        let originals = Dictionary(uniqueKeysWithValues: frozen.map { ($0.id, $0) })
        for entry in journal.entries {
            var original = try #require(originals[entry.id], "an entry the app never froze: \(entry.id); \(comment)")
            original.sequence = entry.sequence
            #expect(entry == original, comment)
        }
        // The set-aside files are never loaded; clear them so the next round starts alike.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        where name.contains(".damaged-") {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent(name))
        }
        return journal
    }

    @Test("No record planted in a body is ever loaded, whatever the damage: bits, bytes, cuts, zeroed runs")
    func plantedRecordsNeverLoad() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let (file, starts) = try Self.writeJournal(in: folder)
        #expect(file.count > Self.plantedBody.count)
        // A flipped bit in every byte (every bit of the record headers, where damage moves the reader).
        for offset in HTFreezeJournal.header.count..<file.count {
            let inHeader = starts.contains { (($0)..<($0 + HTFreezeJournal.recordHeaderSize)).contains(offset) }
            for bit in inHeader ? Array(0..<8) : [offset % 8] {
                var damaged = file
                damaged[offset] ^= 1 << UInt8(bit)
                _ = try Self.openDamaged(damaged, in: folder, "bit \(bit) of byte \(offset) flipped")
            }
        }
        // Cut at every byte; every byte removed (a shifted file); a run of zeros or of 0xFF (a lost
        // sector, a torn append that left zeros) at every other byte.
        for offset in HTFreezeJournal.header.count..<file.count {
            _ = try Self.openDamaged(file.prefix(offset), in: folder, "cut at \(offset)")
            var shifted = file
            shifted.remove(at: offset)
            _ = try Self.openDamaged(shifted, in: folder, "byte \(offset) removed")
            let fill: UInt8 = offset % 4 < 2 ? 0 : 0xFF
            guard offset % 2 == 0 else { continue }
            var damaged = file
            for index in offset..<min(file.count, offset + 6) { damaged[index] = fill }
            _ = try Self.openDamaged(damaged, in: folder, "6 bytes of \(fill) at \(offset)")
        }
    }

    @Test("A record header with two flipped bits ends the journal; the rest is kept aside, never loaded")
    func damagedHeaderEndsTheJournal() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let (file, starts) = try Self.writeJournal(in: folder)
        var damaged = file
        damaged[starts[1] + 2] ^= 0x01  // the planted request's length
        damaged[starts[1] + 3] ^= 0x40
        try damaged.write(to: folder.journalURL)
        let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
        #expect(journal.entries.map(\.id) == ["id-0"])
        #expect(journal.loadReport.damaged.map(\.reason) == ["damaged record header"])
        #expect(journal.loadReport.damaged.first?.offset == starts[1])
        #expect(journal.loadReport.damagedBytes == file.count - starts[1])
        let aside = try #require(journal.loadReport.setAsideTail)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == damaged)
        let mode = try FileManager.default.attributesOfItem(atPath: aside)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The journal was rewritten with what was read; new entries follow it and load.
        try journal.put(sampleFrozenRequest(3))
        let reopened = try folder.journalCopy()
        #expect(reopened.loadReport.isClean)
        #expect(reopened.entries.map(\.id) == ["id-0", "id-3"])
    }

    @Test("One flipped bit in any record header is repaired: nothing is lost")
    func oneBitInAHeaderIsRepaired() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let (file, starts) = try Self.writeJournal(in: folder)
        for start in starts {
            for bit in 0..<(HTFreezeJournal.recordHeaderSize * 8) {
                var damaged = file
                damaged[start + bit / 8] ^= 1 << UInt8(bit % 8)
                let journal = try Self.openDamaged(damaged, in: folder, "header bit \(bit) at \(start)")
                #expect(journal.entries.map(\.id) == ["id-0", "id-1", "id-2"], "header bit \(bit) at \(start)")
                #expect(journal.loadReport.damaged.map(\.reason) == ["repaired record header"])
                #expect(journal.loadReport.setAsideTail == nil)
            }
        }
    }

    @Test("A damaged payload behind an intact header loses only its own record")
    func damagedPayloadLosesItself() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let (file, starts) = try Self.writeJournal(in: folder)
        var damaged = file
        // Inside the planted request's body, on a forged record's marker.
        let planted = try #require(file.range(of: Data(Self.forgedRecord("forged-current", legacy: false))))
        damaged[planted.lowerBound + 20] ^= 0xFF
        let journal = try Self.openDamaged(damaged, in: folder, "payload damage")
        #expect(journal.entries.map(\.id) == ["id-0", "id-2"])
        #expect(journal.loadReport.damaged.map(\.reason) == ["checksum mismatch"])
        #expect(journal.loadReport.damaged.first?.offset == starts[1])
        #expect(journal.loadReport.damaged.first?.length == starts[2] - starts[1])
        #expect(journal.loadReport.setAsideTail == nil)
    }

    @Test("A first-format journal: read record by record, any damage ends it, rewritten in the current format")
    func legacyJournal() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var file = HTFreezeJournal.legacyHeader
        var starts: [Int] = []
        for (index, request) in Self.frozen.enumerated() {
            var payload: [UInt8] = []
            HTFreezeRecordCoding.encode(.put(request.withSequence(UInt64(index + 1))), into: &payload)
            starts.append(file.count)
            file += Self.framed(payload, legacy: true)
        }
        do {
            let clean = try Self.openDamaged(Data(file), in: folder, "clean first-format journal")
            #expect(clean.entries.map(\.id) == ["id-0", "id-1", "id-2"])
            #expect(clean.loadReport.damaged.isEmpty)
        }
        #expect(try Data(contentsOf: folder.journalURL).starts(with: HTFreezeJournal.header))
        // A flipped bit in the planted request's length: the old reader searched on and found the
        // records in its body.
        for bit in 0..<32 {
            var damaged = file
            damaged[starts[1] + 2 + bit / 8] ^= 1 << UInt8(bit % 8)
            let journal = try Self.openDamaged(Data(damaged), in: folder, "first format, length bit \(bit)")
            #expect(journal.entries.map(\.id) == ["id-0"], "first format, length bit \(bit)")
        }
    }

    @Test("The size limit: a record of exactly 64 MiB is kept and loads; one byte more is refused, unwritten")
    func sizeLimit() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var probe = sampleFrozenRequest(7)
        probe.body = Data()
        var empty: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(probe.withSequence(1)), into: &empty)
        let bodyAtLimit = HTFreezeJournal.maximumPayload - empty.count

        let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
        try journal.put(sampleFrozenRequest(0))
        let before = try Data(contentsOf: folder.journalURL)
        var over = probe
        over.id = "id-8"  // as long as the probe's id and key
        over.freezeKey = "key-8"
        over.body = Data(repeating: 0x5A, count: bodyAtLimit + 1)
        do {
            try journal.put(over)
            Issue.record("a record over the limit was acknowledged")
        } catch {
            #expect(error.isRecordTooLarge)
            #expect(error.detail?.contains("67108865 bytes") == true, "\(error)")
        }
        #expect(try Data(contentsOf: folder.journalURL) == before)
        #expect(journal.entries.map(\.id) == ["id-0"])

        var atLimit = probe
        atLimit.body = Data(repeating: 0xA5, count: bodyAtLimit)
        let stored = try journal.put(atLimit)
        let reopened = try folder.journalCopy()
        #expect(reopened.loadReport.isClean)
        #expect(reopened.entries.map(\.id) == ["id-0", "id-7"])
        #expect(reopened.entry(id: "id-7") == stored)
    }

    @Test("The manager refuses a request over the limit with a typed error and keeps nothing")
    func managerRefusesOversize() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let manager = try HTFreezeManager(directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable))
        var request = sampleFrozenRequest(3)
        request.body = Data(count: HTFreezeJournal.maximumPayload)
        do {
            try await manager.freeze(request)
            Issue.record("a request over the limit was acknowledged")
        } catch {
            #expect(error.isRecordTooLarge)
        }
        #expect(try await manager.allFrozenRequests().isEmpty)
    }
}
