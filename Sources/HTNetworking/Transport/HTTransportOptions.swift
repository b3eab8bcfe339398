import Foundation

/// What the client asks of a transport for one request, beyond the `URLRequest`: the most bytes of
/// body it may receive and how redirects are followed
/// (``HTTransport/send(_:options:)``).
public struct HTTransportOptions: Sendable, Hashable {
    /// The most bytes of response body to receive, or `nil` for no limit.
    public var maximumResponseSize: Int?
    /// How redirects are followed.
    public var redirectPolicy: HTRedirectPolicy

    /// Throws ``HTResponseTooLargeError`` when a body that has arrived whole is larger than
    /// ``maximumResponseSize`` (for transports that cannot stop receiving at the limit).
    public func checkSize(of body: Data) throws(HTResponseTooLargeError) {
        if let limit = maximumResponseSize, body.count > limit { throw HTResponseTooLargeError(limit: limit) }
    }

    /// Creates options.
    public init(maximumResponseSize: Int? = nil, redirectPolicy: HTRedirectPolicy = .stripCredentialsAcrossOrigins) {
        self.maximumResponseSize = maximumResponseSize
        self.redirectPolicy = redirectPolicy
    }
}
