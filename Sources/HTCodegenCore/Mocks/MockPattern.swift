import Foundation

/// Strings made to match a schema's `pattern`, where feasible: literals, escapes (`\d`, `\w`, `\s`,
/// `\.`), `.`, character classes with ranges (`[a-z0-9_]`, not negated ones), groups with alternatives
/// (the first is taken), and the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`. Anything else
/// (look-arounds, back-references, negated classes) gives `nil`, and so does a made string that
/// `NSRegularExpression` does not find the pattern in: the caller then writes its usual string.
package enum MockPattern {
    /// A string that `pattern` matches, drawn from `random`; `nil` when the pattern is beyond the
    /// subset or the check fails.
    package static func string(matching pattern: String, random: inout MockRandom) -> String? {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard let node = parser.alternatives(), parser.index == parser.scalars.count else { return nil }
        var output = String.UnicodeScalarView()
        guard node.write(into: &output, random: &random, budget: 200) else { return nil }
        let text = String(output)
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, range: range) == nil ? nil : text
    }

    private indirect enum Node {
        case sequence([Node])
        case choice([Node])
        case scalars([Unicode.Scalar])
        case repeated(Node, min: Int, max: Int)
        case empty

        func write(into output: inout String.UnicodeScalarView, random: inout MockRandom, budget: Int) -> Bool {
            guard output.count <= budget else { return false }
            switch self {
            case .empty: return true
            case .scalars(let choices):
                guard !choices.isEmpty else { return false }
                output.append(choices[random.int(in: 0...(choices.count - 1))])
                return true
            case .sequence(let parts):
                return parts.allSatisfy { $0.write(into: &output, random: &random, budget: budget) }
            case .choice(let alternatives):
                return alternatives.first?.write(into: &output, random: &random, budget: budget) ?? true
            case .repeated(let inner, let low, let high):
                let count = random.int(in: low...max(low, min(high, low + 2)))
                for _ in 0..<count where !inner.write(into: &output, random: &random, budget: budget) {
                    return false
                }
                return true
            }
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        static let digits = (48...57).compactMap(Unicode.Scalar.init)
        static let word =
            digits + (65...90).compactMap(Unicode.Scalar.init) + (97...122).compactMap(Unicode.Scalar.init)
            + ["_"]
        static let letters = (97...122).compactMap(Unicode.Scalar.init)

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func alternatives() -> Node? {
            var choices: [Node] = []
            repeat {
                if current == "|" { index += 1 }
                guard let sequence = sequence() else { return nil }
                choices.append(sequence)
            } while current == "|"
            return choices.count == 1 ? choices[0] : .choice(choices)
        }

        mutating func sequence() -> Node? {
            var parts: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                if scalar == "^" || scalar == "$" {
                    index += 1
                    continue
                }
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                parts.append(quantified)
            }
            return .sequence(parts)
        }

        mutating func atom() -> Node? {
            guard let scalar = current else { return nil }
            index += 1
            switch scalar {
            case "(":
                if current == "?" {
                    // Only a non-capturing group `(?:...)`.
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternatives(), current == ")" else { return nil }
                index += 1
                return inner
            case "[": return characterClass()
            case ".": return .scalars(Self.letters)
            case "\\": return escape(inClass: false).map { .scalars($0) }
            case "*", "+", "?", "{", ")", "]", "}": return nil
            default: return .scalars([scalar])
            }
        }

        mutating func escape(inClass: Bool) -> [Unicode.Scalar]? {
            guard let scalar = current else { return nil }
            index += 1
            switch scalar {
            case "d": return Self.digits
            case "w": return Self.word
            case "s": return [" "]
            case "D", "W", "S", "b", "B", "1", "2", "3", "4", "5", "6", "7", "8", "9", "p", "P", "u", "x":
                return nil
            case "n": return ["\n"]
            case "t": return ["\t"]
            default: return [scalar]
            }
        }

        mutating func characterClass() -> Node? {
            guard current != "^" else { return nil }
            var choices: [Unicode.Scalar] = []
            while let scalar = current, scalar != "]" {
                index += 1
                var first: [Unicode.Scalar]
                if scalar == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    first = escaped
                } else {
                    first = [scalar]
                }
                if first.count == 1, current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard var last = current else { return nil }
                    index += 1
                    if last == "\\" {
                        guard let escaped = escape(inClass: true), escaped.count == 1 else { return nil }
                        last = escaped[0]
                    }
                    guard first[0].value <= last.value, last.value - first[0].value < 0x3000 else { return nil }
                    first = (first[0].value...last.value).compactMap(Unicode.Scalar.init)
                }
                choices += first
            }
            guard current == "]", !choices.isEmpty else { return nil }
            index += 1
            return .scalars(choices)
        }

        mutating func quantified(_ atom: Node) -> Node? {
            switch current {
            case "?":
                index += 1
                return .repeated(atom, min: 0, max: 1)
            case "*":
                index += 1
                return .repeated(atom, min: 0, max: 3)
            case "+":
                index += 1
                return .repeated(atom, min: 1, max: 3)
            case "{":
                index += 1
                var text = ""
                while let scalar = current, scalar != "}" {
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
                guard current == "}" else { return nil }
                index += 1
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]), low <= 100 else { return nil }
                let high = parts.count == 1 ? low : (parts[1].isEmpty ? low + 3 : Int(parts[1]) ?? -1)
                guard high >= low, parts.count <= 2 else { return nil }
                return .repeated(atom, min: low, max: high)
            default:
                return atom
            }
        }
    }
}
