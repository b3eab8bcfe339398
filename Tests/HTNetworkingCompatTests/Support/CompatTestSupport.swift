import HTNetworking
import HTTestSupport

// The compatibility tests' own helpers; what they share with HTNetworkingTests is in HTTestRequests'
// and HTTestSupport's Support files.

/// A logger at debug level that keeps the messages written to it.
struct MessageLog {
    let logger: HTLogger
    private let records = Recorded<HTLogRecord>()

    init() {
        let records = self.records
        logger = HTLogger(level: .debug, sinks: [HTClosureLogSink { record in records.append(record) }])
    }

    /// The messages of one level and component, in order.
    func messages(_ level: HTLogLevel, _ component: HTLogComponent) -> [String] {
        records.values.filter { $0.level == level && $0.component == component }.map(\.message)
    }
}
