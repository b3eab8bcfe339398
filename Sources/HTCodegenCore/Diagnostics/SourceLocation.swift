/// A position in a spec file: 1-based line and column (the column counts Unicode scalars, so a Chinese
/// description is one column per character).
package struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as given on the command line (relative paths stay relative).
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers, Xcode and editors understand.
    package var description: String { "\(file):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
