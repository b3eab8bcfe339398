/// The SHA-256 digests of the credential texts that scope cache entries (``HTCacheScope``),
/// remembered: an app sends the same token on request after request, and hashing it each time cost
/// more than the cache lookup itself.
///
/// The memo lives in memory only, like the credentials in the requests it was computed for, and
/// holds at most ``limit`` texts and ``byteLimit`` bytes: when full, it is emptied (a new token replaces
/// old ones; the digests are worked out again as needed).
enum HTCredentialDigests {
    /// How many credential texts are remembered at most.
    static let limit = 64

    /// How many bytes of credential text (and their digests) are remembered at most.
    static let byteLimit = 256 << 10

    private static let digests = HTBoundedMemo<String, String>(limit: limit, byteLimit: byteLimit) { text, digest in
        text.utf8.count + digest.utf8.count
    }

    /// SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits.
    static func sha256Hex(of text: String) -> String {
        digests.value(for: text) {
            var hash = HTSHA256()
            hash.update(text.utf8)
            return hash.hexDigest()
        }
    }
}
