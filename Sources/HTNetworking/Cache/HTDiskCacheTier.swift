import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk tier: one file per entry (``HTCacheFileFormat``) named `<key as 16 hex digits>.htcache` in
/// a directory with mode 0700, files with mode 0600; at most `byteLimit` bytes of files, least recently
/// used out first.
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
/// on the state in place (no copy of the index).
final class HTDiskCacheTier: Sendable {
    /// The in-memory index of the files and whether it was built.
    private struct State: Sendable {
        var loaded = false
        var usable = false
        var index: [UInt64: (size: Int, created: Date)] = [:]
        var order = HTCacheLRU<UInt64>()
        var totalBytes = 0
    }

    let directory: URL
    let byteLimit: Int
    private let log: @Sendable (HTCacheLogEvent) -> Void
    private let state = HTLocked(State())

    static let fileExtension = "htcache"
    static let temporaryExtension = "tmp"

    init(directory: URL, byteLimit: Int, log: @escaping @Sendable (HTCacheLogEvent) -> Void) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        self.log = log
    }

    // MARK: Entries

    /// The entry for `key` if its file is intact and was written under the key's text; a damaged file
    /// or one that is not a regular file is removed and counts as a miss, as does a read error.
    func get(_ key: HTCacheKey, report: ((HTCacheLogEvent) -> Void)? = nil) -> HTCachedResponse? {
        return state.withLock { state -> HTCachedResponse? in
            loadLocked(&state, report)
            guard state.index[key.value] != nil else { return nil }
            let path = self.path(for: key.value)
            let file: HTCacheFileIO.OpenFile
            switch HTCacheFileIO.openForReading(path) {
            case .success(let opened):
                file = opened
            case .failure(.missing):
                forgetLocked(key.value, &state)
                return nil
            case .failure(.notRegular):
                removeLocked(key.value, &state)
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
                removeLocked(key.value, &state)
                emit(
                    HTCacheLogEvent(
                        level: .info, kind: .corruptEntryRemoved, message: "removed the damaged cache file \(path)"),
                    report)
                return nil
            }
            guard decoded.key == key.value, decoded.digest == key.textDigest else { return nil }
            state.order.touch(key.value)
            HTCacheFileIO.touch(file)
            return decoded.entry
        }
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
            guard file.count <= byteLimit else {
                removeLocked(key.value, &state)
                emit(
                    HTCacheLogEvent(
                        level: .info, kind: .writeFailed,
                        message:
                            "an entry of \(file.count) bytes is larger than the disk limit of \(byteLimit) bytes; not stored on disk"
                    ), report)
                return (false, 0)
            }
            guard state.usable else {
                emit(
                    HTCacheLogEvent(
                        level: .warning, kind: .writeFailed,
                        message:
                            "the cache directory \(directory.path) is unavailable; the entry was not stored on disk"),
                    report)
                return (false, 0)
            }
            let finalPath = path(for: key.value)
            let temporaryPath = directory.appendingPathComponent(
                ".\(key.hex).\(UInt32.random(in: 0...UInt32.max)).\(Self.temporaryExtension)"
            ).path
            if let failure = HTCacheFileIO.writeNewFile(file, to: temporaryPath) {
                unlink(temporaryPath)
                removeLocked(key.value, &state)
                emit(
                    HTCacheLogEvent(
                        level: .warning, kind: .writeFailed, message: "could not write \(temporaryPath): \(failure)"),
                    report)
                return (false, 0)
            }
            if rename(temporaryPath, finalPath) != 0 {
                let failure = String(cString: strerror(errno))
                unlink(temporaryPath)
                removeLocked(key.value, &state)
                emit(
                    HTCacheLogEvent(
                        level: .warning, kind: .writeFailed,
                        message: "could not rename \(temporaryPath) to \(finalPath): \(failure)"), report)
                return (false, 0)
            }
            if let old = state.index[key.value] { state.totalBytes -= old.size }
            state.index[key.value] = (file.count, entry.created)
            state.totalBytes += file.count
            state.order.touch(key.value)
            var evicted = 0
            while state.totalBytes > byteLimit, let oldest = state.order.leastRecent {
                removeLocked(oldest, &state)
                evicted += 1
            }
            return (true, evicted)
        }
    }

    /// Removes the entry stored under `key`'s hash.
    func remove(_ key: HTCacheKey) {
        remove(key.value)
    }

    /// Removes the entry stored under the hash `key`.
    func remove(_ key: UInt64) {
        state.withLock { state in
            loadLocked(&state, nil)
            removeLocked(key, &state)
        }
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        state.withLock { state in
            loadLocked(&state, nil)
            for (key, value) in state.index where value.created >= date {
                removeLocked(key, &state)
            }
        }
    }

    /// Removes every entry file (and leftover temporary files).
    func removeAll() {
        state.withLock { state in
            loadLocked(&state, nil)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix("." + Self.fileExtension) || name.hasSuffix("." + Self.temporaryExtension) {
                unlink(directory.appendingPathComponent(name).path)
            }
            state.index.removeAll()
            state.order.removeAll()
            state.totalBytes = 0
        }
    }

    /// The bytes of the indexed files (the index's figure; no file-system access after the first use).
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

    /// The bytes of the entry files actually in the directory, measured on disk.
    func measuredSize() -> Int {
        // Under the lock so that it does not see a write or an eviction half done.
        return state.withLock { _ -> Int in
            var total = 0
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where name.hasSuffix("." + Self.fileExtension) {
                total += HTCacheFileIO.regularFileSize(directory.appendingPathComponent(name).path) ?? 0
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
        directory.appendingPathComponent(HTCacheHash.hex(key) + "." + Self.fileExtension).path
    }

    /// Reports `event` to `report`, else to the tier's log.
    private func emit(_ event: HTCacheLogEvent, _ report: ((HTCacheLogEvent) -> Void)?) {
        if let report { report(event) } else { log(event) }
    }

    /// Creates the directory (0700) and rebuilds the index from the files, once.
    private func loadLocked(_ state: inout State, _ report: ((HTCacheLogEvent) -> Void)?) {
        guard !state.loaded else { return }
        state.loaded = true
        let manager = FileManager.default
        do {
            try manager.createDirectory(
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
        var found: [(key: UInt64, size: Int, created: Date, used: Double)] = []
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let path = directory.appendingPathComponent(name).path
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
        while state.totalBytes > byteLimit, let oldest = state.order.leastRecent {
            removeLocked(oldest, &state)
        }
    }

    /// Size, creation date and modification time of an entry file, from its header and metadata only;
    /// `nil` for anything but an intact regular file of this format stored under `key`.
    private static func readIndexEntry(path: String, key: UInt64) -> (Int, Date, Double)? {
        guard case .success(let file) = HTCacheFileIO.openForReading(path) else { return nil }
        defer { HTCacheFileIO.close(file) }
        guard let header = HTCacheFileIO.read(file, count: HTCacheFileFormat.headerSize),
            let (metadataLength, bodyLength, _) = HTCacheFileFormat.lengths(ofHeader: header),
            file.size == HTCacheFileFormat.headerSize + metadataLength + bodyLength,
            let metadata = HTCacheFileIO.read(file, count: metadataLength), metadata.count == metadataLength,
            let (storedKey, _, entry) = HTCacheFileFormat.parseMetadata(metadata), storedKey == key
        else { return nil }
        return (file.size, entry.created, file.modified)
    }

    private func removeLocked(_ key: UInt64, _ state: inout State) {
        unlink(path(for: key))
        forgetLocked(key, &state)
    }

    private func forgetLocked(_ key: UInt64, _ state: inout State) {
        if let old = state.index.removeValue(forKey: key) { state.totalBytes -= old.size }
        state.order.remove(key)
    }
}
