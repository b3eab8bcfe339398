/// Builds Swift source text line by line with indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = 0

    /// Appends a line at the current indentation (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: indentation) + content + "\n"
        }
    }

    /// Appends `///` doc comment lines for `text`, if any.
    mutating func doc(_ text: String?) {
        for docLine in SwiftNaming.docLines(text) {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
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
