/// Whether a stored response may be served to a request (``HTCacheLookup/validity(of:)``).
public enum HTCacheValidity: Sendable, Hashable {
    /// It may be served.
    case fresh
    /// Older than the request's expiry, its own expiry date or the cache's maximum age. It can still be
    /// revalidated when it has an `ETag` or `Last-Modified`.
    case expired
    /// Stored by a request with another cache version.
    case versionMismatch
    /// Dated after now (the clock was changed): never served, never revalidated.
    case fromTheFuture
}
