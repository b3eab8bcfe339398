import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a request value into a `URLRequest`: fills path parameters, puts the remaining parameters into
/// the query string or the body, adds the request's own ``HTBaseRequest/body``, and merges headers.
enum HTRequestBuilder {
    /// Whether the parameters that do not fill the path go to the query string: for GET, HEAD and
    /// DELETE, for a request with its own body (a request has one body), and for one that says
    /// ``HTBaseRequest/sendsParametersInQuery``. Otherwise they make the body.
    static func parametersGoToQuery<R: HTBaseRequest>(_ type: R.Type, hasBody: Bool) -> Bool {
        hasBody || R.sendsParametersInQuery || R.method.sendsParametersInQuery
    }

    static func urlRequest<R: HTBaseRequest>(for request: R, configuration: HTClientConfiguration)
        throws(HTNetworkingError) -> URLRequest
    {
        try urlRequest(R.self, values: HTRequestValues(request), configuration: configuration)
    }

    /// The URL request of a request of type `R` whose values are `values` (before ``HTBaseRequest/customize(_:)``).
    static func urlRequest<R: HTBaseRequest>(
        _ type: R.Type, values: HTRequestValues, configuration: HTClientConfiguration
    ) throws(HTNetworkingError) -> URLRequest {
        let method = R.method
        var parameters = values.parameters
        for name in R.headerPropertyList {
            parameters[name] = nil
        }
        let path: String
        do {
            path = try fillPath(R.path, from: &parameters)
        } catch {
            throw HTNetworkingError(.invalidRequest(error.message), request: describe(R.self, url: R.path))
        }
        let baseURL = values.baseURL ?? configuration.baseURL
        var body: Data?
        var contentType: String?
        let ownBody = values.body
        var query: String?
        if !parameters.isEmpty {
            if parametersGoToQuery(R.self, hasBody: ownBody != nil) {
                query = HTFormEncoding.encode(parameters)
            } else {
                let encoding = values.bodyEncoding ?? configuration.bodyEncoding
                body = encoding.encode(parameters)
                contentType = encoding.contentType
            }
        }
        if let ownBody {
            let encoded = ownBody.encoded()
            try HTHeaderCheck.validate(["Content-Type": encoded.contentType], request: describe(R.self, url: path))
            body = encoded.data
            contentType = encoded.contentType
        }
        let url: URL
        switch resolve(path: path, query: query, against: baseURL) {
        case .url(let resolved):
            url = resolved
        case .invalidWithBase:
            throw HTNetworkingError(
                .invalidRequest("'\(path)' does not make a valid URL with the base URL"),
                request: describe(R.self, url: path))
        case .unbuildable:
            throw HTNetworkingError(
                .invalidRequest("the URL could not be built"), request: describe(R.self, url: path))
        }
        try HTHeaderCheck.validate(configuration.defaultHeaders, request: describe(R.self, url: path))
        try HTHeaderCheck.validate(values.headers, request: describe(R.self, url: path))
        var urlRequest = URLRequest(url: url)
        // A new URL request's method is GET; FoundationNetworking's setter compares the name with six
        // methods, case-insensitively through NSString, on every call.
        if method != .get { urlRequest.httpMethod = method.rawValue }
        urlRequest.timeoutInterval = values.timeout ?? configuration.timeout
        urlRequest.httpBody = body
        var fields: [(name: String, value: String)] = []
        if let contentType { fields.append(("Content-Type", contentType)) }
        fields.append(("Accept", R.accept ?? "application/json"))
        fields += configuration.defaultHeaders.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
        fields += values.headers.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
        HTHeaderFields.apply(fields, to: &urlRequest)
        return urlRequest
    }

    /// ``urlRequest(for:configuration:)`` after the request's ``HTBaseRequest/customize(_:)``: the URL
    /// request the client sends before interceptors run.
    static func customizedURLRequest<R: HTBaseRequest>(for request: R, configuration: HTClientConfiguration)
        throws(HTNetworkingError)
        -> URLRequest
    {
        var urlRequest = try self.urlRequest(for: request, configuration: configuration)
        request.customize(&urlRequest)
        return urlRequest
    }

    struct PathError: Error {
        var message: String
    }

    /// Replaces each path parameter (a whole `:name` segment, or `{name}` anywhere in a segment:
    /// ``PathTemplateRules/pieces(of:)``) with the parameter of that name, percent-encoded so that it
    /// stays inside its segment, and removes the parameter so it is not sent again in the query or body.
    /// A filled segment that is empty, `.` or `..` is refused: it would send the request to another path.
    ///
    /// A parameter named with an RFC 6570 operator, `{.name}` (label), `{;name}` (matrix) or `{name*}`
    /// (exploded), which generated OpenAPI requests write for those path styles, is filled from the
    /// parameter `name` as that style writes its value, scalar, array or object (``HTPathStyle``); a
    /// parameter of the whole name, operator included, comes first.
    ///
    /// Only the part before the first `?` is a path: a fixed query in the template (NEI's action marker,
    /// `/progroups/:id?changecreator` or `/users?cpwd`) is kept as it is, so it is always sent, and
    /// ``resolve(path:against:)`` makes it the start of the URL query (parameters follow with `&`).
    static func fillPath(_ template: String, from parameters: inout HTJSONObject) throws(PathError) -> String {
        // `Character` and UTF-8 searches: with Foundation imported, `contains("…")` on a String is
        // NSString's substring search, which costs microseconds on every request.
        guard template.contains(where: { $0 == ":" || $0 == "{" }) else { return template }
        if let queryStart = template.utf8.firstIndex(of: UInt8(ascii: "?")) {
            let filled = try fillPath(String(template[..<queryStart]), from: &parameters)
            return filled + template[queryStart...]
        }
        // Keep `scheme://host:port` intact in absolute URLs.
        let pathStart = PathTemplateRules.pathStart(in: Substring(template))
        let result = String(template[..<pathStart])
        let segments = template[pathStart...].split(separator: "/", omittingEmptySubsequences: false)
        var filled: [String] = []
        var used: [String] = []
        for segment in segments {
            let pieces = PathTemplateRules.pieces(of: segment)
            guard pieces.contains(where: { if case .parameter = $0 { return true } else { return false } }) else {
                filled.append(String(segment))
                continue
            }
            var text = ""
            var names: [String] = []
            for piece in pieces {
                switch piece {
                case .literal(let literal):
                    text += literal
                case .parameter(let name):
                    if parameters[String(name)] == nil, let styled = HTPathStyle(name) {
                        guard let value = parameters[styled.key], let filled = styled.text(value) else {
                            throw PathError(message: "the path parameter '\(styled.key)' has no value")
                        }
                        names.append("'\(styled.key)'")
                        used.append(styled.key)
                        text += filled
                        continue
                    }
                    guard let value = parameters[String(name)], let value = HTValueCoercion.string(value) else {
                        throw PathError(message: "the path parameter '\(name)' has no value")
                    }
                    names.append("'\(name)'")
                    used.append(String(name))
                    // `/`, `?`, `#` and `%` are escaped: a value never leaves its segment.
                    text += HTFormEncoding.escape(value)
                }
            }
            // A segment that URL resolution would read as a dot segment (or an empty one) is refused:
            // `/items/..` is `GET /`.
            guard !text.isEmpty, text != ".", text != ".." else {
                let what =
                    names.count == 1
                    ? "the path parameter \(names[0]) makes"
                    : "the path parameters \(names.joined(separator: ", ")) make"
                throw PathError(
                    message: "\(what) the segment '\(segment)' \(text.debugDescription), which would change the path")
            }
            filled.append(text)
        }
        for name in used { parameters[name] = nil }
        return result + filled.joined(separator: "/")
    }

    /// What ``resolve(path:query:against:)`` makes.
    enum Resolved {
        case url(URL)
        /// The path does not make URL components with the base URL.
        case invalidWithBase
        /// The components make no URL.
        case unbuildable
    }

    /// The URL for `path` with the encoded parameters `query` after its own query: absolute paths are
    /// used as they are, others are appended to the base URL's path (so a base URL `https://host/api`
    /// and `/users` make `https://host/api/users`).
    static func resolve(path: String, query: String?, against baseURL: URL) -> Resolved {
        if let url = resolvedByText(path: path, query: query, against: baseURL) { return .url(url) }
        guard var components = resolve(path: path, against: baseURL) else { return .invalidWithBase }
        if let query {
            let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
            components.percentEncodedQuery = existing + query
        }
        guard let url = components.url else { return .unbuildable }
        return .url(url)
    }

    /// The same URL as ``resolve(path:against:)`` then the query make, written as text and parsed
    /// once, for the common case: a relative path and a base URL without a query or fragment.
    /// `URLComponents` parses the base URL, and again the URL it makes, on every request. `nil`
    /// when the case is not the common one or the text does not parse.
    private static func resolvedByText(path: String, query: String?, against baseURL: URL) -> URL? {
        guard PathTemplateRules.schemeSeparatorEnd(in: Substring(path)) == nil else { return nil }
        var base = baseURL.absoluteString
        guard !base.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else { return nil }
        guard let schemeEnd = PathTemplateRules.schemeSeparatorEnd(in: Substring(base)) else { return nil }
        // Trailing slashes of the base path go, as `resolve(path:against:)` removes them; never those
        // of the scheme separator.
        while base.utf8.last == UInt8(ascii: "/"), base.endIndex > schemeEnd { base.removeLast() }
        var text = base
        let pathPart: Substring
        var fixedQuery: Substring?
        if let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = path[..<mark]
            fixedQuery = path[path.index(after: mark)...]
        } else {
            pathPart = Substring(path)
        }
        text += PathTemplateRules.escapingInvalid(
            pathPart.hasPrefix("/") ? String(pathPart) : "/" + pathPart, inQuery: false)
        var queryText = fixedQuery.map { PathTemplateRules.escapingInvalid(String($0), inQuery: true) }
        if let query {
            queryText = queryText.map { $0.isEmpty ? query : $0 + "&" + query } ?? query
        }
        if let queryText {
            text += "?"
            text += queryText
        }
        return URL(string: text)
    }

    /// The URL components for `path`: absolute paths are used as they are, others are appended to the
    /// base URL's path (so a base URL `https://host/api` and `/users` make `https://host/api/users`).
    static func resolve(path: String, against baseURL: URL) -> URLComponents? {
        if PathTemplateRules.schemeSeparatorEnd(in: Substring(path)) != nil { return URLComponents(string: path) }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return nil }
        let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let relative = pathPart.first.map(String.init) ?? ""
        // Literal parts of the template may hold characters a URL cannot (a space, non-ASCII text, a brace
        // that is not a whole `{name}` segment); URLComponents traps on those, so they are escaped here.
        components.percentEncodedPath = PathTemplateRules.escapingInvalid(
            basePath + (relative.hasPrefix("/") ? relative : "/" + relative), inQuery: false)
        if pathPart.count == 2 {
            components.percentEncodedQuery = PathTemplateRules.escapingInvalid(String(pathPart[1]), inQuery: true)
        }
        return components
    }

    static func describe<R: HTBaseRequest>(_ type: R.Type, url: String) -> HTRequestDescription {
        HTRequestDescription(method: R.method.rawValue, url: url, requestType: HTRequestTypeName.of(R.self))
    }
}
