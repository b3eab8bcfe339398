import Foundation

/// A completed download: where the body is and how big it is.
public struct HTDownloadedFile: Sendable, Hashable {
    /// The file holding the body (the destination the download was asked to write).
    public var fileURL: URL
    /// The body's size in bytes.
    public var byteCount: Int64

    /// Creates a value.
    public init(fileURL: URL, byteCount: Int64) {
        self.fileURL = fileURL
        self.byteCount = byteCount
    }
}
