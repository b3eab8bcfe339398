import Foundation

/// The runtime's logger: a level for all components with overrides per component, a list of sinks,
/// and the rules (``redaction``) that keep secret headers, query parameters and body fields out of
/// what is written.
///
/// Every client logs through ``shared`` unless its configuration names another logger. A library should
/// be silent until the app asks it to speak, so ``shared`` has no sinks: nothing is written (and no
/// message is built) until the app adds one. Settings can change at any time from any thread.
///
/// ```swift
/// HTLogger.shared.sinks = [HTStandardErrorLogSink()] // turn logging on, to standard error
/// HTLogger.shared.level = .warning                  // everything: warnings and errors
/// HTLogger.shared.setLevel(.debug, for: .network)   // but requests in detail
/// HTLogger.shared.setLevel(.off, for: .mapping)     // and no mapping diagnostics
/// HTLogger.shared.sinks.append(try HTFileLogSink(directory: logs, minimumLevel: .error))
/// HTLogger.shared.redaction.headerNames.insert("X-Partner-Key")
/// HTLogger.shared.redaction.queryParameterNames.insert("ticket")
/// ```
public final class HTLogger: Sendable {
    /// The logger clients use by default: level ``HTLogLevel/default`` and no sinks, so it is silent
    /// until the app adds a sink (`HTLogger.shared.sinks = [HTStandardErrorLogSink()]`) or gives its
    /// clients a logger of its own.
    public static let shared = HTLogger(sinks: [])

    /// The header names whose values are redacted by default (``HTLogRedaction/defaultHeaderNames``;
    /// names containing ``HTLogRedaction/defaultNamePatterns`` are redacted too).
    package static let defaultRedactedHeaders: Set<String> = HTLogRedaction.defaultHeaderNames

    /// What replaces a redacted value (``HTLogRedaction/placeholder``).
    package static let redactedValue = HTLogRedaction.placeholder

    private struct Settings: Sendable {
        var level: HTLogLevel
        var componentLevels: [HTLogComponent: HTLogLevel]
        var sinks: [any HTLogSink]
        var redaction: HTLogRedaction
    }

    private let settings: HTLocked<Settings>

    /// Creates a logger; by default it writes to standard error (an app that creates a logger wants to
    /// see it), unlike the silent ``shared``.
    ///
    /// - Parameters:
    ///   - level: the level of components without their own.
    ///   - sinks: where records go.
    ///   - redaction: which headers, query parameters and body fields are secret (the default lists
    ///     unless told).
    public init(
        level: HTLogLevel = .default, sinks: [any HTLogSink] = [HTStandardErrorLogSink()],
        redaction: HTLogRedaction = HTLogRedaction()
    ) {
        settings = HTLocked(Settings(level: level, componentLevels: [:], sinks: sinks, redaction: redaction))
    }

    /// The level of components that have none of their own.
    public var level: HTLogLevel {
        get { settings.withLock { $0.level } }
        set { settings.withLock { $0.level = newValue } }
    }

    /// Where records go.
    public var sinks: [any HTLogSink] {
        get { settings.withLock { $0.sinks } }
        set { settings.withLock { $0.sinks = newValue } }
    }

    /// The rules that keep secrets out of what this logger writes: secret header, query parameter and
    /// body field names, and name patterns. Change them at any time; they apply at every level.
    public var redaction: HTLogRedaction {
        get { settings.withLock { $0.redaction } }
        set { settings.withLock { $0.redaction = newValue } }
    }

    /// Changes the redaction rules in one step (safe against other threads changing them at once).
    /// `body` runs under the logger's lock: it must not log or read the logger's settings.
    public func updateRedaction(_ body: (inout HTLogRedaction) -> Void) {
        settings.withLock { body(&$0.redaction) }
    }

    /// The header names (lower-cased) whose values are redacted in logs: ``redaction``'s
    /// ``HTLogRedaction/headerNames``. Inserting a name in any case works: names are compared ignoring
    /// case. Names matching ``HTLogRedaction/namePatterns`` are redacted too.
    package var redactedHeaders: Set<String> {
        get { settings.withLock { $0.redaction.headerNames } }
        set { settings.withLock { $0.redaction.headerNames = newValue } }
    }

    /// Sets the level of one component; `nil` makes it follow ``level`` again.
    public func setLevel(_ level: HTLogLevel?, for component: HTLogComponent) {
        settings.withLock { $0.componentLevels[component] = level }
    }

    /// The level in force for `component`.
    public func level(for component: HTLogComponent) -> HTLogLevel {
        settings.withLock { $0.componentLevels[component] ?? $0.level }
    }

    /// Whether a message of `level` from `component` would be written (the level allows it and there is
    /// a sink): check before building an expensive message (``log(_:_:_:file:line:)`` does it for you).
    public func isEnabled(_ level: HTLogLevel, for component: HTLogComponent) -> Bool {
        guard level != .off else { return false }
        return settings.withLock { !$0.sinks.isEmpty && level <= ($0.componentLevels[component] ?? $0.level) }
    }

    /// Logs `message` if `level` is enabled for `component`; the message is only built then.
    public func log(
        _ level: HTLogLevel, _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID,
        line: Int = #line
    ) {
        guard level != .off else { return }
        let sinks: [any HTLogSink]? = settings.withLock { settings in
            level <= (settings.componentLevels[component] ?? settings.level) ? settings.sinks : nil
        }
        guard let sinks, !sinks.isEmpty else { return }
        let record = HTLogRecord(level: level, component: component, message: message(), file: file, line: line)
        for sink in sinks where level <= sink.minimumLevel {
            sink.write(record)
        }
    }

    /// Logs an error.
    public func error(
        _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
    ) {
        log(.error, component, message(), file: file, line: line)
    }

    /// Logs a warning.
    public func warning(
        _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
    ) {
        log(.warning, component, message(), file: file, line: line)
    }

    /// Logs information.
    public func info(
        _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
    ) {
        log(.info, component, message(), file: file, line: line)
    }

    /// Logs a debugging detail.
    public func debug(
        _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
    ) {
        log(.debug, component, message(), file: file, line: line)
    }

    /// Logs everything else (bodies).
    public func verbose(
        _ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
    ) {
        log(.verbose, component, message(), file: file, line: line)
    }

    /// `value`, or `<redacted>` when `name` is a secret header (see ``redaction``).
    package func redactedValue(_ value: String, forHeader name: String) -> String {
        redaction.redactedValue(value, forHeader: name)
    }

    /// Header fields as `Name: value` lines, sorted by name, with secret values redacted.
    package func redactedLines(_ headers: [String: String]) -> [String] {
        redaction.redactedLines(headers)
    }

    /// `url` with secret query and fragment parameters redacted (``HTLogRedaction/redactedURL(_:)-(String)``).
    package func redactedURL(_ url: String) -> String {
        redaction.redactedURL(url)
    }
}
