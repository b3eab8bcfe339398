/// A position in a spec file: 1-based line and column (the column counts Unicode scalars, so a Chinese
/// description is one column per character).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as given on the command line (relative paths stay relative).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers, Xcode and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
