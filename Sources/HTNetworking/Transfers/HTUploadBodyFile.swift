import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an upload's multipart body is written to and sent from: mode `0600`, in the client's
/// ``HTClientConfiguration/uploadDirectory`` (made `0700`), removed when the upload ends however it
/// ends. While the upload runs, the file is held under an exclusive `flock(2)` lock, so that
/// ``sweepLeftovers(in:)`` (run when a client is made) removes the files of uploads whose process was
/// killed, and never the file of one still running, in this process or another.
final class HTUploadBodyFile: Sendable {
    /// The body file.
    let url: URL
    /// The open, locked file; the lock goes with the descriptor when this object (or its process) goes.
    private let lock: HTFileLock

    static let namePrefix = "upload-"
    static let nameSuffix = ".multipart"

    private init(url: URL, lock: HTFileLock) {
        self.url = url
        self.lock = lock
    }

    /// Creates a new, empty, locked body file in `directory`, creating the folder (`0700`) when needed.
    ///
    /// - Throws: when the folder or the file can't be created.
    static func create(in directory: URL) throws -> HTUploadBodyFile {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The umask narrows the mode a new folder gets, and an existing one may be looser: set it exactly.
        guard chmod(directory.path, 0o700) == 0 else { throw failure("set permissions of", directory.path, errno) }
        // A sweep in another client may take the file between its creation and its lock, and delete it:
        // then it is locked, or no longer at its path, and a new one is made.
        for _ in 0..<8 {
            let url = directory.appendingPathComponent(
                namePrefix + UUID().uuidString + nameSuffix, isDirectory: false)
            let lock: HTFileLock
            do throws(HTFileLock.Failure) {
                lock = try HTFileLock(path: url.path, flags: O_CREAT | O_EXCL)
            } catch {
                if error.isHeldElsewhere { continue }
                throw failure(error.operation, url.path, error.code)
            }
            if lock.isStillAtPath {
                return HTUploadBodyFile(url: url, lock: lock)
            }
        }
        throw failure("keep", directory.path, ENOENT)
    }

    /// Writes `form`'s body into the file (see ``HTMultipartFormData/writeBody(to:chunkSize:)``).
    ///
    /// - Returns: the number of bytes written.
    func write(_ form: HTMultipartFormData) throws -> Int64 {
        let output = FileHandle(fileDescriptor: lock.descriptor, closeOnDealloc: false)
        return try form.writeBody(to: output)
    }

    /// Deletes the file (the lock is released when this object goes away).
    func remove() {
        unlink(url.path)
    }

    /// Deletes the body files in `directory` that no running upload holds: those left by a process that
    /// was killed during an upload. Returns how many were deleted.
    @discardableResult
    static func sweepLeftovers(in directory: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(namePrefix) && name.hasSuffix(nameSuffix) {
            let path = directory.appendingPathComponent(name, isDirectory: false).path
            // Locked: a running upload's. Not openable as a regular file (a link): not ours, left alone.
            guard let lock = try? HTFileLock(path: path, flags: 0), lock.isStillAtPath else { continue }
            if unlink(path) == 0 { removed += 1 }
            withExtendedLifetime(lock) {}
        }
        return removed
    }

    private static func failure(_ operation: String, _ path: String, _ code: Int32) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: "could not \(operation) \(path): \(String(cString: strerror(code)))",
            ])
    }
}
