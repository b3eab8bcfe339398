import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file holding an exclusive `flock(2)` lock, released when the object goes away (or the
/// process dies, however it dies: the OS drops the lock with the descriptor).
///
/// `flock` locks belong to the open file description, so two `HTFileLock`s on one file exclude each
/// other within a process as well as across processes. The lock is advisory: it keeps out only those
/// who also take it. The file is opened without following a symbolic link and made mode `0600`.
final class HTFileLock: Sendable {
    /// Why a file could not be opened or locked.
    struct Failure: Error {
        /// The system call that failed (`open`, `set permissions`, `lock`, `stat`).
        var operation: String
        /// Its `errno`.
        var code: Int32
        /// Whether another holder has the lock (the open file exists and is locked).
        var isHeldElsewhere: Bool { operation == "lock" && (code == EWOULDBLOCK || code == EAGAIN) }
    }

    /// The locked file.
    let path: String
    /// The open descriptor (read and write), closed when the lock is released.
    let descriptor: Int32

    /// Opens `path` with `flags` (plus read-write, no symbolic link, close-on-exec; `O_CREAT` makes it
    /// `0600`) and takes the lock, waiting up to `patience` seconds for another holder to let go
    /// (`.infinity`: as long as it takes).
    ///
    /// Waiting a little matters even when nothing else should hold the lock: a child process being
    /// started (`fork`, then `exec`) by any thread holds a copy of every descriptor until its `exec`
    /// closes them, and with them the locks of files this process just closed.
    ///
    /// - Throws: ``Failure``; with ``Failure/isHeldElsewhere`` when another `HTFileLock` holds it, and
    ///   operation `not a regular file` when `path` is something else (a FIFO is opened without
    ///   waiting for a writer, then refused).
    init(path: String, flags: Int32, patience: Double = 0) throws(Failure) {
        let fd = open(path, flags | O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = closeLockDescriptor(fd)
            throw Failure(operation: "not a regular file", code: EINVAL)
        }
        if flags & O_CREAT != 0 {
            // The umask only narrows the mode open(2) gets; set it exactly.
            guard fchmod(fd, 0o600) == 0 else {
                let code = errno
                _ = closeLockDescriptor(fd)
                throw Failure(operation: "set permissions", code: code)
            }
        }
        let deadline = Date(timeIntervalSinceNow: patience)
        while flock(fd, patience.isInfinite ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK || code == EAGAIN, Date() < deadline {
                usleep(10_000)
                continue
            }
            _ = closeLockDescriptor(fd)
            throw Failure(operation: "lock", code: code)
        }
        self.path = path
        self.descriptor = fd
    }

    deinit {
        _ = closeLockDescriptor(descriptor)
    }

    /// Whether the locked file is still the one at ``path`` (it was not removed or replaced while the
    /// lock was being taken).
    var isStillAtPath: Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}

/// `close(2)`, named apart from other `close` functions in scope.
private func closeLockDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
