import Foundation
import HTCodegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening IPv4 TCP socket that serves each accepted connection on a thread of its own
/// (``HTTPConnection``): POSIX sockets, so the package keeps no dependency. Connections beyond
/// ``maximumConnections`` are answered 503 and closed.
final class HTTPListener {
    /// Why the socket could not listen.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The most connections served at once.
    static let maximumConnections = 1024

    /// The port it listens on (the one the system chose for port 0).
    let port: UInt16
    private let descriptor: Int32

    init(host: String, port: UInt16) throws(Failure) {
        signal(SIGPIPE, SIG_IGN)
        // A parent may have left these ignored (a plugin runner does): stopping must stop the server.
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        #if canImport(Glibc)
            let made = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let made = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard made >= 0 else { throw Failure(description: "socket(): \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(made, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(made)
            throw Failure(description: "--host must be an IPv4 address, got '\(host)'")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(made, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(made, 512) == 0 else {
            let reason = String(cString: strerror(errno))
            close(made)
            throw Failure(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(made, $0, &length) }
        }
        descriptor = made
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// Accepts connections for ever, answering their requests with `respond`.
    func serve(_ respond: @escaping @Sendable (MockHTTPRequest) -> MockServer.Outcome) -> Never {
        let open = MockLocked(0)
        while true {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Out of descriptors (EMFILE) and the like: let others close, then try again.
                usleep(10_000)
                continue
            }
            let admitted = open.withLock { count in
                guard count < Self.maximumConnections else { return false }
                count += 1
                return true
            }
            let connection = HTTPConnection(descriptor: client)
            guard admitted else {
                connection.refuse()
                continue
            }
            let thread = Thread {
                connection.serve(respond)
                open.withLock { $0 -= 1 }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }
}
