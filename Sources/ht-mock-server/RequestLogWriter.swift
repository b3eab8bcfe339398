import Foundation
import HTCodegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the request log to stderr, one whole line per `write(2)`, so lines from different
/// connections never interleave (a write of a line shorter than `PIPE_BUF` to a pipe is atomic).
enum RequestLogWriter {
    static func write(_ line: String) {
        var bytes = Array(line.prefix(2000).utf8)
        bytes.append(10)
        #if canImport(Glibc)
            _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        #else
            _ = bytes.withUnsafeBytes { Darwin.write(2, $0.baseAddress, $0.count) }
        #endif
    }
}
