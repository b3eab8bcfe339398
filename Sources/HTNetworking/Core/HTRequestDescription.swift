/// What was sent, for error messages and logs: the method and the URL (without headers or body, which
/// may hold secrets).
public struct HTRequestDescription: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The URL, or the path when no URL could be built.
    public var url: String
    /// The request type's name, e.g. `HTGetUserPhotoListRequest`.
    public var requestType: String

    /// Creates a description.
    public init(method: String, url: String, requestType: String) {
        self.method = method
        self.url = url
        self.requestType = requestType
    }

    public var description: String { "\(method) \(url) (\(requestType))" }
}
