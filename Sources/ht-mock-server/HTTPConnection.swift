import Foundation
import HTCodegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted TCP connection, served on its own thread: reads requests one after another (HTTP/1.1
/// keep-alive; pipelined ones in order), writes each answer, logs each in one line to stderr, and
/// closes on `Connection: close`, on bad input (after its 4xx answer), after 60 s idle, or when the
/// client closes.
struct HTTPConnection: Sendable {
    /// The socket; owned by this connection, closed when ``serve(_:)`` or ``refuse()`` returns.
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
        var yes: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var idle = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Answers 503 and closes: too many connections.
    func refuse() {
        let response = MockHTTPResponse.error(503, "too many connections")
        write(response.bytes(keepsAlive: false))
        close(descriptor)
    }

    /// Serves requests until the connection ends.
    func serve(_ respond: @Sendable (MockHTTPRequest) -> MockServer.Outcome) {
        defer { close(descriptor) }
        let parser = MockHTTPRequestParser()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            switch parser.parse(buffer) {
            case .incomplete:
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                buffer.append(contentsOf: chunk[..<count])
            case .failure(let response, let reason):
                let line = MockRequestLog.line(
                    method: "-", target: "-", status: response.status, milliseconds: 0, reason: reason)
                RequestLogWriter.write(line)
                write(response.bytes(keepsAlive: false))
                return
            case .request(let request, let consumed):
                let start = DispatchTime.now().uptimeNanoseconds
                buffer.removeFirst(consumed)
                let outcome = respond(request)
                // This connection's own thread: waiting here holds up only this connection.
                if outcome.delay > 0 { Thread.sleep(forTimeInterval: outcome.delay) }
                let bytes = outcome.response.bytes(
                    keepsAlive: request.keepsAlive, includesBody: request.method != "HEAD")
                let sent = write(bytes)
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                RequestLogWriter.write(
                    MockRequestLog.line(
                        method: request.method, target: request.target, status: outcome.response.status,
                        milliseconds: milliseconds, reason: outcome.reason))
                guard sent, request.keepsAlive else { return }
            }
        }
    }

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0  // SIGPIPE is ignored (HTTPListener)
    #endif

    /// Writes all of `bytes`; `false` when the peer is gone.
    @discardableResult
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Self.sendFlags)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
