import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk tier's file calls, written so that a file in the cache directory is only ever the regular
/// file it looks like: entry files are opened without following a symbolic link (`O_NOFOLLOW`) or
/// blocking on a FIFO (`O_NONBLOCK`), must be regular files (`fstat`), have their dates set through
/// the open descriptor, and are created new (`O_EXCL`) with mode 0600 whatever the umask.
enum HTCacheFileIO {
    /// An entry file opened for reading.
    struct OpenFile {
        let descriptor: Int32
        let size: Int
        /// The bytes the file takes on disk (``allocatedBytes(_:)``).
        let allocated: Int
        let modified: Double
    }

    /// Why a file could not be opened for reading.
    enum OpenFailure: Error {
        /// There is no file by that name.
        case missing
        /// Something other than a regular file (a symbolic link, a directory, a FIFO) has the name.
        case notRegular
        /// The system refused (permissions, I/O): its error text.
        case failed(String)
    }

    /// Opens `path` for reading, refusing anything but a regular file; close it with ``close(_:)``.
    static func openForReading(_ path: String) -> Result<OpenFile, OpenFailure> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return .failure(.missing) }
            if code == ELOOP { return .failure(.notRegular) }
            return .failure(.failed(String(cString: strerror(code))))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = String(cString: strerror(errno))
            _ = closeDescriptor(descriptor)
            return .failure(.failed(failure))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            _ = closeDescriptor(descriptor)
            return .failure(.notRegular)
        }
        #if canImport(Darwin)
            let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return .success(
            OpenFile(
                descriptor: descriptor, size: Int(info.st_size), allocated: allocatedBytes(info), modified: modified))
    }

    /// Closes a file opened by ``openForReading(_:)``.
    static func close(_ file: OpenFile) {
        _ = closeDescriptor(file.descriptor)
    }

    /// Up to `count` bytes from the descriptor's current offset (fewer at the end of the file), or
    /// `nil` on a read error.
    static func read(_ file: OpenFile, count: Int) -> Data? {
        guard count > 0 else { return Data() }
        var data = Data(count: count)
        let read = data.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < count {
                let result = readDescriptor(file.descriptor, base + offset, count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                if result == 0 { break }
                offset += result
            }
            return offset
        }
        guard read >= 0 else { return nil }
        return read == count ? data : data.prefix(read)
    }

    /// Sets the file's access and modification dates to now (through the descriptor: never a link's
    /// target).
    static func touch(_ file: OpenFile) {
        _ = futimens(file.descriptor, nil)
    }

    /// Why a file could not be written: the system's error text.
    struct WriteFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `data` to a new file at `path` with mode 0600; returns the bytes it takes on disk
    /// (``allocatedBytes(_:)``).
    static func writeNewFile(_ data: Data, to path: String) -> Result<Int, WriteFailure> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failure(WriteFailure(description: String(cString: strerror(errno)))) }
        var failure: String?
        if fchmod(descriptor, 0o600) != 0 { failure = String(cString: strerror(errno)) }
        data.withUnsafeBytes { buffer in
            guard failure == nil, let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        var info = stat()
        let allocated = fstat(descriptor, &info) == 0 ? allocatedBytes(info) : data.count
        if closeDescriptor(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { return .failure(WriteFailure(description: failure)) }
        return .success(allocated)
    }

    /// The bytes the regular file at `path` takes on disk (not following a symbolic link), or `nil`.
    static func allocatedSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return allocatedBytes(info)
    }

    /// What a file takes on disk: its allocated blocks (`st_blocks * 512`, whole file-system blocks, so a
    /// file of 20 bytes takes 4 KB on most file systems), and never less than its size (a file system
    /// that keeps tiny files inside their inode reports no blocks for them).
    static func allocatedBytes(_ info: stat) -> Int {
        max(Int(info.st_blocks) * 512, Int(info.st_size))
    }
}

/// The C library's `close` and `read`, named apart from ``HTCacheFileIO``'s own functions.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
