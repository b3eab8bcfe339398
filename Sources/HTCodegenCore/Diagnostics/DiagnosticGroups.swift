/// Warnings grouped by kind, so that errors are never buried under hundreds of warnings: a real NEI
/// export can warn about the same thing in every interface.
///
/// Two warnings are of one kind when their messages are the same once the quoted names ('…', "…") and
/// numbers are taken out. Each kind shows its first ``shownPerKind`` warnings in full (with their
/// positions, which editors and SwiftPM show in place) and one line that counts the rest; errors and
/// notes are always shown in full, first.
struct DiagnosticGroups {
    /// How many warnings of one kind are shown in full.
    static let shownPerKind = 3

    /// The lines to print for `diagnostics`: all of them with `verbose`, else errors and notes, then
    /// each kind of warning grouped.
    static func lines(for diagnostics: [Diagnostic], verbose: Bool) -> [String] {
        guard !verbose else { return diagnostics.map(\.description) }
        var lines = diagnostics.filter { $0.severity != .warning }.map(\.description)
        var order: [String] = []
        var kinds: [String: [Diagnostic]] = [:]
        for warning in diagnostics where warning.severity == .warning {
            let kind = Self.kind(of: warning.message)
            if kinds[kind] == nil { order.append(kind) }
            kinds[kind, default: []].append(warning)
        }
        for kind in order {
            let warnings = kinds[kind] ?? []
            lines += warnings.prefix(shownPerKind).map(\.description)
            if warnings.count > shownPerKind {
                let rest = warnings.count - shownPerKind
                lines.append(
                    "\(warnings[shownPerKind].location): warning: \(rest) more warning\(rest == 1 ? "" : "s") like the "
                        + "one above (\(warnings.count) in all; run ht-codegen with --verbose to list them)")
            }
        }
        return lines
    }

    /// A warning's message without its quoted names and numbers.
    static func kind(of message: String) -> String {
        var kind = ""
        var quote: Character?
        var previousWasDigit = false
        for character in message {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                kind.append("…")
                previousWasDigit = false
            } else if character.isNumber {
                if !previousWasDigit { kind.append("#") }
                previousWasDigit = true
            } else {
                kind.append(character)
                previousWasDigit = false
            }
        }
        return kind
    }
}
