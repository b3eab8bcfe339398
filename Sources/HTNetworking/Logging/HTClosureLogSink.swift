/// A sink that hands each record to a closure: the shortest bridge to an app's own logger.
///
/// ```swift
/// HTLogger.shared.sinks = [HTClosureLogSink { record in myLogger.log(record.formatted) }]
/// ```
public struct HTClosureLogSink: HTLogSink {
    /// The least severe level passed to the closure.
    public var minimumLevel: HTLogLevel
    private let body: @Sendable (HTLogRecord) -> Void

    /// Creates a sink that calls `body` for each record at `minimumLevel` or more severe.
    public init(minimumLevel: HTLogLevel = .verbose, _ body: @escaping @Sendable (HTLogRecord) -> Void) {
        self.minimumLevel = minimumLevel
        self.body = body
    }

    public func write(_ record: HTLogRecord) {
        body(record)
    }
}
