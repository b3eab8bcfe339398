/// A problem found in a spec or configuration file.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable {
        /// The spec cannot be generated.
        case error
        /// Generation works, but the spec does something not recommended.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// How bad it is.
    public var severity: Severity
    /// What is wrong and how to fix it.
    public var message: String
    /// Where.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, the compiler format SwiftPM, Xcode and editors show in place.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics during a run; generation goes on after an error so that every problem in a
/// spec is reported at once.
public struct DiagnosticBag: Sendable {
    /// Everything reported, in the order reported.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty bag.
    public init() {}

    /// Reports an error.
    public mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Adds diagnostics reported elsewhere.
    public mutating func append(contentsOf other: [Diagnostic]) {
        all.append(contentsOf: other)
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The diagnostics sorted by position, then message (stable output for tools and tests).
    public var sorted: [Diagnostic] {
        all.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }
}

/// Thrown when a spec or configuration has errors; carries every diagnostic of the run.
public struct GenerationFailed: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, sorted, warnings included.
    public var diagnostics: [Diagnostic]

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
