import Foundation

/// A whole response as the cache stores it: status, headers, body and where it came from, with the
/// cache's metadata (the original's `HTCachedResponse`).
public struct HTCachedResponse: Sendable, Hashable {
    /// The status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The URL that answered.
    public var url: URL?
    /// When the entry was stored (or last revalidated).
    public var created: Date
    /// When the entry stops being served, or `nil` for no limit of its own (the request's expiry and the
    /// cache's maximum age still apply).
    public var expires: Date?
    /// The cache version of the request that stored it; a request with another version misses.
    public var version: Int
    /// The response's `ETag`, for `If-None-Match`.
    public var etag: String?
    /// The response's `Last-Modified`, for `If-Modified-Since`.
    public var lastModified: String?
    /// When the response has a `Vary`: SHA-256 of the values the request that stored it sent for the
    /// headers it names; a request that sends other values misses (see ``HTCacheLookup/storedResponse()``).
    /// `nil` when it varies on nothing.
    package var variantDigest: String?

    /// Creates a cached response.
    package init(
        statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil,
        created: Date = Date(), expires: Date? = nil, version: Int = 0, etag: String? = nil,
        lastModified: String? = nil,
        variantDigest: String? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.created = created
        self.expires = expires
        self.version = version
        self.etag = etag
        self.lastModified = lastModified
        self.variantDigest = variantDigest
    }

    /// Stores a transport response, taking `ETag` and `Last-Modified` from its headers and keeping only
    /// the headers an entry may keep (no `Set-Cookie`, credential or hop-by-hop header; see the
    /// <doc:Cache> article); `request` is the request it answers as sent, whose values for the headers
    /// the response's `Vary` names are kept as ``variantDigest``.
    package init(
        _ response: HTTransportResponse, created: Date = Date(), expires: Date? = nil, version: Int = 0,
        request: HTCacheRequest? = nil
    ) {
        self.init(
            statusCode: response.statusCode, headers: HTCacheStoredHeaders.kept(response.headers), body: response.body,
            url: response.url, created: created, expires: expires, version: version,
            etag: response.header("ETag"), lastModified: response.header("Last-Modified"),
            variantDigest: HTCacheVary.digest(of: response.headers, for: request))
    }

    /// The response as the transport delivered it.
    package var transportResponse: HTTransportResponse {
        HTTransportResponse(statusCode: statusCode, headers: headers, body: body, url: url)
    }

    /// Whether the entry can be revalidated with a conditional request.
    public var isRevalidatable: Bool { etag != nil || lastModified != nil }

    /// The bytes the entry counts against the memory tier's byte limit: the body, the header names and
    /// values, the URL, the validators and the variant digest, plus a fixed 64 bytes for the rest.
    package var byteSize: Int {
        var size = 64 + body.count + (url?.absoluteString.utf8.count ?? 0)
        for (name, value) in headers { size += name.utf8.count + value.utf8.count }
        size += (etag?.utf8.count ?? 0) + (lastModified?.utf8.count ?? 0) + (variantDigest?.utf8.count ?? 0)
        return size
    }
}
