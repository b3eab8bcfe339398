import Foundation

/// The runtime's logger: a level for all components with overrides per component, a list of sinks,
/// and the header names whose values are never written.
///
/// Every client logs through ``shared`` unless its configuration names another logger. Settings can
/// change at any time from any thread.
///
/// ```swift
/// HTLogger.shared.level = .warning                  // everything: warnings and errors
/// HTLogger.shared.setLevel(.debug, for: .network)   // but requests in detail
/// HTLogger.shared.setLevel(.off, for: .mapping)     // and no mapping diagnostics
/// HTLogger.shared.sinks.append(try HTFileLogSink(directory: logs, minimumLevel: .error))
/// HTLogger.shared.redactedHeaders.insert("X-Api-Key")
/// ```
public final class HTLogger: Sendable {
    /// The logger clients use by default: level ``HTLogLevel/default``, writing to standard error.
    public static let shared = HTLogger()

    /// The header names whose values are redacted by default: `Authorization`, `Proxy-Authorization`,
    /// `Cookie` and `Set-Cookie`.
    public static let defaultRedactedHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// What replaces a redacted value.
    public static let redactedValue = "<redacted>"

    private struct Settings: Sendable {
        var level: HTLogLevel
        var componentLevels: [HTLogComponent: HTLogLevel]
        var sinks: [any HTLogSink]
        var redactedHeaders: Set<String>
    }

    private let settings: HTLocked<Settings>

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - level: the level of components without their own.
    ///   - sinks: where records go.
    ///   - redactedHeaders: header names (any case) whose values are replaced by `<redacted>`.
    public init(
        level: HTLogLevel = .default, sinks: [any HTLogSink] = [HTStandardErrorLogSink()],
        redactedHeaders: Set<String> = HTLogger.defaultRedactedHeaders
    ) {
        settings = HTLocked(Settings(
            level: level, componentLevels: [:], sinks: sinks, redactedHeaders: Set(redactedHeaders.map { $0.lowercased() })))
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

    /// The header names (lower-cased) whose values are redacted in logs. Inserting a name in any case
    /// works: names are compared ignoring case.
    public var redactedHeaders: Set<String> {
        get { settings.withLock { $0.redactedHeaders } }
        set { settings.withLock { $0.redactedHeaders = Set(newValue.map { $0.lowercased() }) } }
    }

    /// Sets the level of one component; `nil` makes it follow ``level`` again.
    public func setLevel(_ level: HTLogLevel?, for component: HTLogComponent) {
        settings.withLock { $0.componentLevels[component] = level }
    }

    /// The level in force for `component`.
    public func level(for component: HTLogComponent) -> HTLogLevel {
        settings.withLock { $0.componentLevels[component] ?? $0.level }
    }

    /// Whether a message of `level` from `component` would be written: check before building an
    /// expensive message (``log(_:_:_:file:line:)`` does it for you).
    public func isEnabled(_ level: HTLogLevel, for component: HTLogComponent) -> Bool {
        guard level != .off else { return false }
        return settings.withLock { level <= ($0.componentLevels[component] ?? $0.level) }
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
    public func error(_ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        log(.error, component, message(), file: file, line: line)
    }

    /// Logs a warning.
    public func warning(_ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        log(.warning, component, message(), file: file, line: line)
    }

    /// Logs information.
    public func info(_ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        log(.info, component, message(), file: file, line: line)
    }

    /// Logs a debugging detail.
    public func debug(_ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        log(.debug, component, message(), file: file, line: line)
    }

    /// Logs everything else (bodies).
    public func verbose(_ component: HTLogComponent, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        log(.verbose, component, message(), file: file, line: line)
    }

    /// `value`, or `<redacted>` when `name` is one of ``redactedHeaders``.
    public func redactedValue(_ value: String, forHeader name: String) -> String {
        let redacted = settings.withLock { $0.redactedHeaders }
        return redacted.contains(name.lowercased()) ? HTLogger.redactedValue : value
    }

    /// Header fields as `Name: value` lines, sorted by name, with secret values redacted.
    public func redactedLines(_ headers: [String: String]) -> [String] {
        let redacted = settings.withLock { $0.redactedHeaders }
        return headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            "\(name): \(redacted.contains(name.lowercased()) ? HTLogger.redactedValue : value)"
        }
    }
}
