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
/// The file starts with the 8-byte header `HTFZJNL2`. Each record follows as
/// `F7 5A | payload length (UInt32 LE) | CRC-32 of the payload (UInt32 LE) | CRC-32 of the 10 bytes
/// before (UInt32 LE) | payload`, where the payload is a *put* (a whole ``HTFrozenRequest``, new or
/// replacing the one with the same id) or a *remove* (an id). Each change is one `write(2)` of whole
/// records followed (with ``Durability/synchronous``) by `fsync(2)`, so a crash leaves at most one torn
/// append at the end. Opening replays the records in order.
///
/// ## Damage
/// The reader only ever reads a record where the one before it ends: it never searches the file for
/// something that looks like a record, so the bytes of a request's body (a photo, a multipart file) are
/// never taken for a record, whatever they hold.
/// - A record whose header is intact (its checksum matches) but whose payload is damaged loses only
///   itself: the checked length says where the next one starts.
/// - A header with one flipped bit is repaired (its checksum finds the bit) when the payload it then
///   describes is intact; nothing is lost.
/// - Anything else (a torn append, a header damaged beyond that) ends the journal there: nothing after
///   it can be told apart from payload bytes. What follows a torn append is dropped; any other unread
///   rest is kept, byte for byte, in a file beside the journal (`<journal>.damaged-<time>`, `0600`,
///   named in ``HTFreezeJournalLoadReport/setAsideTail``) and never loaded.
///
/// Everything is reported in ``loadReport``, and the file is rewritten with the intact entries.
/// Journals written before the record header had its own checksum (`HTFZJNL1`) load the same way,
/// except that any damaged record ends them, and are rewritten in the current format.
///
/// ## Size
/// A record's payload is at most 64 MiB (``maximumPayload``). ``put(_:)`` refuses a larger request with
/// an ``HTFreezeJournalError`` whose ``HTFreezeJournalError/isRecordTooLarge`` is `true`, before anything
/// is written: what the journal acknowledges, the next process loads.
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
/// (atomic) and `fsync`s the folder (no `fsync` with ``Durability/buffered``); it runs by itself when removed records outnumber live ones (and
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
        /// Changes (compactions included) are written to the OS without `fsync`: they survive the
        /// process being killed, not a power loss. For benchmarks and tests.
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

    /// The file header of the current format (records with a header checksum).
    static let header: [UInt8] = Array("HTFZJNL2".utf8)
    /// The file header of the first format (records without a header checksum), still read.
    static let legacyHeader: [UInt8] = Array("HTFZJNL1".utf8)
    static let recordMagic: (UInt8, UInt8) = (0xF7, 0x5A)
    /// Magic, length and payload checksum: the part of a record header its own checksum covers.
    static let checkedHeaderSize = 10
    /// The record header of the current format: the checked part and its CRC-32.
    static let recordHeaderSize = 14
    /// The record header of the first format: no checksum of its own.
    static let legacyRecordHeaderSize = 10
    /// The largest payload a record may have; a larger request is refused before it is written.
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
    /// Whether the file on disk is in the first format (until the first compaction rewrites it):
    /// appends then use that format's framing, so that the file stays readable.
    private var legacyFormat = false
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
        var keptTail: String?
        if FileManager.default.fileExists(atPath: fileURL.path) {
            let data: Data
            do {
                data = try Data(contentsOf: fileURL)
            } catch {
                throw HTFreezeJournalError(operation: "read", path: fileURL.path, code: nil)
            }
            if data.isEmpty {
                needsRewrite = true
            } else if data.count < Self.header.count
                || !(data.starts(with: Self.header) || data.starts(with: Self.legacyHeader))
            {
                let aside = fileURL.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
                guard rename(fileURL.path, aside) == 0 else {
                    throw HTFreezeJournalError(operation: "set aside", path: fileURL.path, code: errno)
                }
                chmod(aside, 0o600)
                loadReport.setAsideFile = aside
                needsRewrite = true
            } else {
                legacyFormat = data.starts(with: Self.legacyHeader)
                let replayed = data.withUnsafeBytes { replay($0) }
                needsRewrite = !loadReport.damaged.isEmpty || replayed.needsScrub || legacyFormat
                if let unread = replayed.unreadTail {
                    // Bytes that could not be read stay on disk beside the journal before the rewrite
                    // drops them from it; when they can't be kept, the journal does not open.
                    keptTail = try setAside(tailFrom: unread, of: data)
                    loadReport.setAsideTail = keptTail
                }
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
            // An unread rest can't stay in the journal (appends after it could not be read), and
            // cutting it off would cut the kept copy too when it is a hard link: fail to open, leaving
            // the file as it was, for a later open to repair.
            if let keptTail {
                unlink(keptTail)
                throw error
            }
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
            case .entry(let request): try appendRecord(.put(request), to: &bytes, legacy: false)
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
            guard durability == .buffered || fsync(fd) == 0 else {
                throw HTFreezeJournalError(operation: "fsync", path: temporary, code: errno)
            }
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
        if durability == .synchronous { Self.syncFolder(of: fileURL) }
        recordCount = items.count
        legacyFormat = false
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

    /// Appends `record` (sealed when the journal has a sealer) with its record header, in the first
    /// format when `legacy` (by default, the format of the file on disk). Throws, appending nothing, when
    /// its payload is over ``maximumPayload``.
    private func appendRecord(
        _ record: HTFreezeRecordCoding.Record, to bytes: inout [UInt8], legacy: Bool? = nil
    ) throws(HTFreezeJournalError) {
        let legacy = legacy ?? legacyFormat
        let start = bytes.count
        let headerSize = legacy ? Self.legacyRecordHeaderSize : Self.recordHeaderSize
        bytes.append(contentsOf: repeatElement(0, count: headerSize))
        do {
            try HTFreezeRecordCoding.encode(record, sealer: sealer, into: &bytes)
        } catch {
            bytes.removeSubrange(start...)
            throw HTFreezeJournalError(operation: "seal", path: fileURL.path, code: nil, detail: error.reason)
        }
        let length = bytes.count - start - headerSize
        guard length <= Self.maximumPayload else {
            bytes.removeSubrange(start...)
            throw HTFreezeJournalError(
                operation: HTFreezeJournalError.tooLargeOperation, path: fileURL.path, code: nil,
                detail: "the request's record is \(length) bytes; the journal keeps records of at most "
                    + "\(Self.maximumPayload) bytes (64 MiB)")
        }
        Self.finishRecord(startingAt: start, in: &bytes, legacy: legacy)
    }

    /// Appends an already encoded payload with its record header (the current format: only compaction,
    /// which writes a new file, calls it).
    private static func appendRawRecord(_ payload: [UInt8], to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: recordHeaderSize))
        bytes.append(contentsOf: payload)
        finishRecord(startingAt: start, in: &bytes, legacy: false)
    }

    /// Fills in the header of the record that starts at `start` and runs to the end: magic, length,
    /// payload checksum and (but in the first format) the header's own checksum.
    private static func finishRecord(startingAt start: Int, in bytes: inout [UInt8], legacy: Bool) {
        let headerSize = legacy ? legacyRecordHeaderSize : recordHeaderSize
        let length = bytes.count - start - headerSize
        let crc = bytes.withUnsafeBytes {
            HTCRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[(start + headerSize)...]))
        }
        bytes[start] = recordMagic.0
        bytes[start + 1] = recordMagic.1
        for index in 0..<4 {
            bytes[start + 2 + index] = UInt8(truncatingIfNeeded: UInt32(length) >> UInt32(index * 8))
            bytes[start + 6 + index] = UInt8(truncatingIfNeeded: crc >> UInt32(index * 8))
        }
        guard !legacy else { return }
        let headerCRC = bytes.withUnsafeBytes {
            HTCRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<(start + checkedHeaderSize)]))
        }
        for index in 0..<4 {
            bytes[start + 10 + index] = UInt8(truncatingIfNeeded: headerCRC >> UInt32(index * 8))
        }
    }

    /// What replaying a file found beyond the entries it loaded.
    private struct Replayed {
        /// Whether the file holds what must not stay on disk: a credential header (removed from the
        /// loaded entry), or, with a sealer, an unsealed put.
        var needsScrub = false
        /// Where the bytes start that ended the journal unread and must be kept aside (not a torn
        /// append), if any.
        var unreadTail: Int?
    }

    /// Reads the records in `file` (which starts with a valid header), each where the one before it
    /// ends, skipping a record whose payload alone is damaged and stopping at anything else.
    private func replay(_ file: UnsafeRawBufferPointer) -> Replayed {
        var replayed = Replayed()
        var offset = Self.header.count
        while offset < file.count {
            let scan = legacyFormat ? Self.legacyRecord(in: file, at: offset) : Self.record(in: file, at: offset)
            switch scan {
            case .valid(let payload, let headerSize, let repaired):
                if repaired {
                    loadReport.damaged.append(
                        .init(offset: offset, length: headerSize, reason: "repaired record header"))
                }
                do throws(HTFreezeRecordCoding.Malformed) {
                    switch try HTFreezeRecordCoding.decode(payload, sealer: sealer) {
                    case .record(.put(var request), let sealed):
                        let kept = removingCredentials(from: request.headers)
                        if kept.count != request.headers.count {
                            request.headers = kept
                            replayed.needsScrub = true
                        }
                        replayed.needsScrub = replayed.needsScrub || (sealer != nil && !sealed)
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
                        .init(offset: offset, length: headerSize + payload.count, reason: "undecodable payload"))
                }
                offset += headerSize + payload.count
            case .damagedPayload(let length, let reason):
                loadReport.damaged.append(.init(offset: offset, length: length, reason: reason))
                offset += length
            case .end(let reason, let tornAppend):
                loadReport.damaged.append(.init(offset: offset, length: file.count - offset, reason: reason))
                if !tornAppend { replayed.unreadTail = offset }
                offset = file.count
            }
        }
        return replayed
    }

    private enum RecordScan {
        /// An intact record (`repaired` when one flipped bit of its header was put right).
        case valid(UnsafeRawBufferPointer, headerSize: Int, repaired: Bool)
        /// A record whose checked header is intact and whose payload is not: it spans `length` bytes.
        case damagedPayload(length: Int, reason: String)
        /// Nothing from here on can be read as records; `tornAppend` when it is what an interrupted
        /// append leaves (a short header, or an intact header whose payload runs past the end).
        case end(String, tornAppend: Bool)
    }

    /// Reads the record header (current format) at `offset`: magic, length and payload checksum, covered
    /// by the header's own checksum.
    private static func record(in file: UnsafeRawBufferPointer, at offset: Int) -> RecordScan {
        let remaining = file.count - offset
        guard remaining >= recordHeaderSize else { return .end("torn record header", tornAppend: true) }
        var header = [UInt8](UnsafeRawBufferPointer(rebasing: file[offset..<(offset + recordHeaderSize)]))
        if let (length, crc) = checkedHeader(header) {
            guard length <= maximumPayload else { return .end("record length out of range", tornAppend: false) }
            guard length <= remaining - recordHeaderSize else { return .end("torn record", tornAppend: true) }
            let payload = UnsafeRawBufferPointer(
                rebasing: file[(offset + recordHeaderSize)..<(offset + recordHeaderSize + length)])
            guard HTCRC32.checksum(payload) == crc else {
                return .damagedPayload(length: recordHeaderSize + length, reason: "checksum mismatch")
            }
            return .valid(payload, headerSize: recordHeaderSize, repaired: false)
        }
        // One flipped bit: the header checksum tells which, and the payload's own checksum confirms it.
        for bit in 0..<(recordHeaderSize * 8) {
            header[bit / 8] ^= 1 << UInt8(bit % 8)
            defer { header[bit / 8] ^= 1 << UInt8(bit % 8) }
            guard let (length, crc) = checkedHeader(header), length <= maximumPayload,
                length <= remaining - recordHeaderSize
            else { continue }
            let payload = UnsafeRawBufferPointer(
                rebasing: file[(offset + recordHeaderSize)..<(offset + recordHeaderSize + length)])
            if HTCRC32.checksum(payload) == crc {
                return .valid(payload, headerSize: recordHeaderSize, repaired: true)
            }
        }
        return .end("damaged record header", tornAppend: false)
    }

    /// The length and payload checksum of a current-format record header whose magic and checksum are
    /// right; `nil` otherwise.
    private static func checkedHeader(_ header: [UInt8]) -> (length: Int, crc: UInt32)? {
        guard header[0] == recordMagic.0, header[1] == recordMagic.1 else { return nil }
        let stored = littleEndianUInt32(header, at: 10)
        let computed = header.withUnsafeBytes {
            HTCRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<checkedHeaderSize]))
        }
        guard stored == computed else { return nil }
        return (Int(littleEndianUInt32(header, at: 2)), littleEndianUInt32(header, at: 6))
    }

    /// Reads the record header (first format) at `offset`. Its length is not checked by anything but the
    /// payload's checksum, so any damage ends the journal.
    private static func legacyRecord(in file: UnsafeRawBufferPointer, at offset: Int) -> RecordScan {
        let remaining = file.count - offset
        guard remaining >= legacyRecordHeaderSize else { return .end("torn record header", tornAppend: true) }
        let header = [UInt8](UnsafeRawBufferPointer(rebasing: file[offset..<(offset + legacyRecordHeaderSize)]))
        guard header[0] == recordMagic.0, header[1] == recordMagic.1 else {
            return .end("no record marker", tornAppend: false)
        }
        let length = Int(littleEndianUInt32(header, at: 2))
        guard length <= maximumPayload else { return .end("record length out of range", tornAppend: false) }
        guard length <= remaining - legacyRecordHeaderSize else { return .end("torn record", tornAppend: false) }
        let payload = UnsafeRawBufferPointer(
            rebasing: file[(offset + legacyRecordHeaderSize)..<(offset + legacyRecordHeaderSize + length)])
        guard HTCRC32.checksum(payload) == littleEndianUInt32(header, at: 6) else {
            return .end("checksum mismatch", tornAppend: false)
        }
        return .valid(payload, headerSize: legacyRecordHeaderSize, repaired: false)
    }

    private static func littleEndianUInt32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[index + $1]) << UInt32($1 * 8) }
    }

    /// Keeps the bytes of `data` from `offset` on (which the journal could not read) in a `0600` file
    /// beside it, `<journal>.damaged-<time>`: a hard link to the journal when the file system allows
    /// (it needs no room), a copy of the journal otherwise. Returns the file's path.
    private func setAside(tailFrom offset: Int, of data: Data) throws(HTFreezeJournalError) -> String {
        let base = fileURL.path + ".damaged-\(Int(Date().timeIntervalSince1970))"
        var path = base
        var suffix = 1
        while FileManager.default.fileExists(atPath: path) {
            suffix += 1
            path = base + "-\(suffix)"
        }
        if link(fileURL.path, path) == 0 {
            chmod(path, 0o600)
            return path
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HTFreezeJournalError(operation: "set aside", path: path, code: errno) }
        do throws(HTFreezeJournalError) {
            guard fchmod(fd, 0o600) == 0 else {
                throw HTFreezeJournalError(operation: "set permissions", path: path, code: errno)
            }
            try writeAll(fd, [UInt8](data), path: path)
            guard fsync(fd) == 0 else { throw HTFreezeJournalError(operation: "fsync", path: path, code: errno) }
        } catch {
            _ = posixClose(fd)
            unlink(path)
            throw error
        }
        _ = posixClose(fd)
        return path
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
    /// version's mode) and tightens files set aside (unreadable journals, unread rests) to 0600.
    private static func tidyLeftovers(of fileURL: URL) {
        unlink(fileURL.path + ".compacting")
        let directory = fileURL.deletingLastPathComponent()
        let prefixes = [".unreadable-", ".damaged-"].map { fileURL.lastPathComponent + $0 }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where prefixes.contains(where: { name.hasPrefix($0) }) {
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
