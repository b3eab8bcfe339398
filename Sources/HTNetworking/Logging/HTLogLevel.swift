/// How much is logged, from nothing (``off``) to everything (``verbose``).
///
/// A logger set to a level writes the messages of that level and of every more severe level: at
/// ``warning`` it writes warnings and errors.
public enum HTLogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Nothing is logged.
    case off = 0
    /// Failures: a request that could not be sent, a body that could not be read.
    case error = 1
    /// Problems that did not stop the work: a status error, values the mapping had to leave unset.
    case warning = 2
    /// One line per request and response.
    case info = 3
    /// Headers (with secrets redacted) and timings.
    case debug = 4
    /// Bodies.
    case verbose = 5

    /// The default: ``info`` in debug builds, ``warning`` in release builds (as the original's
    /// `RKLogLevelDefault`).
    public static var `default`: HTLogLevel {
        #if DEBUG
            return .info
        #else
            return .warning
        #endif
    }

    public static func < (lhs: HTLogLevel, rhs: HTLogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The upper-case name written in log lines (`ERROR`, `WARNING`, ...).
    public var description: String {
        switch self {
        case .off: return "OFF"
        case .error: return "ERROR"
        case .warning: return "WARNING"
        case .info: return "INFO"
        case .debug: return "DEBUG"
        case .verbose: return "VERBOSE"
        }
    }
}
