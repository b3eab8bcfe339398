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

    /// Keyed by the bytes, never by `String` equality, under which two normalizations of one text are
    /// equal.
    private static let digests = HTBoundedMemo<[UInt8], String>(limit: limit, byteLimit: byteLimit) { bytes, digest in
        bytes.count + digest.utf8.count
    }

    /// Forgets every credential text: a token refresh (``HTTokenRefresher``) calls it, so a rejected
    /// token does not stay in memory here.
    static func forgetAll() {
        digests.removeAll()
    }

    /// SHA-256 of `bytes`, as 64 lower-case hex digits.
    static func sha256Hex(of bytes: [UInt8]) -> String {
        digests.value(for: bytes) {
            var hash = HTSHA256()
            hash.update(bytes)
            return hash.hexDigest()
        }
    }
}
