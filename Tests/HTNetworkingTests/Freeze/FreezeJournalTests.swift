import Foundation
import Testing

@testable import HTNetworking

@Suite("Freeze journal")
struct FreezeJournalTests {
    @Test("Entries survive reopening with every field, in freeze order; removes are replayed")
    func roundTrip() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL)
            for index in 0..<4 {
                try journal.put(sampleFrozenRequest(index))
            }
            try journal.remove(id: "id-1")
            var changed = try #require(journal.entry(id: "id-2"))
            changed.attempts = 7
            try journal.put(changed)
        }
        let reopened = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(reopened.loadReport.isClean)
        #expect(reopened.loadReport.recordsRead == 6)
        #expect(reopened.entries.map(\.id) == ["id-0", "id-2", "id-3"])
        var expected = sampleFrozenRequest(2)
        expected.sequence = 3
        expected.attempts = 7
        #expect(reopened.entry(id: "id-2") == expected)
        #expect(reopened.entry(freezeKey: "key-3")?.id == "id-3")
        #expect(reopened.entry(freezeKey: "key-1") == nil)
        // New entries continue the sequence after reopening.
        let added = try reopened.put(sampleFrozenRequest(9))
        #expect(added.sequence == 5)
    }

    @Test("Version 1 and 2 records (before the transport type, the security) still decode; version 3 keeps both")
    func recordVersions() throws {
        var withType = sampleFrozenRequest(1)
        #expect(withType.transportType == "frames")
        withType.securityRequirements = [
            HTSecurityRequirement([
                HTSecurityScheme("bearer", .bearer),
                HTSecurityScheme("key", .apiKey(name: "X-API-Key", location: .header)),
            ]),
            HTSecurityRequirement([HTSecurityScheme("session", .apiKey(name: "sid", location: .cookie))]), .anonymous,
            HTSecurityRequirement([HTSecurityScheme("tls", .external)]),
        ]
        var bytes: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(withType), into: &bytes)
        #expect(try bytes.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) } == .put(withType))

        // A version 2 record is a version 3 record without the last field (its "absent" flag), a
        // version 1 record a version 2 record without the transport type's.
        let without = sampleFrozenRequest(0)
        #expect(without.transportType == nil && without.securityRequirements == nil)
        var version2: [UInt8] = []
        HTFreezeRecordCoding.encode(.put(without), into: &version2)
        #expect(version2[1] == 3 && version2.suffix(2) == [0, 0])
        version2[1] = 2
        version2.removeLast()
        #expect(try version2.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) } == .put(without))
        var version1 = version2
        version1[1] = 1
        version1.removeLast()
        #expect(try version1.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) } == .put(without))
        // A version 1 record with bytes left over, or an unknown version, is malformed.
        var trailing = version1
        trailing.append(0)
        #expect(throws: HTFreezeRecordCoding.Malformed.self) {
            try trailing.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) }
        }
        var unknown = bytes
        unknown[1] = 4
        #expect(throws: HTFreezeRecordCoding.Malformed.self) {
            try unknown.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) }
        }
        // A damaged requirement (an unknown kind byte) is malformed, never a made-up scheme.
        var damaged = bytes
        #expect(damaged.last == 3)
        damaged[damaged.count - 1] = 9
        #expect(throws: HTFreezeRecordCoding.Malformed.self) {
            try damaged.withUnsafeBytes { try HTFreezeRecordCoding.decode($0) }
        }
    }

    @Test("A torn last record: every complete entry loads, the rest is reported and cut off")
    func tornTail() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL)
            for index in 0..<5 {
                try journal.put(sampleFrozenRequest(index))
            }
        }
        let data = try Data(contentsOf: folder.journalURL)
        try data.prefix(data.count - 7).write(to: folder.journalURL)
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL)
            #expect(journal.entries.map(\.id) == ["id-0", "id-1", "id-2", "id-3"])
            #expect(journal.loadReport.damaged.count == 1)
            #expect(journal.loadReport.damaged.first?.reason == "torn record")
            #expect(!journal.loadReport.isClean)
            // The file was repaired: appending and reopening gives a clean journal.
            try journal.put(sampleFrozenRequest(5))
        }
        let again = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(again.loadReport.isClean)
        #expect(again.entries.map(\.id) == ["id-0", "id-1", "id-2", "id-3", "id-5"])
    }

    @Test("Truncated at every byte offset: loads exactly the complete records before the cut, never traps")
    func everyTruncation() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var boundaries: [Int] = []
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
            boundaries.append(try Data(contentsOf: folder.journalURL).count)
            for index in 0..<3 {
                try journal.put(sampleFrozenRequest(index))
                boundaries.append(try Data(contentsOf: folder.journalURL).count)
            }
        }
        let full = try Data(contentsOf: folder.journalURL)
        for cut in 0...full.count {
            try full.prefix(cut).write(to: folder.journalURL)
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
            let complete = cut < boundaries[0] ? 0 : boundaries.filter { $0 <= cut }.count - 1
            #expect(journal.count == complete, "cut at \(cut)")
            if cut > boundaries[0] && !boundaries.contains(cut) {
                #expect(journal.loadReport.damagedBytes == cut - boundaries[complete], "cut at \(cut)")
            }
        }
    }

    @Test("A corrupt record in the middle is skipped; the records after it still load")
    func corruptMiddle() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var afterFirst = 0
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL)
            try journal.put(sampleFrozenRequest(0))
            afterFirst = try Data(contentsOf: folder.journalURL).count
            for index in 1..<5 {
                try journal.put(sampleFrozenRequest(index))
            }
        }
        var data = try Data(contentsOf: folder.journalURL)
        data[afterFirst + 30] ^= 0xFF
        try data.write(to: folder.journalURL)
        let journal = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(journal.entries.map(\.id) == ["id-0", "id-2", "id-3", "id-4"])
        #expect(journal.loadReport.damaged.map(\.reason) == ["checksum mismatch"])
        #expect(journal.loadReport.damaged.first?.offset == afterFirst)
    }

    @Test("A file that is not a journal is set aside, not overwritten")
    func notAJournal() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        try Data("hello, not a journal".utf8).write(to: folder.journalURL)
        let journal = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(journal.count == 0)
        let aside = try #require(journal.loadReport.setAsideFile)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data("hello, not a journal".utf8))
    }

    @Test("Random garbage never traps and never invents entries")
    func garbage() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        var generator = SplitMix(seed: 42)
        for round in 0..<200 {
            var bytes = HTFreezeJournal.header
            for _ in 0..<(Int(generator.next() % 400)) {
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
            }
            if round % 2 == 0 { bytes.insert(contentsOf: [0xF7, 0x5A], at: 8) }
            try Data(bytes).write(to: folder.journalURL)
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
            #expect(journal.count == 0)
            #expect(journal.loadReport.damagedBytes == bytes.count - 8)
        }
    }

    @Test("Compaction keeps the live entries in order and shrinks the file; it also runs by itself")
    func compaction() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
        try journal.put(contentsOf: (0..<10).map { sampleFrozenRequest($0) })
        for index in 0..<8 {
            try journal.remove(id: "id-\(index)")
        }
        let before = try Data(contentsOf: folder.journalURL).count
        #expect(journal.recordsInFile == 18)
        try journal.compact()
        #expect(journal.recordsInFile == 2)
        #expect(try Data(contentsOf: folder.journalURL).count < before / 3)
        let reopened = try folder.journalCopy()
        #expect(reopened.entries.map(\.id) == ["id-8", "id-9"])

        try journal.put(contentsOf: (100..<2_200).map { sampleFrozenRequest($0) })
        for index in 100..<2_200 {
            try journal.remove(id: "id-\(index)")
        }
        #expect(journal.recordsInFile < 2_000)  // compacted on the way: 4,200 records were written
        #expect(try folder.journalCopy().entries.map(\.id) == ["id-8", "id-9"])
        try journal.removeAll()
        #expect(journal.count == 0)
        #expect(try folder.journalCopy().count == 0)
    }

    @Test("10,000 entries: persist and load (figures printed)")
    func tenThousand() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let requests = (0..<10_000).map { sampleFrozenRequest($0) }
        let clock = ContinuousClock()
        let journal = try HTFreezeJournal(fileURL: folder.journalURL)
        let batchTime = try clock.measure { try journal.put(contentsOf: requests) }
        var loaded: HTFreezeJournal?
        let loadTime = try clock.measure { loaded = try folder.journalCopy() }
        let size = try Data(contentsOf: folder.journalURL).count
        print(
            "freeze journal: 10,000 entries (\(size) bytes) written in one fsync'd batch in \(batchTime), loaded in \(loadTime)"
        )
        #expect(loaded?.count == 10_000)
        #expect(loaded?.entries.first?.id == "id-0")
        #expect(loaded?.entries.last?.id == "id-9999")
        #expect(loaded?.entry(id: "id-5000") == journal.entry(id: "id-5000"))
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        var abc = HTSHA256()
        abc.update(Array("abc".utf8))
        #expect(abc.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var long = HTSHA256()
        long.update(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        #expect(long.hexDigest() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var empty = HTSHA256()
        #expect(empty.hexDigest() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}

/// A small deterministic generator for fuzzing.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
