import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock and the shared account of a disk tier's folder: the file `.htcache-usage` (mode 0600),
/// locked with `flock` for the whole of every change to the folder, holding the bytes allocated to the
/// entry files (a little-endian `UInt64`).
///
/// Every cache instance on the folder (each process has its own index) changes files only while it
/// holds the lock, and adds or subtracts what it changed on disk (`st_blocks * 512` of the file it
/// wrote, renamed over or removed, measured under the lock), so the total is what all of them wrote
/// together, and each keeps the folder under its limit. A process that died between a change and the
/// account leaves it off by that change until the next instance starts on the folder, which counts
/// the files again.
struct HTCacheFolderLock {
    static let fileName = ".htcache-usage"
    private let file: HTFileLock
    private var descriptor: Int32 { file.descriptor }

    /// Opens the folder's lock file and waits for the lock; `nil` when the file cannot be opened or is
    /// not a regular file (a symbolic link is not followed, a FIFO not waited on): the tier then
    /// accounts alone, by its own index.
    static func acquire(in directory: URL) -> HTCacheFolderLock? {
        acquire(path: directory.appendingPathComponent(fileName).path)
    }

    /// ``acquire(in:)`` for the lock file's path.
    static func acquire(path: String) -> HTCacheFolderLock? {
        (try? HTFileLock(path: path, flags: O_CREAT, patience: .infinity)).map(HTCacheFolderLock.init(file:))
    }

    /// The total the file holds, or `nil` when it holds none (a new folder, or a damaged file).
    func readTotal() -> Int? {
        var bytes = [UInt8](repeating: 0, count: 8)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 8, 0) }
        guard read == 8 else { return nil }
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        guard value <= UInt64(Int.max / 2) else { return nil }
        return Int(value)
    }

    /// Writes `total` (clamped at 0).
    func write(total: Int) {
        var value = UInt64(max(0, total)).littleEndian
        _ = withUnsafeBytes(of: &value) { pwrite(descriptor, $0.baseAddress, 8, 0) }
    }

    /// The bytes allocated to the lock file itself (it counts against the limit too).
    var allocated: Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return 0 }
        return max(Int(info.st_blocks) * 512, Int(info.st_size))
    }

    /// Releases the lock: the file is closed, and the lock with it, once the last copy of this value
    /// is gone; calling this last keeps it held until then.
    func release() {
        withExtendedLifetime(file) {}
    }
}
