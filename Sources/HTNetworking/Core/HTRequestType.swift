/// The name of a kind of request that goes through its own transport (the original's `requestType`),
/// e.g. a private TCP protocol beside HTTP.
///
/// A request names its type; the client sends it through the transport registered for that name in
/// ``HTClientConfiguration/transports``:
///
/// ```swift
/// extension HTGetQuoteRequest {
///     var requestType: HTRequestType? { "quotes-tcp" }
/// }
/// configuration.transports["quotes-tcp"] = QuotesTCPTransport(host: "quotes.example.com")
/// ```
public struct HTRequestType: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// Creates a request type from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}
