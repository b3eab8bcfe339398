/// Where log records go: standard error, a file, or an app's own logger.
///
/// Conform to bridge the runtime's logging into OSLog, swift-log or anything else:
///
/// ```swift
/// import os
///
/// struct OSLogSink: HTLogSink {
///     let log = Logger(subsystem: "com.example.app", category: "network")
///     func write(_ record: HTLogRecord) {
///         switch record.level {
///         case .error: log.error("\(record.message, privacy: .public)")
///         case .warning: log.warning("\(record.message, privacy: .public)")
///         default: log.debug("\(record.message, privacy: .public)")
///         }
///     }
/// }
///
/// HTLogger.shared.sinks = [OSLogSink()]
/// ```
///
/// ``write(_:)`` is called on whatever thread logged, possibly on several at once; a sink that keeps
/// state must synchronise it.
public protocol HTLogSink: Sendable {
    /// The least severe level this sink writes (``HTLogLevel/verbose``, i.e. everything the logger
    /// passes on, by default). A file sink may keep only errors while the console shows more.
    var minimumLevel: HTLogLevel { get }

    /// Writes one record.
    func write(_ record: HTLogRecord)
}

extension HTLogSink {
    public var minimumLevel: HTLogLevel { .verbose }
}
