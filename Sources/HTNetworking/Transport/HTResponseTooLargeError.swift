/// What a transport throws when a response body is larger than ``HTTransportOptions/maximumResponseSize``;
/// the client reports it as ``HTNetworkingError/Kind/responseTooLarge(limit:)``.
public struct HTResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit, in bytes.
    public var limit: Int

    /// Creates the error.
    public init(limit: Int) {
        self.limit = limit
    }

    public var description: String { "the response body is larger than the limit of \(limit) bytes" }
}
