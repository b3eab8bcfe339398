/// A freeze journal could not be opened, written or compacted.
public struct HTFreezeJournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done (`open`, `write`, `fsync`, `rename`, `set permissions`, `seal`, `lock`...).
    public var operation: String
    /// The file.
    public var path: String
    /// The `errno` value, when a system call failed.
    public var code: Int32?
    /// More about the failure, e.g. the description of the error an ``HTFreezeRecordSealing`` threw.
    public var detail: String?

    /// Creates an error.
    package init(operation: String, path: String, code: Int32?, detail: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.detail = detail
    }

    public var description: String {
        "freeze journal: \(operation) failed for \(path)\(code.map { " (errno \($0))" } ?? "")\(detail.map { ": \($0)" } ?? "")"
    }
}

extension HTFreezeJournalError {
    /// The ``operation`` of the error a journal or manager throws when another one already has the file
    /// open.
    static let inUseOperation = "lock"

    /// Whether the journal could not be opened because another ``HTFreezeManager``, in this process or
    /// another, has it open (only one may use a folder at a time).
    public var isJournalInUse: Bool { operation == Self.inUseOperation }

    /// The ``operation`` of the error a journal throws when a request's record would be over its size
    /// limit (64 MiB): nothing was written, and the request is not frozen.
    static let tooLargeOperation = "store"

    /// Whether the request was refused, before anything was written, because its record would be over the
    /// journal's 64 MiB limit.
    package var isRecordTooLarge: Bool { operation == Self.tooLargeOperation }
}
