/// Builds Swift source text line by line with indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = 0

    private static let indents = (0..<16).map { String(repeating: "    ", count: $0) }

    /// Appends a line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text +=
                indentation < Self.indents.count
                ? Self.indents[indentation] : String(repeating: "    ", count: indentation)
            text += content
        }
        text += "\n"
    }

    /// Appends `///` doc comment lines for `text`, if any.
    mutating func doc(_ text: String?) {
        for docLine in SwiftNaming.docLines(text) {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Changes the indentation by `levels`.
    mutating func indent(by levels: Int) {
        indentation = max(0, indentation + levels)
    }

    /// Appends `opening {`, the body one level deeper, and `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening + " {")
        indentation += 1
        body(&self)
        indentation -= 1
        line("}")
    }
}

extension SwiftWriter {
    /// Appends the lines of `body` one level deeper, with no braces (the statements of a `case`).
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        indent(by: 1)
        body(&self)
        indent(by: -1)
    }
}
