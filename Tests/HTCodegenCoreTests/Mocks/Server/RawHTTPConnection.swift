import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection to a loopback server, for writing requests byte for byte (several on one
/// connection, malformed ones) and reading answers by `Content-Length`. Reads time out after 30 s,
/// so a server that never answers fails the test rather than hanging it.
final class RawHTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An answer.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect failed: \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `text` as is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                systemSend(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Self.sendFlags)
            }
            guard count > 0 else { throw Failure(description: "send failed: \(errno)") }
            offset += count
        }
    }

    /// Sends a request with `Host` and, for a body, `Content-Type: application/json` and its length.
    func request(_ method: String, _ target: String, body: String = "") throws -> Answer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if !body.isEmpty { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try send(head + "\r\n" + body)
        return try readAnswer()
    }

    /// Reads one answer (`expectingBody: false` for a HEAD's, whose length is not sent).
    func readAnswer(expectingBody: Bool = true) throws -> Answer {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let status = lines.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    let pair = line.split(separator: ":", maxSplits: 1)
                    if pair.count == 2 {
                        headers[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces)
                    }
                }
                let length = expectingBody ? Int(headers["content-length"] ?? "0") ?? 0 : 0
                if buffer.count >= end + 4 + length {
                    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    return Answer(status: status, headers: headers, body: body)
                }
            }
            guard try receive() else { throw Failure(description: "the connection closed before a whole answer") }
        }
    }

    /// Whether the server closed the connection (reads end of file).
    func isClosedByServer() throws -> Bool {
        buffer.isEmpty ? try !receive() : false
    }

    private func receive() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw Failure(description: "recv failed: \(errno)") }
        buffer += chunk[..<count]
        return count > 0
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

#if canImport(Glibc)
    private let systemConnect = Glibc.connect
    private let systemSend = Glibc.send
#else
    private let systemConnect = Darwin.connect
    private let systemSend = Darwin.send
#endif
