import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the tests' child processes (loopback servers, crash children, the compiler) so that no child
/// inherits a descriptor that belongs to another: every test that starts a process goes through
/// ``run(_:)``, and every pipe it hands a child comes from ``pipe()``.
///
/// On Linux, swift-corelibs-foundation's `Process.run()` makes a socket pair whose far end only the child
/// should hold: the parent learns that the child ended when that end closes, and only then reaps it
/// and lets `waitUntilExit()` return. The pair is made without `FD_CLOEXEC`, and `posix_spawn`
/// hands a child every descriptor that lacks it, so a second process started by another test at that
/// moment kept the first one's end open. The first child then stayed a zombie, unreaped, for as long as
/// the second lived, and its test's `stop()` waited in `waitUntilExit()` on one of the cooperative
/// pool's two threads. When the second test's `stop()` took the other thread while its own server had
/// been the one holding the end, the whole run hung (CI timed out; `ss -xp` showed one server holding
/// two of the parent's socket pairs). `Pipe()` has the same gap: a child holding another's stdout
/// keeps that reader from ever reading its end.
///
/// One lock around every start closes the gap: a start's socket pair is made, handed over and closed in
/// the parent before the next start can spawn, the descriptors made before it are marked
/// close-on-exec first, and pipes are made under the same lock and marked at once.
public enum ChildProcessLaunch {
    private static let lock = NSLock()

    /// Starts `process` (`process.run()`) with every descriptor the test process holds, other than the
    /// standard three and the ones `process` is given, kept from it.
    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        markDescriptorsCloseOnExec()
        try process.run()
    }

    /// A pipe whose two ends no child inherits unless it is handed to that child as one of its
    /// standard streams.
    public static func pipe() -> Pipe {
        lock.lock()
        defer { lock.unlock() }
        let pipe = Pipe()
        #if os(Linux)
            _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        #endif
        return pipe
    }

    /// Marks every descriptor above the standard three close-on-exec: sockets, files and pipes other
    /// code made, which a child would otherwise hold open (a client connection the server never sees
    /// closed, a file that stays locked). A start's own pipes are duplicated onto the child's standard
    /// streams, which clears the mark on the copies.
    private static func markDescriptorsCloseOnExec() {
        #if os(Linux)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
                return
            }
            for entry in entries {
                if let descriptor = Int32(entry), descriptor > 2 {
                    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                }
            }
        #endif
    }
}
