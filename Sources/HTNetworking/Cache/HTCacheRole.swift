/// What a prepared request does with the response cache (``HTClient/prepare(_:cache:)``).
package enum HTCacheRole: Sendable {
    /// Nothing: it is sent without the cache (uploads, ``HTClient/rawResponse(for:)``).
    case none
    /// It is sent, and its policy decides what it reads and stores (``HTCacheStep``).
    case send
    /// It is looked up by the manager calls (``HTClient/cachedResponse(for:)``,
    /// ``HTClient/removeCachedResponse(for:)``): keyed exactly as when it is sent, and judged by the
    /// cache-first rules when its policy never reads (no cache, write only).
    case manage
}
