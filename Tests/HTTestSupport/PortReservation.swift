import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP port held for as long as this object lives, so that a test can stop its server and
/// start another one at the same address (a server that goes away and comes back), or probe a port
/// that is sure to refuse connections, without another test's server taking the port meanwhile.
///
/// The port is held by a socket bound to `127.0.0.1` with `SO_REUSEPORT` that never listens: a
/// connection to the port is refused while no server listens, and only a socket that also sets
/// `SO_REUSEPORT` (the test server's `--reuse-port`) can bind it beside the reservation. A port that
/// was only "free a moment ago" (bound, then closed) could be taken by any of the servers that the
/// parallel tests start.
public final class PortReservation: Sendable {
    /// The reserved port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let descriptor: Int32

    /// What went wrong while reserving a port.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The call that failed and its `errno`.
        public let description: String
    }

    /// Reserves a port the system chooses.
    public init() throws(Failure) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var one: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            let error = errno
            close(fd)
            throw Failure(description: "setsockopt(SO_REUSEPORT): errno \(error)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard bound == 0, named == 0, port > 0, let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            let error = errno
            close(fd)
            throw Failure(description: "bind/getsockname on 127.0.0.1: errno \(error)")
        }
        self.descriptor = fd
        self.port = port
        self.baseURL = baseURL
    }

    deinit {
        close(descriptor)
    }
}
