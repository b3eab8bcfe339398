import Foundation

/// A URL's origin: its scheme and host (lower-cased) and its port (the scheme's default when the URL
/// names none). Two URLs of one origin may see the same credentials: the redirect policy
/// (``HTRedirectPolicy``) and the client's credential origins (``HTCredentialOrigins``) compare these.
struct HTOrigin: Sendable, Equatable {
    let scheme: String
    let host: String?
    let port: Int?

    /// The origin of `url`; `nil` when it has no scheme.
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        self.scheme = scheme
        host = url.host?.lowercased()
        port = url.port ?? ["http": 80, "https": 443, "ws": 80, "wss": 443][scheme]
    }
}
