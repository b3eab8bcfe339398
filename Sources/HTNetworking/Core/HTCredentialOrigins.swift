import Foundation
import HTModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a client's credentials may go: the origin (scheme, host and port) of its base URL and the
/// origins the app names in ``HTClientConfiguration/credentialOrigins``.
///
/// A request that reaches the transport for any other origin (a hand-written request whose path is an
/// absolute URL, a request with its own base URL, one that ``HTBaseRequest/customize(_:)`` or an
/// interceptor points elsewhere, a frozen request resent through another client) goes without them:
/// every credential header (``HTCredentialHeaders`` and ``HTCacheSettings/credentialHeaders``) and every
/// credential query parameter (the log redaction's secret names) is removed, except those the request
/// declares itself (its ``HTBaseRequest/headers`` and ``HTBaseRequest/parameters``, which it sends to
/// wherever it goes). The cache scopes the request as it is then sent, so the cache and the
/// interceptors agree on whose request it is; ``HTInterceptorContext/mayReceiveCredentials(_:)`` tells
/// interceptors (``HTBearerTokenInterceptor`` neither adds its token nor refreshes it for such a request).
struct HTCredentialOrigins: Sendable {
    /// The origins that may receive credentials (those with a host).
    private let origins: [HTOrigin]
    /// Their ``HTOrigin/literalPrefixes``: a URL that begins with one is theirs without parsing it.
    private let prefixes: [String]

    /// The origins of `baseURL` and of `additional`.
    init(baseURL: URL, additional: [URL]) {
        origins = ([baseURL] + additional).compactMap(HTOrigin.init).filter { $0.host != nil }
        prefixes = origins.flatMap(\.literalPrefixes)
    }

    /// Whether a request to `url` may carry the client's credentials.
    func permits(_ url: URL?) -> Bool {
        guard let url else { return false }
        // Nearly every request goes to the base URL's origin, written as the base URL writes it.
        let text = url.absoluteString
        if prefixes.contains(where: { HTOrigin.text(text, startsWithAuthority: $0) }) { return true }
        guard let origin = HTOrigin(url) else { return false }
        return origins.contains(origin)
    }

    /// `request` without the credentials it must not carry to its origin (see the type's
    /// description), keeping those named in `own`; `nil` when it may be sent as it is.
    func guarded(_ request: URLRequest, own: HTOwnCredentials, extraHeaders: Set<String>) -> URLRequest? {
        guard !permits(request.url) else { return nil }
        var guarded = request
        var changed = false
        for name in (request.allHTTPHeaderFields ?? [:]).keys
        where HTCredentialHeaders.contains(name, extra: extraHeaders) && !own.declaresHeader(name) {
            guarded.setValue(nil, forHTTPHeaderField: name)
            changed = true
        }
        if let url = request.url, url.query(percentEncoded: true) != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems
        {
            let kept = items.filter { item in
                let name = item.name.removingPercentEncoding ?? item.name
                return !HTCredentialQueryParameters.contains(name) || own.declaresParameter(name)
            }
            if kept.count != items.count {
                components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
                guarded.url = components.url ?? url
                changed = true
            }
        }
        return changed ? guarded : nil
    }
}

/// The credentials a request declares itself: its ``HTBaseRequest/headers`` and the top-level names of
/// its ``HTBaseRequest/parameters`` (kept as they are, copied only when looked at).
struct HTOwnCredentials: Sendable {
    private let headers: [String: String]
    private let parameters: HTJSONObject

    /// Nothing is the request's own (a URL request built elsewhere).
    static let none = HTOwnCredentials(headers: [:], parameters: HTJSONObject())

    init(headers: [String: String], parameters: HTJSONObject) {
        self.headers = headers
        self.parameters = parameters
    }

    /// Whether the request declares the header `name` (any case).
    func declaresHeader(_ name: String) -> Bool {
        headers.keys.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Whether the request declares the parameter `name` (or `name[...]`, a member of it).
    func declaresParameter(_ name: String) -> Bool {
        let base = name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name
        return parameters[base] != nil
    }
}
