import Foundation

/// Writes each record as one line to standard error (the console in Xcode and in a terminal).
public struct HTStandardErrorLogSink: HTLogSink {
    /// The least severe level written.
    public var minimumLevel: HTLogLevel

    private static let lock = NSLock()

    /// Creates the sink.
    public init(minimumLevel: HTLogLevel = .verbose) {
        self.minimumLevel = minimumLevel
    }

    public func write(_ record: HTLogRecord) {
        let data = Data((record.formatted + "\n").utf8)
        // One lock for every instance: lines from several threads never interleave.
        Self.lock.lock()
        defer { Self.lock.unlock() }
        FileHandle.standardError.write(data)
    }
}
