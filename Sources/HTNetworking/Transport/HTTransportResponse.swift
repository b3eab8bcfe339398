import Foundation

/// A raw HTTP response as a transport delivers it.
public struct HTTransportResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The header fields. Look them up with ``header(_:)``, which ignores case.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The URL that answered (after redirects).
    public var url: URL?
    /// Whether the response was read from a cache rather than received (set by whatever answered from
    /// the cache; ``HTResponse/isFromCache`` reports it).
    public var isFromCache: Bool
    /// The response cache's lookup this response answered, on its way back through the interceptor
    /// chain (``HTCacheStep``); `nil` otherwise.
    var cacheLookup: HTCacheLookupResult?

    /// Creates a response.
    public init(
        statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil,
        isFromCache: Bool = false
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.isFromCache = isFromCache
    }

    /// The value of a header field, whatever the case of its name.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The parsed `Content-Type`, if the response has one.
    public var contentType: HTContentType? {
        header("Content-Type").flatMap(HTContentType.init)
    }

    /// How long the server asks the client to wait before trying again (`Retry-After`, in seconds or as
    /// an HTTP date relative to `now`); `nil` without a valid header. A date in the past is 0.
    package func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("Retry-After")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Double(value)
        }
        guard let date = HTHTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
