/// How far a transfer has come.
public struct HTTransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// The bytes transferred so far.
    public var completedBytes: Int64
    /// The bytes expected in all (the `Content-Length`), or `nil` when the server did not say.
    public var expectedBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The completed fraction from 0 to 1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }

    /// `completed/expected bytes`, or `completed bytes` when the total is unknown.
    public var description: String {
        if let expectedBytes { return "\(completedBytes)/\(expectedBytes) bytes" }
        return "\(completedBytes) bytes"
    }
}
