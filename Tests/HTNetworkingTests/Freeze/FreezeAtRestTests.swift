import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import HTNetworking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permission bits of `path` (`-1` when it does not exist).
func freezeFileMode(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o7777)
}

@Suite("Freeze journal at rest: modes", .timeLimit(.minutes(2)))
struct FreezeAtRestTests {
    @Test("A new journal: folder 0700, journal 0600 (also after compaction), whatever the umask")
    func freshModes() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let directory = folder.url.appendingPathComponent("new/freeze", isDirectory: true)
        let file = directory.appendingPathComponent("freeze.journal")
        // The loosest umask: the modes must be set explicitly, not left to the umask.
        let savedMask = umask(0)
        let journal: HTFreezeJournal
        do {
            defer { umask(savedMask) }
            journal = try HTFreezeJournal(fileURL: file, durability: .buffered)
            try journal.put(sampleFrozenRequest(0))
            try journal.compact()
        }
        #expect(freezeFileMode(directory.path) == 0o700)
        #expect(freezeFileMode(file.path) == 0o600)
        try journal.put(sampleFrozenRequest(1))
        try journal.compact()
        #expect(freezeFileMode(file.path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["freeze.journal"])
        // A file that is not a journal is set aside 0600.
        try Data("not a journal".utf8).write(to: file)
        chmod(file.path, 0o644)
        let repaired = try HTFreezeJournal(fileURL: file, durability: .buffered)
        let aside = try #require(repaired.loadReport.setAsideFile)
        #expect(freezeFileMode(aside) == 0o600)
        #expect(freezeFileMode(file.path) == 0o600)
    }

    @Test("A folder and files an older version left 0755/0644 are tightened when the journal opens")
    func looseModesTightened() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let file = folder.journalURL
        do {
            let journal = try HTFreezeJournal(fileURL: file, durability: .buffered)
            try journal.put(sampleFrozenRequest(0))
        }
        let compacting = file.path + ".compacting"
        let aside = file.path + ".unreadable-1700000000"
        try Data("left by a crash".utf8).write(to: URL(fileURLWithPath: compacting))
        try Data("set aside".utf8).write(to: URL(fileURLWithPath: aside))
        for (path, mode) in [(folder.url.path, 0o755), (file.path, 0o644), (compacting, 0o644), (aside, 0o644)] {
            #expect(chmod(path, mode_t(mode)) == 0)
            #expect(freezeFileMode(path) == mode)
        }
        // A clean journal (opened for appending, not rewritten).
        let reopened = try HTFreezeJournal(fileURL: file, durability: .buffered)
        #expect(reopened.loadReport.isClean)
        #expect(reopened.count == 1)
        #expect(freezeFileMode(folder.url.path) == 0o700)
        #expect(freezeFileMode(file.path) == 0o600)
        #expect(freezeFileMode(aside) == 0o600)
        #expect(freezeFileMode(compacting) == -1)  // a stale temporary file is deleted

        // A journal that must be rewritten (an empty file) ends 0600 too.
        try Data().write(to: file)
        chmod(file.path, 0o666)
        chmod(folder.url.path, 0o777)
        _ = try HTFreezeJournal(fileURL: file, durability: .buffered)
        #expect(freezeFileMode(folder.url.path) == 0o700)
        #expect(freezeFileMode(file.path) == 0o600)
    }

    @Test("The freeze manager's folder and journal are 0700 and 0600")
    func managerModes() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let directory = folder.url.appendingPathComponent("Freeze", isDirectory: true)
        let manager = try HTFreezeManager(
            directory: directory, monitor: HTManualConnectivityMonitor(.unreachable), configuration: .init(notificationCenter: nil))
        _ = try await manager.freeze(FreezePathRequest(route: "idempotent", text: "m"), via: HTClient(baseURL: URL(string: "http://127.0.0.1:9")!))
        #expect(freezeFileMode(directory.path) == 0o700)
        #expect(freezeFileMode(directory.appendingPathComponent("freeze.journal").path) == 0o600)
    }
}
