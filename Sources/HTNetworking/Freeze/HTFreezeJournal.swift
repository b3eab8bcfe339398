import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The frozen requests on disk: an append-only journal that survives crashes and restarts.
///
/// ## Format
/// The file starts with the 8-byte header `HTFZJNL1`. Each record follows as
/// `F7 5A | payload length (UInt32 LE) | CRC-32 of the payload (UInt32 LE) | payload`, where the payload
/// is a *put* (a whole ``HTFrozenRequest``, new or replacing the one with the same id) or a *remove*
/// (an id). Each change is one `write(2)` of whole records followed (with ``Durability/synchronous``) by
/// `fsync(2)`, so a crash leaves at most one torn record at the end. Opening replays the records in order.
/// A torn or corrupt record is skipped (the reader looks for the next record whose checksum matches),
/// reported in ``loadReport`` and removed by rewriting the file.
///
/// ## At rest
/// - The folder is made mode `0700` and every file the journal writes in it (the journal, the temporary
///   compaction file, a file set aside as unreadable) `0600`, whatever the umask; a folder or file an
///   older version left looser is tightened when the journal opens (`chmod`; a failure to tighten is
///   an ``HTFreezeJournalError`` with operation `set permissions`). Give the journal a folder of its
///   own. On iOS, tvOS, watchOS and visionOS they also get the file protection
///   `completeUntilFirstUserAuthentication` (readable after the first unlock following a boot, so
///   resends work in the background).
/// - Credential headers (see ``HTFreezeCredentialHeaders``) are removed from a request before it is
///   stored, unless ``credentialHeaders`` lets them through; a file that holds some (written by an older
///   version) is rewritten without them when it opens.
/// - With a ``sealer``, each put record is sealed (see ``HTFreezeRecordSealing``); older unsealed
///   records still load and the file is rewritten sealed when it opens. A sealed record the journal
///   can't open is reported in ``HTFreezeJournalLoadReport/unopened`` and kept.
///
/// ## Compaction
/// ``compact()`` writes the live entries to a temporary file, `fsync`s it, renames it over the journal
/// (atomic) and `fsync`s the folder; it runs by itself when removed records outnumber live ones (and
/// there are more than 1,024 of them).
///
/// ## One owner
/// A journal is not thread-safe; ``HTFreezeManager`` owns one inside its actor. Only one journal may use
/// a file at a time: opening takes an exclusive `flock(2)` lock on the file `<journal>.lock` beside it
/// (a lock file, because compaction renames a new file over the journal), held until the journal (or
/// the manager that opened it) goes away, or its process dies. A second journal or manager on the same
/// file, in this process or another, waits up to two seconds for it, then fails to open with an
/// ``HTFreezeJournalError`` whose ``HTFreezeJournalError/isJournalInUse`` is `true`, rather than writing
/// over the first one's records.
package final class HTFreezeJournal {
    /// When a change counts as stored.
    package enum Durability: Sendable {
        /// Each change is `fsync`ed before the call returns: it survives a power loss.
        case synchronous
        /// Changes are written to the OS without `fsync`: they survive the process being killed, not a
        /// power loss. For benchmarks and tests.
        case buffered
    }

    /// The journal file.
    package let fileURL: URL
    /// The durability of changes.
    package let durability: Durability
    /// Which headers are credentials, left out of stored requests.
    package let credentialHeaders: HTFreezeCredentialHeaders
    /// What seals put records at rest, if anything.
    package let sealer: (any HTFreezeRecordSealing)?
    /// What opening the file found.
    package private(set) var loadReport: HTFreezeJournalLoadReport

    static let header: [UInt8] = Array("HTFZJNL1".utf8)
    static let recordMagic: (UInt8, UInt8) = (0xF7, 0x5A)
    static let recordHeaderSize = 10
    static let maximumPayload = 64 << 20

    /// A live sealed record that could not be opened, kept byte for byte.
    private struct Unopened {
        var sequence: UInt64
        var payload: [UInt8]
        var offset: Int
        var error: HTFreezeRecordSealingError
    }

    private var byID: [String: HTFrozenRequest] = [:]
    private var idByKey: [String: String] = [:]
    private var unopened: [String: Unopened] = [:]
    /// ``credentialHeaders``' answer per header name (a journal sees few names, in every record).
    private var strippedByName: [String: Bool] = [:]
    private var nextSequence: UInt64 = 1
    private var recordCount = 0
    private var descriptor: Int32 = -1
    private var fileSize: off_t = 0
    /// The lock that keeps every other journal off the file, held as long as the journal.
    private let lock: HTFileLock
    /// How bytes reach the files (`write(2)`; a full disk in tests).
    private let io: HTFreezeJournalIO

    /// Opens (or creates) the journal at `fileURL`, creating its folder (`0700`), and loads every intact
    /// entry.
    ///
    /// - Parameters:
    ///   - fileURL: the journal file.
    ///   - durability: whether each write is `fsync`ed before it returns.
    ///   - credentialHeaders: the headers left out of stored requests (by default every credential
    ///     header; see ``HTFreezeCredentialHeaders``).
    ///   - sealer: seals the put records at rest; `nil` (the default) stores them as they are.
    /// - Throws: ``HTFreezeJournalError`` when the folder or file can't be read, created or tightened, when
    ///   another journal has the file open (``HTFreezeJournalError/isJournalInUse``), or when a new
    ///   journal can't be written. A file with a valid header that needs a rewrite (damaged records,
    ///   credentials or unsealed records to remove) which fails, for lack of space say, still opens with
    ///   its intact entries loaded; see ``HTFreezeJournalLoadReport/rewriteError``.
    package convenience init(
        fileURL: URL, durability: Durability = .synchronous,
        credentialHeaders: HTFreezeCredentialHeaders = HTFreezeCredentialHeaders(),
        sealer: (any HTFreezeRecordSealing)? = nil
    ) throws(HTFreezeJournalError) {
        try self.init(
            fileURL: fileURL, durability: durability, credentialHeaders: credentialHeaders, sealer: sealer,
            lock: nil, io: .system)
    }

    /// Opens the journal holding `lock` (taken by ``lock(_:)`` for `fileURL`; taken here when `nil`),
    /// writing through `io`.
    init(
        fileURL: URL, durability: Durability, credentialHeaders: HTFreezeCredentialHeaders,
        sealer: (any HTFreezeRecordSealing)?, lock: HTFileLock?, io: HTFreezeJournalIO
    ) throws(HTFreezeJournalError) {
        self.fileURL = fileURL
        self.durability = durability
        self.credentialHeaders = credentialHeaders
        self.sealer = sealer
        self.loadReport = HTFreezeJournalLoadReport()
        self.io = io
        if let lock {
            self.lock = lock
        } else {
            self.lock = try Self.lock(fileURL)
        }
        try Self.prepareFolder(fileURL.deletingLastPathComponent())
        Self.tidyLeftovers(of: fileURL)
        var needsRewrite = false
        var canKeepFile = false
        var fileLength = 0
        if FileManager.default.fileExists(atPath: fileURL.path) {
            let data: Data
            do {
                data = try Data(contentsOf: fileURL)
            } catch {
                throw HTFreezeJournalError(operation: "read", path: fileURL.path, code: nil)
            }
            if data.isEmpty {
                needsRewrite = true
            } else if data.count < Self.header.count || !data.starts(with: Self.header) {
                let aside = fileURL.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
                guard rename(fileURL.path, aside) == 0 else {
                    throw HTFreezeJournalError(operation: "set aside", path: fileURL.path, code: errno)
                }
                chmod(aside, 0o600)
                loadReport.setAsideFile = aside
                needsRewrite = true
            } else {
                let needsScrub = data.withUnsafeBytes { replay($0) }
                needsRewrite = !loadReport.damaged.isEmpty || needsScrub
                canKeepFile = true
                fileLength = data.count
            }
        } else {
            needsRewrite = true
        }
        loadReport.entriesLoaded = byID.count
        loadReport.unopened = unopened.sorted { $0.value.sequence < $1.value.sequence }.map {
            HTFreezeJournalLoadReport.UnopenedRecord(offset: $0.value.offset, id: $0.key, error: $0.value.error)
        }
        guard needsRewrite else {
            try openForAppending()
            return
        }
        do {
            try compact()
        } catch {
            guard canKeepFile else { throw error }
            // No room to rewrite (a full disk, say): keep the file, whose intact records are loaded, and
            // repair it at a later compaction. A torn tail is cut off (which needs no room), so that new
            // records follow the last intact one.
            loadReport.rewriteError = error
            try openForAppending()
            if let last = loadReport.damaged.last, last.offset + last.length == fileLength,
                ftruncate(descriptor, off_t(last.offset)) == 0
            {
                fileSize = off_t(last.offset)
            }
        }
    }

    /// How long opening waits for another holder of the lock to let go before it fails, in seconds.
    static let lockPatience = 2.0

    /// Takes the lock that keeps every other journal off `fileURL` (the file `<journal>.lock` beside it),
    /// creating the folder first, waiting up to ``lockPatience`` for another holder to let go.
    ///
    /// - Throws: ``HTFreezeJournalError``; with ``HTFreezeJournalError/isJournalInUse`` when another
    ///   journal, in this process or another, holds it.
    static func lock(_ fileURL: URL) throws(HTFreezeJournalError) -> HTFileLock {
        try prepareFolder(fileURL.deletingLastPathComponent())
        let path = fileURL.path + ".lock"
        do throws(HTFileLock.Failure) {
            return try HTFileLock(path: path, flags: O_CREAT, patience: lockPatience)
        } catch {
            guard error.isHeldElsewhere else {
                throw HTFreezeJournalError(operation: "\(error.operation) lock file", path: path, code: error.code)
            }
            throw HTFreezeJournalError(
                operation: HTFreezeJournalError.inUseOperation, path: fileURL.path, code: error.code,
                detail: "the journal is open in another HTFreezeJournal or HTFreezeManager, in this process or "
                    + "another (lock file \(path))")
        }
    }

    deinit {
        if descriptor >= 0 {
            _ = posixClose(descriptor)
        }
    }

    // MARK: Reading

    /// The live entries, in freeze order.
    package var entries: [HTFrozenRequest] {
        byID.values.sorted { $0.sequence < $1.sequence }
    }

    /// How many entries are live.
    package var count: Int { byID.count }

    /// The entry with this id.
    package func entry(id: String) -> HTFrozenRequest? {
        byID[id]
    }

    /// The entry with this freeze key.
    package func entry(freezeKey: String) -> HTFrozenRequest? {
        idByKey[freezeKey].flatMap { byID[$0] }
    }

    /// The ids of the live sealed records that could not be opened (see
    /// ``HTFreezeJournalLoadReport/unopened``), in freeze order. They are kept in the file until removed.
    package var unopenedIDs: [String] {
        unopened.sorted { $0.value.sequence < $1.value.sequence }.map(\.key)
    }

    /// The number of records in the file (live and superseded): compaction brings it down to ``count``
    /// (plus the unopened sealed records it keeps).
    package var recordsInFile: Int { recordCount }

    /// The sequence number the next new entry gets.
    package func makeSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }

    // MARK: Writing

    /// Stores `request` (new, or replacing the entry with the same id) without its credential headers
    /// (see ``credentialHeaders``), sealed when the journal has a ``sealer``. A new request with sequence
    /// 0 gets the next sequence number. Returns the stored entry.
    @discardableResult
    package func put(_ request: HTFrozenRequest) throws(HTFreezeJournalError) -> HTFrozenRequest {
        try put(contentsOf: [request])[0]
    }

    /// Stores several requests with one write (and one `fsync`). Returns the stored entries.
    @discardableResult
    package func put(contentsOf requests: [HTFrozenRequest]) throws(HTFreezeJournalError) -> [HTFrozenRequest] {
        var stored = requests
        var bytes: [UInt8] = []
        let firstSequence = nextSequence
        do throws(HTFreezeJournalError) {
            for index in stored.indices {
                let id = stored[index].id
                if stored[index].sequence == 0 {
                    stored[index].sequence = byID[id]?.sequence ?? unopened[id]?.sequence ?? makeSequence()
                } else {
                    nextSequence = max(nextSequence, stored[index].sequence + 1)
                }
                stored[index].headers = removingCredentials(from: stored[index].headers)
                try appendRecord(.put(stored[index]), to: &bytes)
            }
            try append(bytes)
        } catch {
            nextSequence = firstSequence
            throw error
        }
        recordCount += stored.count
        for request in stored {
            apply(.put(request))
        }
        return stored
    }

    /// Removes the entry with this id (nothing happens when there is none). Returns the removed entry.
    @discardableResult
    package func remove(id: String) throws(HTFreezeJournalError) -> HTFrozenRequest? {
        try remove(ids: [id]).first
    }

    /// Removes the entries with these ids with one write (and one `fsync`); unknown ids are ignored.
    /// Returns the removed entries. The id of an unopened sealed record (see ``unopenedIDs``) removes it
    /// too (it is not among the returned entries).
    @discardableResult
    package func remove(ids: [String]) throws(HTFreezeJournalError) -> [HTFrozenRequest] {
        var seen = Set<String>()
        let unique = ids.filter { seen.insert($0).inserted }
        let existing = unique.compactMap { byID[$0] }
        let unopenedIDs = unique.filter { byID[$0] == nil && unopened[$0] != nil }
        let removed = existing.map(\.id) + unopenedIDs
        guard !removed.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for id in removed {
            try appendRecord(.remove(id: id), to: &bytes)
        }
        try append(bytes)
        recordCount += removed.count
        for id in removed {
            apply(.remove(id: id))
        }
        let live = byID.count + unopened.count
        if recordCount - live > 1_024 && recordCount - live > live {
            // Only a tidy-up: the removal is stored. A failed compaction (a full disk, say) leaves the
            // file as it was, to be compacted after a later removal.
            try? compact()
        }
        return existing
    }

    /// Removes every entry, unopened sealed records included (the file is replaced by an empty journal).
    package func removeAll() throws(HTFreezeJournalError) {
        let saved = (byID, idByKey, unopened)
        byID = [:]
        idByKey = [:]
        unopened = [:]
        do {
            try compact()
        } catch {
            (byID, idByKey, unopened) = saved
            throw error
        }
    }

    /// Rewrites the file with only the live entries, sealed when the journal has a ``sealer``, and the
    /// unopened sealed records as they were (write a `0600` temporary file, `fsync`, rename, `fsync` the
    /// folder).
    package func compact() throws(HTFreezeJournalError) {
        enum Item {
            case entry(HTFrozenRequest)
            case kept([UInt8])
        }
        let items =
            (byID.values.map { ($0.sequence, Item.entry($0)) }
            + unopened.values.map { ($0.sequence, Item.kept($0.payload)) })
            .sorted { $0.0 < $1.0 }
        var bytes = Self.header
        for (_, item) in items {
            switch item {
            case .entry(let request): try appendRecord(.put(request), to: &bytes)
            case .kept(let payload): Self.appendRawRecord(payload, to: &bytes)
            }
        }
        let temporary = fileURL.path + ".compacting"
        // A file left by a crash is replaced, never reused with its mode: the new one is made 0600 below.
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HTFreezeJournalError(operation: "create", path: temporary, code: errno) }
        do throws(HTFreezeJournalError) {
            // The umask only narrows the mode open(2) gets; set it exactly.
            guard fchmod(fd, 0o600) == 0 else {
                throw HTFreezeJournalError(operation: "set permissions", path: temporary, code: errno)
            }
            Self.applyFileProtection(temporary)
            try writeAll(fd, bytes, path: temporary)
            guard fsync(fd) == 0 else { throw HTFreezeJournalError(operation: "fsync", path: temporary, code: errno) }
        } catch {
            _ = posixClose(fd)
            unlink(temporary)
            throw error
        }
        _ = posixClose(fd)
        guard rename(temporary, fileURL.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw HTFreezeJournalError(operation: "rename", path: fileURL.path, code: code)
        }
        Self.syncFolder(of: fileURL)
        recordCount = items.count
        if descriptor >= 0 {
            _ = posixClose(descriptor)
            descriptor = -1
        }
        try openForAppending()
    }

    // MARK: Internals

    private func openForAppending() throws(HTFreezeJournalError) {
        let fd = open(fileURL.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw HTFreezeJournalError(operation: "open", path: fileURL.path, code: errno) }
        // Tightens a journal an older version created 0644.
        guard fchmod(fd, 0o600) == 0 else {
            let code = errno
            _ = posixClose(fd)
            throw HTFreezeJournalError(operation: "set permissions", path: fileURL.path, code: code)
        }
        Self.applyFileProtection(fileURL.path)
        let size = lseek(fd, 0, SEEK_END)
        guard size >= 0 else {
            let code = errno
            _ = posixClose(fd)
            throw HTFreezeJournalError(operation: "seek", path: fileURL.path, code: code)
        }
        descriptor = fd
        fileSize = size
    }

    /// Appends whole records; on a failed or short write the file is cut back to its previous size.
    private func append(_ bytes: [UInt8]) throws(HTFreezeJournalError) {
        guard descriptor >= 0 else { throw HTFreezeJournalError(operation: "write", path: fileURL.path, code: EBADF) }
        do throws(HTFreezeJournalError) {
            try writeAll(descriptor, bytes, path: fileURL.path)
            if durability == .synchronous {
                guard fsync(descriptor) == 0 else {
                    throw HTFreezeJournalError(operation: "fsync", path: fileURL.path, code: errno)
                }
            }
        } catch {
            _ = ftruncate(descriptor, fileSize)
            throw error
        }
        fileSize += off_t(bytes.count)
    }

    private func apply(_ record: HTFreezeRecordCoding.Record) {
        switch record {
        case .put(let request):
            if let old = byID[request.id], idByKey[old.freezeKey] == old.id {
                idByKey[old.freezeKey] = nil
            }
            unopened[request.id] = nil
            byID[request.id] = request
            idByKey[request.freezeKey] = request.id
            nextSequence = max(nextSequence, request.sequence + 1)
        case .remove(let id):
            unopened[id] = nil
            if let old = byID.removeValue(forKey: id), idByKey[old.freezeKey] == id {
                idByKey[old.freezeKey] = nil
            }
        }
    }

    /// `headers` without those ``credentialHeaders`` strips.
    private func removingCredentials(from headers: [String: String]) -> [String: String] {
        guard !credentialHeaders.persistsCredentialHeaders else { return headers }
        var kept = headers
        for name in headers.keys {
            let stripped: Bool
            if let known = strippedByName[name] {
                stripped = known
            } else {
                stripped = credentialHeaders.isStripped(name)
                if strippedByName.count >= 1_024 { strippedByName = [:] }
                strippedByName[name] = stripped
            }
            if stripped { kept[name] = nil }
        }
        return kept
    }

    /// A sealed put that could not be opened replaces the entry with its id, and is kept as it is.
    private func applyUnopened(id: String, _ kept: Unopened) {
        if let old = byID.removeValue(forKey: id), idByKey[old.freezeKey] == id {
            idByKey[old.freezeKey] = nil
        }
        unopened[id] = kept
        nextSequence = max(nextSequence, kept.sequence + 1)
    }

    /// Appends `record` (sealed when the journal has a sealer) with its record header.
    private func appendRecord(_ record: HTFreezeRecordCoding.Record, to bytes: inout [UInt8])
        throws(HTFreezeJournalError)
    {
        let start = bytes.count
        bytes.append(Self.recordMagic.0)
        bytes.append(Self.recordMagic.1)
        bytes.append(contentsOf: repeatElement(0, count: 8))
        do {
            try HTFreezeRecordCoding.encode(record, sealer: sealer, into: &bytes)
        } catch {
            bytes.removeSubrange(start...)
            throw HTFreezeJournalError(operation: "seal", path: fileURL.path, code: nil, detail: error.reason)
        }
        Self.finishRecord(startingAt: start, in: &bytes)
    }

    /// Appends an already encoded payload with its record header.
    private static func appendRawRecord(_ payload: [UInt8], to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(recordMagic.0)
        bytes.append(recordMagic.1)
        bytes.append(contentsOf: repeatElement(0, count: 8))
        bytes.append(contentsOf: payload)
        finishRecord(startingAt: start, in: &bytes)
    }

    /// Fills in the length and checksum of the record that starts at `start` and runs to the end.
    private static func finishRecord(startingAt start: Int, in bytes: inout [UInt8]) {
        let length = bytes.count - start - recordHeaderSize
        let crc = bytes.withUnsafeBytes {
            HTCRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[(start + recordHeaderSize)...]))
        }
        for index in 0..<4 {
            bytes[start + 2 + index] = UInt8(truncatingIfNeeded: UInt32(length) >> UInt32(index * 8))
            bytes[start + 6 + index] = UInt8(truncatingIfNeeded: crc >> UInt32(index * 8))
        }
    }

    /// Reads the records in `file` (which starts with a valid header), skipping damaged ranges. Returns
    /// whether the file holds what must not stay on disk: a credential header (removed from the loaded
    /// entry), or, with a sealer, an unsealed put.
    private func replay(_ file: UnsafeRawBufferPointer) -> Bool {
        var needsScrub = false
        var offset = Self.header.count
        while offset < file.count {
            switch Self.record(in: file, at: offset) {
            case .valid(let payload):
                do throws(HTFreezeRecordCoding.Malformed) {
                    switch try HTFreezeRecordCoding.decode(payload, sealer: sealer) {
                    case .record(.put(var request), let sealed):
                        let kept = removingCredentials(from: request.headers)
                        if kept.count != request.headers.count {
                            request.headers = kept
                            needsScrub = true
                        }
                        needsScrub = needsScrub || (sealer != nil && !sealed)
                        apply(.put(request))
                    case .record(let record, _):
                        apply(record)
                    case .unopened(let id, let sequence, let error):
                        applyUnopened(
                            id: id, Unopened(sequence: sequence, payload: Array(payload), offset: offset, error: error))
                    }
                    recordCount += 1
                    loadReport.recordsRead += 1
                } catch {
                    loadReport.damaged.append(
                        .init(
                            offset: offset, length: Self.recordHeaderSize + payload.count, reason: "undecodable payload"
                        ))
                }
                offset += Self.recordHeaderSize + payload.count
            case .invalid(let reason):
                var next = offset + 1
                while next < file.count {
                    if case .valid = Self.record(in: file, at: next) { break }
                    next += 1
                }
                loadReport.damaged.append(.init(offset: offset, length: next - offset, reason: reason))
                offset = next
            }
        }
        return needsScrub
    }

    private enum RecordScan {
        case valid(UnsafeRawBufferPointer)
        case invalid(String)
    }

    private static func record(in file: UnsafeRawBufferPointer, at offset: Int) -> RecordScan {
        let remaining = file.count - offset
        guard remaining >= recordHeaderSize else { return .invalid("torn record header") }
        guard file[offset] == recordMagic.0, file[offset + 1] == recordMagic.1 else {
            return .invalid("no record marker")
        }
        var length = 0
        var crc: UInt32 = 0
        for index in (0..<4).reversed() {
            length = length << 8 | Int(file[offset + 2 + index])
            crc = crc << 8 | UInt32(file[offset + 6 + index])
        }
        guard length <= maximumPayload else { return .invalid("record length out of range") }
        guard length <= remaining - recordHeaderSize else { return .invalid("torn record") }
        let payload = UnsafeRawBufferPointer(
            rebasing: file[(offset + recordHeaderSize)..<(offset + recordHeaderSize + length)])
        guard HTCRC32.checksum(payload) == crc else { return .invalid("checksum mismatch") }
        return .valid(payload)
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(HTFreezeJournalError) {
        var written = 0
        while written < bytes.count {
            let (result, code) = bytes.withUnsafeBytes { buffer in
                io.write(fd, UnsafeRawBufferPointer(rebasing: buffer[written...]))
            }
            if result < 0 {
                if code == EINTR { continue }
                throw HTFreezeJournalError(operation: "write", path: path, code: code)
            }
            written += result
        }
    }

    /// Creates the journal's folder with mode 0700, or tightens an existing one to 0700.
    private static func prepareFolder(_ directory: URL) throws(HTFreezeJournalError) {
        let path = directory.path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HTFreezeJournalError(operation: "create folder", path: path, code: nil, detail: "\(error)")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw HTFreezeJournalError(operation: "stat", path: path, code: errno) }
        // The umask narrows the mode a new folder gets, and an older version made it 0755: set it exactly.
        if info.st_mode & 0o7777 != 0o700 {
            guard chmod(path, 0o700) == 0 else {
                throw HTFreezeJournalError(operation: "set permissions", path: path, code: errno)
            }
        }
        applyFileProtection(path)
    }

    /// Deletes the temporary file a crash during compaction left (it may hold requests, with an older
    /// version's mode) and tightens files set aside as unreadable to 0600.
    private static func tidyLeftovers(of fileURL: URL) {
        unlink(fileURL.path + ".compacting")
        let directory = fileURL.deletingLastPathComponent()
        let prefix = fileURL.lastPathComponent + ".unreadable-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix(prefix) {
            chmod(directory.appendingPathComponent(name).path, 0o600)
        }
    }

    /// Data protection where the platform has it (it can't be set or tested on Linux and macOS).
    private static func applyFileProtection(_ path: String) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            // Readable from the first unlock after a boot on, so that resends work while the device is locked.
            try? FileManager.default.setAttributes(
                [FileAttributeKey.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
                ofItemAtPath: path)
        #endif
    }

    private static func syncFolder(of file: URL) {
        let fd = open(file.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            _ = posixClose(fd)
        }
    }
}

/// `close(2)`, named apart from the many `close` methods in scope.
@inline(__always)
private func posixClose(_ fd: Int32) -> Int32 {
    close(fd)
}
