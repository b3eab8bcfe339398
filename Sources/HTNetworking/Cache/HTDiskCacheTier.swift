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
final class HTDiskCacheTier: @unchecked Sendable {
    // @unchecked Sendable, safety: `directory`, `byteLimit` and `log` are immutable lets (the closure is
    // @Sendable); `loaded`, `index`, `order` and `totalBytes` are read and written only while holding
    // `lock`, and the file-system calls that depend on them run under it too.
    let directory: URL
    let byteLimit: Int
    private let log: @Sendable (HTCacheLogEvent) -> Void
    private let lock = NSLock()
    private var loaded = false
    private var usable = false
    private var index: [UInt64: (size: Int, created: Date)] = [:]
    private var order = HTCacheLRU<UInt64>()
    private var totalBytes = 0

    static let fileExtension = "htcache"
    static let temporaryExtension = "tmp"

    init(directory: URL, byteLimit: Int, log: @escaping @Sendable (HTCacheLogEvent) -> Void) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        self.log = log
    }

    // MARK: Entries

    /// The entry for `key` if its file is intact; a damaged file is removed and counts as a miss.
    func get(_ key: UInt64) -> HTCachedResponse? {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        guard index[key] != nil else { return nil }
        let path = self.path(for: key)
        guard let file = FileManager.default.contents(atPath: path) else {
            forgetLocked(key)
            return nil
        }
        guard let entry = HTCacheFileFormat.decode(file, key: key) else {
            unlink(path)
            forgetLocked(key)
            log(HTCacheLogEvent(level: .info, kind: .corruptEntryRemoved, message: "removed the damaged cache file \(path)"))
            return nil
        }
        order.touch(key)
        utimes(path, nil)
        return entry
    }

    /// Whether an entry for `key` is indexed (without reading or checking its file).
    func contains(_ key: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        return index[key] != nil
    }

    /// Writes `entry` atomically and evicts least recently used files until the byte limit holds.
    /// Returns `false` (and logs why) when the entry could not be written; the old entry, if any, is
    /// removed in that case so a stale response is not served in place of the new one.
    @discardableResult
    func set(_ entry: HTCachedResponse, for key: UInt64) -> Bool {
        let file = HTCacheFileFormat.encode(entry, key: key)
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        guard file.count <= byteLimit else {
            removeLocked(key)
            log(HTCacheLogEvent(level: .info, kind: .writeFailed, message: "an entry of \(file.count) bytes is larger than the disk limit of \(byteLimit) bytes; not stored on disk"))
            return false
        }
        guard usable else {
            log(HTCacheLogEvent(level: .warning, kind: .writeFailed, message: "the cache directory \(directory.path) is unavailable; the entry was not stored on disk"))
            return false
        }
        let finalPath = path(for: key)
        let temporaryPath = directory.appendingPathComponent(
            ".\(HTCacheHash.hex(key)).\(UInt32.random(in: 0...UInt32.max)).\(Self.temporaryExtension)").path
        if let failure = Self.writeFile(file, to: temporaryPath) {
            unlink(temporaryPath)
            removeLocked(key)
            log(HTCacheLogEvent(level: .warning, kind: .writeFailed, message: "could not write \(temporaryPath): \(failure)"))
            return false
        }
        if rename(temporaryPath, finalPath) != 0 {
            let failure = String(cString: strerror(errno))
            unlink(temporaryPath)
            removeLocked(key)
            log(HTCacheLogEvent(level: .warning, kind: .writeFailed, message: "could not rename \(temporaryPath) to \(finalPath): \(failure)"))
            return false
        }
        if let old = index[key] { totalBytes -= old.size }
        index[key] = (file.count, entry.created)
        totalBytes += file.count
        order.touch(key)
        while totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
        }
        return true
    }

    /// Removes the entry for `key`.
    func remove(_ key: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        removeLocked(key)
    }

    /// Removes the entries stored at or after `date`.
    func remove(since date: Date) {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        for (key, value) in index where value.created >= date {
            removeLocked(key)
        }
    }

    /// Removes every entry file (and leftover temporary files).
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasSuffix("." + Self.fileExtension) || name.hasSuffix("." + Self.temporaryExtension) {
            unlink(directory.appendingPathComponent(name).path)
        }
        index.removeAll()
        order.removeAll()
        totalBytes = 0
    }

    /// The bytes of the indexed files (the index's figure; no file-system access after the first use).
    var currentSize: Int {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        return totalBytes
    }

    /// The number of indexed entries.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        return index.count
    }

    /// The bytes of the entry files actually in the directory, measured on disk.
    func measuredSize() -> Int {
        lock.lock()
        defer { lock.unlock() }
        var total = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasSuffix("." + Self.fileExtension) {
            var info = stat()
            if stat(directory.appendingPathComponent(name).path, &info) == 0 { total += Int(info.st_size) }
        }
        return total
    }

    /// Forgets the in-memory index so the next use rebuilds it from the files (what a new process sees).
    func reloadIndex() {
        lock.lock()
        defer { lock.unlock() }
        loaded = false
        index.removeAll()
        order.removeAll()
        totalBytes = 0
    }

    // MARK: Index

    func path(for key: UInt64) -> String {
        directory.appendingPathComponent(HTCacheHash.hex(key) + "." + Self.fileExtension).path
    }

    /// Creates the directory (0700) and rebuilds the index from the files, once.
    private func loadLocked() {
        guard !loaded else { return }
        loaded = true
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(directory.path, 0o700)
        } catch {
            usable = false
            log(HTCacheLogEvent(level: .error, kind: .directoryUnavailable, message: "could not create \(directory.path): \(error)"))
            return
        }
        usable = true
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
                log(HTCacheLogEvent(level: .info, kind: .corruptEntryRemoved, message: "removed the damaged cache file \(path)"))
                continue
            }
            found.append((key, size, created, used))
        }
        found.sort { $0.used > $1.used }
        for item in found {
            index[item.key] = (item.size, item.created)
            totalBytes += item.size
            order.appendOldest(item.key)
        }
        while totalBytes > byteLimit, let oldest = order.leastRecent {
            removeLocked(oldest)
        }
    }

    /// Size, creation date and modification time of an entry file, from its header and metadata only.
    private static func readIndexEntry(path: String, key: UInt64) -> (Int, Date, Double)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        guard let header = try? handle.read(upToCount: HTCacheFileFormat.headerSize),
            let (metadataLength, bodyLength, _) = HTCacheFileFormat.lengths(ofHeader: header),
            size == HTCacheFileFormat.headerSize + metadataLength + bodyLength,
            let metadata = try? handle.read(upToCount: metadataLength), metadata.count == metadataLength,
            let (storedKey, entry) = HTCacheFileFormat.parseMetadata(metadata), storedKey == key
        else { return nil }
        #if canImport(Darwin)
        let used = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return (size, entry.created, used)
    }

    private func removeLocked(_ key: UInt64) {
        unlink(path(for: key))
        forgetLocked(key)
    }

    private func forgetLocked(_ key: UInt64) {
        if let old = index.removeValue(forKey: key) { totalBytes -= old.size }
        order.remove(key)
    }

    /// Writes `data` to a new file at `path` with mode 0600; returns the error text on failure.
    private static func writeFile(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }
}
