/// The name a cache policy is registered under (the original's `cacheId`): a request or a client names
/// the policy, the ``HTResponseCache`` it uses supplies it.
public struct HTCachePolicyID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier.
    public let rawValue: String

    /// Creates an identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Never read the cache, never write it (the original's `HTCachePolicyNoCache`). The default.
    public static let noCache = HTCachePolicyID(rawValue: "noCache")
    /// Serve a valid stored response without the network; on a miss send the request, and always store
    /// the response (`HTCachePolicyCacheFirst`). An expired entry with an `ETag` or `Last-Modified` is
    /// revalidated with a conditional request; a 304 serves it again.
    public static let cacheFirst = HTCachePolicyID(rawValue: "cacheFirst")
    /// Never read the cache; store every successful response (`HTCachePolicyWriteOnly`).
    public static let writeOnly = HTCachePolicyID(rawValue: "writeOnly")

    public var description: String { rawValue }
}
