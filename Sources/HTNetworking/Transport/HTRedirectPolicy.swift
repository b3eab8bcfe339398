import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What happens to a request's headers when the server redirects it (``HTClientConfiguration/redirectPolicy``).
///
/// A redirect to another origin (another scheme, host or port) is a request to someone else: by
/// default it goes without the headers that carry credentials (``HTCredentialHeaders``:
/// `Authorization`, `Cookie`, API keys, tokens), as browsers and curl do. Cookies the session stores
/// for the new host are still sent by the session, by their own domain rules.
///
/// ``HTURLSessionTransport`` applies it when it made its session (its delegate decides redirects); a
/// session the app passes in follows its own delegate, and other transports their own rules.
public enum HTRedirectPolicy: Sendable, Hashable {
    /// Follow redirects; to another origin without the credential headers (the default).
    case stripCredentialsAcrossOrigins
    /// Follow redirects keeping every header, also to another origin: only for an API whose redirects
    /// all go to hosts that may see its credentials.
    case keepCredentials
    /// Don't follow: the 3xx response is the response.
    case doNotFollow

    /// The request to send for a redirect from `original` to `redirected` (`nil`: don't follow).
    package func request(for redirected: URLRequest, from original: URL?) -> URLRequest? {
        switch self {
        case .doNotFollow:
            return nil
        case .keepCredentials:
            return redirected
        case .stripCredentialsAcrossOrigins:
            if let original, let target = redirected.url, Self.isSameOrigin(original, target) { return redirected }
            return Self.stripped(redirected)
        }
    }

    /// Whether two URLs have the same scheme, host and port (a missing port is the scheme's default).
    package static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let origin = HTOrigin(a) else { return false }
        return origin == HTOrigin(b)
    }

    private static func stripped(_ request: URLRequest) -> URLRequest {
        var request = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where HTCredentialHeaders.contains(name) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }
}
