/// Something the cache reports: a failed disk write, a corrupt file it removed, a policy identifier no
/// policy is registered under. The cache keeps working in each case (a failed write still leaves the
/// response in memory and the request succeeds).
///
/// Pass a closure to ``HTResponseCache/init(directory:memoryCountLimit:memoryByteLimit:diskByteLimit:maximumAge:logger:)``
/// to receive them; the default logger writes warnings and errors to standard error.
public struct HTCacheLogEvent: Sendable, Hashable, CustomStringConvertible {
    /// How serious the event is.
    public enum Level: Int, Sendable, Hashable, Comparable {
        /// Routine information (a corrupt file removed, an entry too large to keep).
        case info
        /// Something failed but the cache carried on (a failed disk write).
        case warning
        /// The disk tier is unusable (its directory can't be created).
        case error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What happened, as a stable identifier.
    public enum Kind: String, Sendable, Hashable {
        /// The cache directory could not be created or opened.
        case directoryUnavailable
        /// An entry could not be written to disk.
        case writeFailed
        /// A file was truncated, damaged or of an unknown format, and was removed.
        case corruptEntryRemoved
        /// A request named a policy identifier with no registered policy; it was sent without the cache.
        case unknownPolicy
    }

    /// How serious it is.
    public var level: Level
    /// What happened.
    public var kind: Kind
    /// A human-readable explanation (paths and system error text; never bodies).
    public var message: String

    /// Creates an event.
    public init(level: Level, kind: Kind, message: String) {
        self.level = level
        self.kind = kind
        self.message = message
    }

    public var description: String { "[HTResponseCache] \(kind.rawValue): \(message)" }
}
