/// A freeze journal could not be opened, written or compacted.
public struct HTFreezeJournalError: Error, Sendable, CustomStringConvertible {
    /// What was being done (`open`, `write`, `fsync`, `rename`...).
    public var operation: String
    /// The file.
    public var path: String
    /// The `errno` value, when a system call failed.
    public var code: Int32?

    /// Creates an error.
    public init(operation: String, path: String, code: Int32?) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "freeze journal: \(operation) failed for \(path)\(code.map { " (errno \($0))" } ?? "")"
    }
}
