import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk tier: one file per entry (``HTCacheFileFormat``) named `<key as 16 hex digits>.htcache` in
/// a directory with mode 0700, files with mode 0600; at most `byteLimit` bytes on disk, least recently
/// used out first.
///
/// The limit bounds what the folder really takes: every file counts by its allocated blocks
/// (``HTCacheFileIO/allocatedBytes(_:)``; a tiny entry takes a whole file-system block, 4 KB on most),
/// the folder's lock file counts too, and every cache instance on the folder (another process, or
/// another ``HTResponseCache`` on the same directory) shares one account of it (``HTCacheFolderLock``):
/// each change to the folder happens under its lock and adds what it changed on disk, so the limit
/// holds for all of them together. When the account is over the limit and the instance's own index
/// has nothing left to evict, it reads the folder again to find the others' entries (oldest first by
/// modification date, which every hit sets).
///
/// Writes are atomic: the bytes go to a temporary file in the same directory, which is then renamed over
/// the entry's file, so a reader (or a process killed mid-write) sees the old file, the new one or none.
/// The index (size, creation date, recency) lives in memory and is rebuilt from the files the first time
/// the tier is used: each file's header and metadata are read, recency comes from the files' modification
/// dates (a hit sets its file's date to now), leftover temporary files and files with a bad header are
/// removed. A damaged body is found when the entry is read (checksum) and the file is removed then.
///
/// A name in the directory that is not a regular file (a symbolic link, a FIFO, a directory) is never
/// followed or read (``HTCacheFileIO``): it is a miss and is removed (the link itself, never its
/// target). A file written under another key text (a collision of the 64-bit hash) is a miss and stays.
///
/// Events (failed writes and reads, removed files) go to `report` when a call passes one (the client's
/// logger), else to `log`.
///
/// The file-system calls that depend on the index run inside the same `withLock` as the index update,
/// on the state in place (no copy of the index), and every change to the folder under the folder's
/// lock (reads need none: files are replaced by rename).
final class HTDiskCacheTier: Sendable {
    /// The in-memory index of the files and whether it was built.
    private struct State: Sendable {
        var loaded = false
        var usable = false
        var index: [UInt64: (size: Int, created: Date)] = [:]
        var order = HTCacheLRU<UInt64>()
        /// The bytes of this instance's indexed files.
        var totalBytes = 0
    }

    /// The folder's shared account while its lock is held: the bytes of every instance's entry files,
    /// and the bytes the entries may take (the limit less the lock file).
    private struct Account {
        var total: Int
        var budget: Int
    }

    let directory: URL
    /// The directory's path, to which file names are appended as text (`URL.appendingPathComponent`
    /// asks the file system whether each name is a directory).
    private let directoryPath: String
    let byteLimit: Int
    private let log: @Sendable (HTCacheLogEvent) -> Void
    private let state = HTLocked(State())

    static let fileExtension = "htcache"
    static let temporaryExtension = "tmp"

    init(directory: URL, byteLimit: Int, log: @escaping @Sendable (HTCacheLogEvent) -> Void) {
        self.directory = directory
        self.directoryPath = directory.path
        self.byteLimit = max(0, byteLimit)
        self.log = log
    }

    // MARK: Entries

    /// The entry for `key` if its file is intact and was written under the key's text; a damaged file
    /// or one that is not a regular file is removed and counts as a miss, as does a read error.
    func get(_ key: HTCacheKey, report: ((HTCacheLogEvent) -> Void)? = nil) -> HTCachedResponse? {
        return state.withLock { state -> HTCachedResponse? in
            loadLocked(&state, report)
            guard state.usable else { return nil }
            // Reading needs no folder lock (files are replaced by rename); removing a bad file takes it.
            // Not indexed: another instance on the folder (another process) may have written it since.
            var removes = false
            let entry = readLocked(key, &state, removes: &removes, report)
            if removes {
                inFolder(&state, report) { state, account in removeLocked(key.value, &state, &account) }
            }
            return entry
        }
    }

    /// Reads the file of `key`; sets `removes` when it is damaged or not a regular file.
    private func readLocked(
        _ key: HTCacheKey, _ state: inout State, removes: inout Bool, _ report: ((HTCacheLogEvent) -> Void)?
    ) -> HTCachedResponse? {
        let path = self.path(for: key.value)
        let file: HTCacheFileIO.OpenFile
        switch HTCacheFileIO.openForReading(path) {
        case .success(let opened):
            file = opened
        case .failure(.missing):
            forgetLocked(key.value, &state)
            return nil
        case .failure(.notRegular):
            removes = true
            emit(
                HTCacheLogEvent(
                    level: .warning, kind: .corruptEntryRemoved,
                    message: "\(path) is not a regular file (a symbolic link?); removed it without following it"),
                report)
            return nil
        case .failure(.failed(let failure)):
            emit(
                HTCacheLogEvent(level: .warning, kind: .readFailed, message: "could not read \(path): \(failure)"),
                report)
            return nil
        }
        defer { HTCacheFileIO.close(file) }
        guard let data = HTCacheFileIO.read(file, count: file.size), let decoded = HTCacheFileFormat.decode(data)
        else {
            removes = true
            emit(
                HTCacheLogEvent(
                    level: .info, kind: .corruptEntryRemoved, message: "removed the damaged cache file \(path)"),
                report)
            return nil
        }
        guard decoded.key == key.value, decoded.digest == key.textDigest else { return nil }
        if state.index[key.value]?.size != file.allocated {
            // Written (or rewritten) by another instance, which counted it in the folder's account.
            if let old = state.index[key.value] { state.totalBytes -= old.size }
            state.index[key.value] = (file.allocated, decoded.entry.created)
            state.totalBytes += file.allocated
        }
        state.order.touch(key.value)
        HTCacheFileIO.touch(file)
        return decoded.entry
    }

    /// Whether an entry for `key` is indexed (without reading or checking its file).
    func contains(_ key: UInt64) -> Bool {
        return state.withLock { state -> Bool in
            loadLocked(&state, nil)
            return state.index[key] != nil
        }
    }

    /// Writes `entry` atomically and evicts least recently used files until the byte limit holds.
    /// Returns whether it was written (when not, the event says why; the old entry, if any, is removed
    /// so a stale response is not served in place of the new one) and how many entries it evicted.
    @discardableResult
    func set(
        _ entry: HTCachedResponse, for key: HTCacheKey, report: ((HTCacheLogEvent) -> Void)? = nil
    ) -> (stored: Bool, evicted: Int) {
        let file = HTCacheFileFormat.encode(entry, key: key)
        return state.withLock { state -> (stored: Bool, evicted: Int) in
            loadLocked(&state, report)
            guard state.usable else {
                emit(
                    HTCacheLogEvent(
                        level: .warning, kind: .writeFailed,
                        message:
                            "the cache directory \(directory.path) is unavailable; the entry was not stored on disk"),
                    report)
                return (false, 0)
            }
            return inFolder(&state, report) { state, account -> (stored: Bool, evicted: Int) in
                writeLocked(file, entry: entry, key: key, &state, &account, report)
            }
        }
    }

    private func writeLocked(
        _ file: Data, entry: HTCachedResponse, key: HTCacheKey, _ state: inout State, _ account: inout Account,
        _ report: ((HTCacheLogEvent) -> Void)?
    ) -> (stored: Bool, evicted: Int) {
        func tooLarge(_ size: Int) -> (stored: Bool, evicted: Int) {
            removeLocked(key.value, &state, &account)
            emit(
                HTCacheLogEvent(
                    level: .info, kind: .writeFailed,
                    message:
                        "an entry of \(size) bytes on disk is larger than the disk limit of \(byteLimit) bytes; not stored on disk"
                ), report)
            return (false, 0)
        }
        guard file.count <= account.budget else { return tooLarge(file.count) }
        let finalPath = path(for: key.value)
        let temporaryPath = filePath(".\(key.hex).\(UInt32.random(in: 0...UInt32.max)).\(Self.temporaryExtension)")
        let allocated: Int
        switch HTCacheFileIO.writeNewFile(file, to: temporaryPath) {
        case .success(let bytes):
            allocated = bytes
        case .failure(let failure):
            unlink(temporaryPath)
            removeLocked(key.value, &state, &account)
            emit(
                HTCacheLogEvent(
                    level: .warning, kind: .writeFailed, message: "could not write \(temporaryPath): \(failure)"),
                report)
            return (false, 0)
        }
        guard allocated <= account.budget else {
            unlink(temporaryPath)
            return tooLarge(allocated)
        }
        let replaced = HTCacheFileIO.allocatedSize(finalPath) ?? 0
        if rename(temporaryPath, finalPath) != 0 {
            let failure = String(cString: strerror(errno))
            unlink(temporaryPath)
            removeLocked(key.value, &state, &account)
            emit(
                HTCacheLogEvent(
                    level: .warning, kind: .writeFailed,
                    message: "could not rename \(temporaryPath) to \(finalPath): \(failure)"), report)
            return (false, 0)
        }
        account.total += allocated - replaced
        if let old = state.index[key.value] { state.totalBytes -= old.size }
        state.index[key.value] = (allocated, entry.created)
        state.totalBytes += allocated
        state.order.touch(key.value)
        return (true, evictLocked(keeping: key.value, &state, &account, report))
    }

    /// Evicts least recently used entries until the folder's account is within the budget, `keeping`
    /// the entry just written; when this instance's index runs out, reads the folder again to find the
    /// entries other instances wrote. Returns how many it evicted.
    private func evictLocked(
        keeping: UInt64?, _ state: inout State, _ account: inout Account, _ report: ((HTCacheLogEvent) -> Void)?
    ) -> Int {
        var evicted = 0
        var rescanned = false
        while account.total > account.budget {
            if let oldest = state.order.leastRecent, oldest != keeping {
                removeLocked(oldest, &state, &account)
                evicted += 1
                continue
            }
            guard !rescanned else { break }
            rescanned = true
            account.total = rebuildLocked(&state, report)
            if let keeping { state.order.touch(keeping) }
        }
        return evicted
    }

    /// Removes the entry stored under `key`'s hash.
    func remove(_ key: HTCacheKey) {
        remove(key.value)
    }

    /// Removes the entry stored under the hash `key`.
    func remove(_ key: UInt64) {
        state.withLock { state in
            loadLocked(&state, nil)
            inFolder(&state, nil) { state, account in removeLocked(key, &state, &account) }
        }
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        state.withLock { state in
            loadLocked(&state, nil)
            inFolder(&state, nil) { state, account in
                for (key, value) in state.index where value.created >= date {
                    removeLocked(key, &state, &account)
                }
            }
        }
    }

    /// Removes the entries whose scope `filter` matches (a logout), whichever instance wrote them: each
    /// entry file's metadata is read for its scope tag (``HTCacheScopeTag``).
    func remove(matching filter: HTCacheScopeTag.Filter) {
        state.withLock { state in
            loadLocked(&state, nil)
            inFolder(&state, nil) { state, account in
                // Read the folder again: another instance may have written entries since this one loaded.
                account.total = rebuildLocked(&state, nil)
                for key in Array(state.index.keys) where filter.matches(scopeTag(of: key)) {
                    removeLocked(key, &state, &account)
                }
            }
        }
    }

    /// The scope tag in the metadata of `key`'s file; `nil` when it has none or cannot be read (such an
    /// entry is removed by a logout too).
    private func scopeTag(of key: UInt64) -> String? {
        guard case .success(let file) = HTCacheFileIO.openForReading(path(for: key)) else { return nil }
        defer { HTCacheFileIO.close(file) }
        guard let header = HTCacheFileIO.read(file, count: HTCacheFileFormat.headerSize),
            let (metadataLength, _, _) = HTCacheFileFormat.lengths(ofHeader: header),
            let file = HTCacheFileIO.read(file, count: metadataLength)
        else { return nil }
        return HTCacheFileFormat.scopeTag(inMetadata: file)
    }

    /// Removes every entry file (and leftover temporary files), whichever instance wrote it.
    func removeAll() {
        state.withLock { state in
            loadLocked(&state, nil)
            inFolder(&state, nil) { state, account in
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                where name.hasSuffix("." + Self.fileExtension) || name.hasSuffix("." + Self.temporaryExtension) {
                    unlink(filePath(name))
                }
                state.index.removeAll()
                state.order.removeAll()
                state.totalBytes = 0
                account.total = 0
            }
        }
    }

    /// The bytes on disk of this instance's indexed files (the index's figure; no file-system access
    /// after the first use).
    var currentSize: Int {
        return state.withLock { state -> Int in
            loadLocked(&state, nil)
            return state.totalBytes
        }
    }

    /// The number of indexed entries.
    var count: Int {
        return state.withLock { state -> Int in
            loadLocked(&state, nil)
            return state.index.count
        }
    }

    /// The bytes on disk (allocated blocks) of the entry files actually in the directory, whoever wrote them.
    func measuredSize() -> Int {
        // Under the lock so that it does not see a write or an eviction half done.
        return state.withLock { _ -> Int in
            var total = 0
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix("." + Self.fileExtension) {
                total += HTCacheFileIO.allocatedSize(filePath(name)) ?? 0
            }
            return total
        }
    }

    /// Forgets the in-memory index so the next use rebuilds it from the files (what a new process sees).
    func reloadIndex() {
        state.withLock { state in
            state.loaded = false
            state.index.removeAll()
            state.order.removeAll()
            state.totalBytes = 0
        }
    }

    // MARK: Index

    func path(for key: UInt64) -> String {
        filePath(HTCacheHash.hex(key) + "." + Self.fileExtension)
    }

    /// The path of the file `name` in the directory.
    private func filePath(_ name: String) -> String {
        directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
    }

    /// Reports `event` to `report`, else to the tier's log.
    private func emit(_ event: HTCacheLogEvent, _ report: ((HTCacheLogEvent) -> Void)?) {
        if let report { report(event) } else { log(event) }
    }

    /// Runs `body` holding the folder's lock, with its account (written back when `body` changed it).
    /// Without a lock file (a read-only folder) the instance accounts alone, by its own index.
    private func inFolder<T>(
        _ state: inout State, _ report: ((HTCacheLogEvent) -> Void)?, _ body: (inout State, inout Account) -> T
    ) -> T {
        guard let lock = HTCacheFolderLock.acquire(path: filePath(HTCacheFolderLock.fileName)) else {
            var account = Account(total: state.totalBytes, budget: byteLimit)
            return body(&state, &account)
        }
        defer { lock.release() }
        let stored = lock.readTotal()
        if stored == nil { lock.write(total: 0) }
        var account = Account(
            total: stored ?? rebuildLocked(&state, report), budget: max(0, byteLimit - lock.allocated))
        let before = account.total
        let result = body(&state, &account)
        if account.total != before || stored == nil { lock.write(total: account.total) }
        return result
    }

    /// Creates the directory (0700) and rebuilds the index from the files, once; the folder's account
    /// is set from the files found, and entries are evicted until it is within the limit.
    private func loadLocked(_ state: inout State, _ report: ((HTCacheLogEvent) -> Void)?) {
        guard !state.loaded else { return }
        state.loaded = true
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(directory.path, 0o700)
        } catch {
            state.usable = false
            emit(
                HTCacheLogEvent(
                    level: .error, kind: .directoryUnavailable, message: "could not create \(directory.path): \(error)"),
                report)
            return
        }
        state.usable = true
        inFolder(&state, report) { state, account in
            account.total = rebuildLocked(&state, report)
            _ = evictLocked(keeping: nil, &state, &account, report)
        }
    }

    /// Reads every file of the folder into the index (replacing it), oldest last by modification date;
    /// removes leftover temporary files and damaged or foreign entry files. Returns the bytes on disk of
    /// the entry files (the folder's account). Call it holding the folder's lock.
    private func rebuildLocked(_ state: inout State, _ report: ((HTCacheLogEvent) -> Void)?) -> Int {
        state.index.removeAll()
        state.order.removeAll()
        state.totalBytes = 0
        var found: [(key: UInt64, size: Int, created: Date, used: Double)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let path = filePath(name)
            if name.hasSuffix("." + Self.temporaryExtension) {
                unlink(path)
                continue
            }
            guard name.hasSuffix("." + Self.fileExtension) else { continue }
            let stem = name.dropLast(Self.fileExtension.count + 1)
            guard stem.utf8.count == 16, let key = UInt64(stem, radix: 16),
                let (size, created, used) = Self.readIndexEntry(path: path, key: key)
            else {
                unlink(path)
                emit(
                    HTCacheLogEvent(
                        level: .info, kind: .corruptEntryRemoved,
                        message: "removed the damaged or foreign cache file \(path)"), report)
                continue
            }
            found.append((key, size, created, used))
        }
        found.sort { $0.used > $1.used }
        for item in found {
            state.index[item.key] = (item.size, item.created)
            state.totalBytes += item.size
            state.order.appendOldest(item.key)
        }
        return state.totalBytes
    }

    /// Bytes on disk, creation date and modification time of an entry file, from its header and
    /// metadata only; `nil` for anything but an intact regular file of this format stored under `key`.
    private static func readIndexEntry(path: String, key: UInt64) -> (Int, Date, Double)? {
        guard case .success(let file) = HTCacheFileIO.openForReading(path) else { return nil }
        defer { HTCacheFileIO.close(file) }
        guard let header = HTCacheFileIO.read(file, count: HTCacheFileFormat.headerSize),
            let (metadataLength, bodyLength, _) = HTCacheFileFormat.lengths(ofHeader: header),
            file.size == HTCacheFileFormat.headerSize + metadataLength + bodyLength,
            let metadata = HTCacheFileIO.read(file, count: metadataLength), metadata.count == metadataLength,
            let (storedKey, _, entry) = HTCacheFileFormat.parseMetadata(metadata), storedKey == key
        else { return nil }
        return (file.allocated, entry.created, file.modified)
    }

    /// Removes the file of `key` (whoever wrote it), taking what it had on disk off the account.
    private func removeLocked(_ key: UInt64, _ state: inout State, _ account: inout Account) {
        let path = path(for: key)
        let size = HTCacheFileIO.allocatedSize(path)
        if unlink(path) == 0, let size { account.total -= size }
        forgetLocked(key, &state)
    }

    private func forgetLocked(_ key: UInt64, _ state: inout State) {
        if let old = state.index.removeValue(forKey: key) { state.totalBytes -= old.size }
        state.order.remove(key)
    }
}
