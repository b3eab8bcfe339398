/// The scope an entry is stored under, as its file and the memory tier keep it: `none`, `credentials
/// <digest>` (already a digest), or `user <SHA-256 of the scope>`, so that the user's name is never
/// written to disk. It lets a logout (``HTClient/logOut(user:frozenRequests:)``) remove a user's entries.
enum HTCacheScopeTag {
    /// The tag of an entry whose key text is `keyText` (its last line is `scope:<scope text>`); `nil` when
    /// the key has no scope line (a key made from a hash alone).
    static func of(keyText: String) -> String? {
        guard let range = keyText.range(of: "\nscope:", options: .backwards) else { return nil }
        let scope = keyText[range.upperBound...]
        guard scope.hasPrefix("user ") else { return String(scope) }
        var hash = HTSHA256()
        hash.update(scope.dropFirst("user ".count).utf8)
        return "user " + hash.hexDigest()
    }

    /// Which entries a logout removes.
    enum Filter: Sendable {
        /// Every entry of a user or of credentials: all but the public ones.
        case personal
        /// The entries of a user scope, by its tag (``user(named:)``), and every entry of credentials.
        case user(tag: String?)

        /// The entries of the user scope `name`, and every entry of credentials; the name's digest is
        /// worked out once here, not once per entry.
        static func user(named name: String) -> Filter {
            .user(tag: HTCacheScopeTag.of(keyText: "\nscope:user " + name))
        }

        /// Whether an entry with `tag` is removed; one without a tag (written before tags were kept) is
        /// removed too, so that nothing of a user stays behind.
        func matches(_ tag: String?) -> Bool {
            guard let tag else { return true }
            switch self {
            case .personal:
                return tag != "none"
            case .user(let userTag):
                return tag.hasPrefix("credentials ") || tag == userTag
            }
        }
    }
}
