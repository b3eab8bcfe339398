import Foundation

/// The `Cache-Control` directives the cache obeys when it stores a response: `no-store` (never kept)
/// and `private` (only for one user; ``HTCacheAttempt/store(_:fromCache:)``). Directive names are
/// compared ignoring case; `private="Set-Cookie"` (a field-specific `private`) counts as `private`.
struct HTCacheControl: Sendable, Hashable {
    /// `no-store`: the response must not be stored anywhere.
    var noStore: Bool
    /// `private`: the response is for one user only.
    var isPrivate: Bool

    /// Parses a header value; `nil` has no directives.
    init(_ value: String?) {
        noStore = false
        isPrivate = false
        guard let value else { return }
        for directive in value.split(separator: ",") {
            let name = directive.split(separator: "=", maxSplits: 1).first ?? ""
            switch name.trimmingCharacters(in: .whitespaces).lowercased() {
            case "no-store": noStore = true
            case "private": isPrivate = true
            default: break
            }
        }
    }
}
