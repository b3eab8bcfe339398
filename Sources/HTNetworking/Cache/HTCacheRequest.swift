import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a cache lookup is for, as it reaches the transport (after the interceptors): what a
/// custom ``HTCachePolicy`` may decide by (``HTCacheLookup/request``), as the original's policies
/// received the request operation.
///
/// The headers are the URL request's own (the request's, the client's and those interceptors added,
/// credentials included), not the cookies a transport's session adds by itself.
public struct HTCacheRequest: Sendable, Hashable {
    /// The HTTP method (`GET`, `POST`, ...).
    public var method: String
    /// The URL as sent.
    public var url: URL?
    /// The header fields as sent.
    public var headers: [String: String]

    /// Creates a description of a request.
    package init(method: String, url: URL?, headers: [String: String] = [:]) {
        self.method = method
        self.url = url
        self.headers = headers
    }

    /// The description of `urlRequest` (method `GET` when it names none).
    package init(_ urlRequest: URLRequest) {
        self.init(
            method: urlRequest.httpMethod ?? "GET", url: urlRequest.url, headers: urlRequest.allHTTPHeaderFields ?? [:])
    }

    /// The value of the header field `name`, compared ignoring case.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lower = name.lowercased()
        return headers.first { $0.key.lowercased() == lower }?.value
    }
}
