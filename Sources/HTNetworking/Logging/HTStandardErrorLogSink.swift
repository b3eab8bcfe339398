import Foundation

/// Writes each record as one line to standard error (the console in Xcode and in a terminal).
public struct HTStandardErrorLogSink: HTLogSink {
    /// The least severe level written.
    public var minimumLevel: HTLogLevel

    /// Guards no value: held around each write so that lines from several threads never interleave.
    /// One for every instance, since they all share standard error.
    private static let writing = HTLocked(())

    /// Creates the sink.
    public init(minimumLevel: HTLogLevel = .verbose) {
        self.minimumLevel = minimumLevel
    }

    public func write(_ record: HTLogRecord) {
        let data = Data((record.formatted + "\n").utf8)
        Self.writing.withLock { _ in
            FileHandle.standardError.write(data)
        }
    }
}
