/// Why a serializer other than JSON could not read a body (a JSON body that does not parse is
/// ``HTNetworkingError/Kind/decoding(_:)`` instead, with the parser's position).
public struct HTSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The serializer's name (`XML`, `text`).
    public var serializer: String
    /// The response's MIME type, when it sent one.
    public var mimeType: String?
    /// What the serializer reported.
    public var message: String

    /// Creates an error.
    package init(serializer: String, mimeType: String?, message: String) {
        self.serializer = serializer
        self.mimeType = mimeType
        self.message = message
    }

    public var description: String {
        "the \(serializer) serializer could not read the \(mimeType ?? "untyped") body: \(message)"
    }
}
