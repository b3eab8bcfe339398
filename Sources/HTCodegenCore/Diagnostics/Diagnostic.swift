/// A problem found in a spec or configuration file.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    package enum Severity: String, Sendable, Hashable {
        /// The spec cannot be generated.
        case error
        /// Generation works, but the spec does something not recommended.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// How bad it is.
    package var severity: Severity
    /// What is wrong and how to fix it.
    package var message: String
    /// Where.
    package var location: SourceLocation

    /// Creates a diagnostic.
    package init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, the compiler format SwiftPM, Xcode and editors show in place.
    package var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics during a run; generation goes on after an error so that every problem in a
/// spec is reported at once.
package struct DiagnosticBag: Sendable {
    /// Everything reported, in the order reported.
    package private(set) var all: [Diagnostic] = []

    /// Creates an empty bag.
    package init() {}

    /// Reports an error.
    package mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    package mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Reports each of `members` whose key is not one of `allowed` (a key that differs from one only in
    /// case is suggested), at the key; `what` names the object in the message. Returns whether any was.
    @discardableResult
    package mutating func reportUnknownKeys(
        _ members: [JSONMember], allowed: [String], in what: @autoclosure () -> String
    ) -> Bool {
        var found = false
        for member in members where !allowed.contains(member.key) {
            let suggestion =
                allowed.first { $0.lowercased() == member.key.lowercased() }.map { " (did you mean '\($0)'?)" } ?? ""
            error(
                "unknown key '\(member.key)' in \(what())\(suggestion); expected one of: \(allowed.joined(separator: ", "))",
                at: member.keyLocation)
            found = true
        }
        return found
    }

    /// Adds diagnostics reported elsewhere.
    package mutating func append(contentsOf other: [Diagnostic]) {
        all.append(contentsOf: other)
    }

    /// Whether any error was reported.
    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The diagnostics sorted by position, then message (stable output for tools and tests).
    package var sorted: [Diagnostic] {
        all.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }
}

/// Thrown when a spec or configuration has errors; carries every diagnostic of the run.
package struct GenerationFailed: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, sorted, warnings included.
    package var diagnostics: [Diagnostic]

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
