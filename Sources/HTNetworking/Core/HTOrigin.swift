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
        port = url.port ?? Self.defaultPort(of: scheme)
    }

    /// The port a URL of `scheme` (lower case) means when it names none.
    static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// How a URL of this origin may begin, written out: `scheme://host` and `scheme://host:port` (the
    /// first only when the port is the scheme's default). A URL whose text is one of these followed by
    /// `/`, `?`, `#` or nothing has this origin, with no parsing (``HTCredentialOrigins`` checks every
    /// request sent).
    var literalPrefixes: [String] {
        guard let host, !host.isEmpty else { return [] }
        let bare = scheme + "://" + host
        guard let port else { return [bare] }
        let explicit = bare + ":" + String(port)
        return port == Self.defaultPort(of: scheme) ? [bare, explicit] : [explicit]
    }

    /// Whether `text` (a URL's absolute string) begins with `prefix` followed by the end of the
    /// authority.
    static func text(_ text: String, startsWithAuthority prefix: String) -> Bool {
        var text = text
        var prefix = prefix
        return text.withUTF8 { text in
            prefix.withUTF8 { prefix in
                guard text.starts(with: prefix) else { return false }
                guard prefix.count < text.count else { return true }
                let next = text[prefix.count]
                return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
            }
        }
    }
}
