/// A freeze journal could not be opened, written or compacted.
public struct HTFreezeJournalError: Error, Sendable, CustomStringConvertible {
    /// What was being done (`open`, `write`, `fsync`, `rename`, `set permissions`, `seal`...).
    public var operation: String
    /// The file.
    public var path: String
    /// The `errno` value, when a system call failed.
    public var code: Int32?
    /// More about the failure, e.g. the description of the error an ``HTFreezeRecordSealing`` threw.
    public var detail: String?

    /// Creates an error.
    public init(operation: String, path: String, code: Int32?, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    public var description: String {
        "freeze journal: \(operation) failed for \(path)\(code.map { " (errno \($0))" } ?? "")\(detail.map { ": \($0)" } ?? "")"
    }
}
