import Foundation

/// The settings of one client (the original's `RKObjectManager`): where requests go and how.
public struct HTClientConfiguration: Sendable {
    /// The URL request paths are relative to.
    public var baseURL: URL
    /// Headers sent with every request; a request's own headers replace these by name.
    public var defaultHeaders: [String: String]
    /// The timeout in seconds for requests that don't set their own.
    public var timeout: TimeInterval
    /// How bodies are encoded for requests that don't choose.
    public var bodyEncoding: HTBodyEncoding
    /// The status codes whose responses are mapped, for requests that don't choose (2xx by default).
    public var acceptedStatusCodes: Set<Int>
    /// How strictly responses are mapped, for requests that don't choose.
    public var mappingOptions: HTMappingOptions
    /// The response cache, its default policy and expiry (``HTCacheSettings``; by default the shared
    /// cache with the no-cache policy, so nothing is read or stored unless a request asks).
    public var cache = HTCacheSettings()

    /// Creates a configuration.
    public init(
        baseURL: URL,
        defaultHeaders: [String: String] = [:],
        timeout: TimeInterval = 60,
        bodyEncoding: HTBodyEncoding = .json,
        acceptedStatusCodes: Set<Int> = Set(200..<300),
        mappingOptions: HTMappingOptions = .lenient
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        self.bodyEncoding = bodyEncoding
        self.acceptedStatusCodes = acceptedStatusCodes
        self.mappingOptions = mappingOptions
    }
}
