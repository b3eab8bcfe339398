/// Something the cache reports: a failed disk write or read, a corrupt file it removed, a policy
/// identifier no policy is registered under. The cache keeps working in each case (a failed write still
/// leaves the response in memory and the request succeeds; a failed read is a miss).
///
/// Events that happen while a client sends a request go to that client's ``HTLogger`` under
/// ``HTLogComponent/cache`` (``logLevel``). Pass a closure to
/// ``HTResponseCache/init(directory:memoryCountLimit:memoryByteLimit:diskByteLimit:maximumAge:logger:)``
/// to receive every event as well; without one, events outside a client's request go to
/// ``HTLogger/shared``.
package struct HTCacheLogEvent: Sendable, Hashable, CustomStringConvertible {
    /// How serious the event is.
    package enum Level: Int, Sendable, Hashable, Comparable {
        /// Routine information (a corrupt file removed, an entry too large to keep).
        case info
        /// Something failed but the cache carried on (a failed disk write).
        case warning
        /// The disk tier is unusable (its directory can't be created).
        case error

        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What happened, as a stable identifier.
    package enum Kind: String, Sendable, Hashable {
        /// The cache directory could not be created or opened.
        case directoryUnavailable
        /// An entry could not be written to disk.
        case writeFailed
        /// An entry file could not be read (permissions, an I/O error): a miss.
        case readFailed
        /// A file was truncated, damaged or of an unknown format, and was removed.
        case corruptEntryRemoved
        /// A request named a policy identifier with no registered policy; it was sent without the cache.
        case unknownPolicy
    }

    /// How serious it is.
    package var level: Level
    /// What happened.
    package var kind: Kind
    /// A human-readable explanation (paths and system error text; never bodies).
    package var message: String

    /// Creates an event.
    package init(level: Level, kind: Kind, message: String) {
        self.level = level
        self.kind = kind
        self.message = message
    }

    /// The level the event is logged at: ``HTLogLevel/info``, ``HTLogLevel/warning`` or
    /// ``HTLogLevel/error``.
    package var logLevel: HTLogLevel {
        switch level {
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }

    package var description: String { "[HTResponseCache] \(kind.rawValue): \(message)" }
}
