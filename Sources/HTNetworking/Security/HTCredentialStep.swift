import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds the credentials of a request's security requirement from the client's providers
/// (``HTClientConfiguration/credentials``): the first interceptor of a generated request that declares
/// ``HTBaseRequest/securityRequirements``, so the cache, the log and the other interceptors see the
/// request as it is sent. Only to the origins that may receive credentials
/// (``HTInterceptorContext/mayReceiveCredentials(_:)``); a 401 refreshes the token providers' tokens
/// (one refresh for every request rejected, ``HTTokenRefresher``) and sends the request again, once; a
/// failed refresh is ``HTNetworkingError/Kind/refreshFailed(message:)``.
struct HTCredentialStep: HTInterceptor {
    /// A scheme and where its credential comes from.
    struct Entry: Sendable {
        var scheme: HTSecurityScheme
        var provider: HTCredentialProvider
    }

    let entries: [Entry]

    /// `interceptors` with the step for `requirements` first (``step(for:configuration:description:)``),
    /// or as they are when there is none: what a send and a frozen request's resend run.
    static func prepended(
        to interceptors: [any HTInterceptor], for requirements: [HTSecurityRequirement]?,
        configuration: HTClientConfiguration, description: @autoclosure () -> HTRequestDescription
    ) throws(HTNetworkingError) -> [any HTInterceptor] {
        guard let step = try step(for: requirements, configuration: configuration, description: description())
        else { return interceptors }
        return [step] + interceptors
    }

    /// The step for the first of `requirements` whose schemes the client has credentials for; `nil`
    /// when the request gets none from the client: it declares no requirements, the client has no
    /// credentials at all (interceptors add them), or the satisfiable requirement is anonymous.
    ///
    /// - Throws: ``HTNetworkingError/Kind/missingCredentials(schemes:)`` when no requirement can be met;
    ///   `invalidRequest` when a key's header or query parameter is not one the cache scopes by and the
    ///   logger redacts (the key would be logged, and cached responses shared between keys).
    static func step(
        for requirements: [HTSecurityRequirement]?, configuration: HTClientConfiguration,
        description: @autoclosure () -> HTRequestDescription
    ) throws(HTNetworkingError) -> HTCredentialStep? {
        let credentials = configuration.credentials
        guard let requirements, !requirements.isEmpty, !credentials.isEmpty else { return nil }
        guard
            let chosen = requirements.first(where: { requirement in
                requirement.schemes.allSatisfy { $0.kind == .external || credentials[$0.name] != nil }
            })
        else {
            var missing: [String] = []
            for requirement in requirements {
                for scheme in requirement.schemes
                where scheme.kind != .external && credentials[scheme.name] == nil && !missing.contains(scheme.name) {
                    missing.append(scheme.name)
                }
            }
            throw HTNetworkingError(.missingCredentials(schemes: missing), request: description())
        }
        var entries: [Entry] = []
        for scheme in chosen.schemes {
            guard let provider = credentials[scheme.name] else { continue }
            if let problem = unprotectedName(of: scheme, configuration: configuration) {
                throw HTNetworkingError(.invalidRequest(problem), request: description())
            }
            entries.append(Entry(scheme: scheme, provider: provider))
        }
        return entries.isEmpty ? nil : HTCredentialStep(entries: entries)
    }

    /// Why `scheme`'s key may not be sent: its header or query parameter is not a credential to the
    /// cache (``HTCredentialHeaders``, ``HTCacheSettings/credentialHeaders``, ``HTCredentialQueryParameters``)
    /// or to the logger's redaction. `nil` when it may.
    private static func unprotectedName(of scheme: HTSecurityScheme, configuration: HTClientConfiguration)
        -> String?
    {
        guard case .apiKey(let name, let location) = scheme.kind else { return nil }
        let redaction = configuration.logger.redaction
        switch location {
        case .header:
            if HTCredentialHeaders.contains(name, extra: configuration.cache.credentialHeaders)
                && redaction.isSecretHeader(name)
            {
                return nil
            }
            return
                "the security scheme '\(scheme.name)' sends its key in the header '\(name)', which is not a credential header: add it to the configuration's cache.credentialHeaders and to the logger's redaction.headerNames"
        case .query:
            if HTCredentialQueryParameters.contains(name) && redaction.isSecretQueryParameter(name) { return nil }
            return
                "the security scheme '\(scheme.name)' sends its key in the query parameter '\(name)', which the cache and the log do not treat as a secret; send it with an interceptor instead"
        case .cookie:
            return nil
        }
    }

    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        guard context.mayReceiveCredentials(request) else { return try await next(request) }
        // A provider's own refresh request (sent through this client) gets nothing from that provider.
        let entries = self.entries.filter { !$0.provider.isInsideRefresh }
        do {
            var signed: [HTTokenRefresher.Signed] = []
            for entry in entries { signed.append(try await entry.provider.current()) }
            let response = try await next(Self.signed(request, entries, signed.map(\.token)))
            guard response.statusCode == 401 else { return response }
            var values = signed.map(\.token)
            var refreshed = false
            for (index, entry) in entries.enumerated() {
                guard let fresh = try await entry.provider.refreshed(rejecting: signed[index]) else { continue }
                values[index] = fresh
                refreshed = true
            }
            guard refreshed else { return response }
            return try await next(Self.signed(request, entries, values))
        } catch let failure as HTTokenRefresher.Failure {
            throw failure.networkingError(for: context.request)
        }
    }

    /// `request` with each entry's credential (`values`, in order; `nil`: none now).
    private static func signed(_ request: URLRequest, _ entries: [Entry], _ values: [String?]) -> URLRequest {
        var request = request
        for (entry, value) in zip(entries, values) {
            guard let value else { continue }
            switch entry.scheme.kind {
            case .bearer:
                request.setValue("Bearer " + value, forHTTPHeaderField: "Authorization")
            case .basic:
                request.setValue("Basic " + Data(value.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
            case .apiKey(let name, .header):
                request.setValue(value, forHTTPHeaderField: name)
            case .apiKey(let name, .query):
                request.url = request.url.map { Self.url($0, adding: name, value) }
            case .apiKey(let name, .cookie):
                let pair = HTCookieText.name(name) + "=" + HTCookieText.value(value)
                let existing = request.value(forHTTPHeaderField: "Cookie")
                request.setValue(existing.map { $0 + "; " + pair } ?? pair, forHTTPHeaderField: "Cookie")
            case .external:
                break
            }
        }
        return request
    }

    /// `url` with the query parameter `name=value` added, both percent-encoded outside RFC 3986's
    /// unreserved characters (a `+` in a key stays a `+`, not a space).
    private static func url(_ url: URL, adding name: String, _ value: String) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let item = URLQueryItem(name: HTFormEncoding.escape(name), value: HTFormEncoding.escape(value))
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + [item]
        return components.url ?? url
    }
}
