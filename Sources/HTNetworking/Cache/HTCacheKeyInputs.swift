import Foundation

/// What a request's cache key is made of, read from the request once: its custom key, its user scope,
/// and the parameters and headers its default key holds (`parameters` is the app's code, which builds
/// an object on every call). ``HTCacheKey`` documents the key's text.
///
/// It is not generic over the request type (it keeps what it needs of the type's static members): the
/// client's generic code is not specialized for an app's request types, and a generic value here would
/// cost a metadata lookup and indirect copies on every send. The client keeps it inside its
/// ``HTCacheUse``.
struct HTCacheKeyInputs {
    /// The request's values (``HTRequestValues``), as the request builder read them.
    let values: HTRequestValues
    /// The request's own ``HTCacheableRequest/cacheKey``.
    let customKey: String?
    /// The request's parameters as its default key holds them: without header properties, filtered by
    /// ``HTCacheableRequest/cacheKeyFilteredParameters(_:)``; empty under a custom key.
    let keyedParameters: HTJSONObject
    /// The request's own headers as its default key holds them: without credential headers, filtered
    /// by ``HTCacheableRequest/cacheKeyFilteredHeaders(_:)``; empty under a custom key.
    let keyedHeaders: [String: String]
    /// ``HTCacheableRequest/cacheSensitiveData``; `nil` under a custom key.
    let sensitive: HTJSON?
    /// The user scope: the request's own (``HTCacheableRequest/cacheUserScope``), else the client's.
    let userScope: String?

    /// The request type's method.
    let method: HTHTTPMethod
    /// The request type's path template.
    let path: String
    /// Whether the parameters that do not fill the path go to the query string
    /// (``HTRequestBuilder/parametersGoToQuery(_:hasBody:)``).
    let inQuery: Bool

    /// The inputs of `request` sent by a client with `configuration`.
    init<R: HTBaseRequest>(_ request: R, configuration: HTClientConfiguration) {
        self.init(
            request, values: HTRequestValues(request), cacheable: request as? any HTCacheableRequest,
            settings: configuration.cache)
    }

    /// The inputs of `request`, whose values the builder read are `values` and whose cacheable side
    /// (`request as? any HTCacheableRequest`) is `cacheable`, keyed with `settings`.
    init<R: HTBaseRequest>(
        _ request: R, values: HTRequestValues, cacheable: (any HTCacheableRequest)?,
        settings: borrowing HTCacheSettings
    ) {
        self.values = values
        self.method = R.method
        self.path = R.path
        self.inQuery = HTRequestBuilder.parametersGoToQuery(R.self, hasBody: values.body != nil)
        var parameters = values.parameters
        for name in R.headerPropertyList { parameters[name] = nil }
        var headers = values.headers
        if !headers.isEmpty {
            let credentialHeaders = settings.credentialHeaders
            headers = headers.filter { !HTCacheScope.isCredentialHeader($0.key, extra: credentialHeaders) }
        }
        // One unwrapping: each optional-chained call on the existential copies it.
        guard let cacheable else {
            (customKey, userScope, sensitive) = (nil, settings.userScope, nil)
            (keyedParameters, keyedHeaders) = (parameters, headers)
            return
        }
        customKey = cacheable.cacheKey
        userScope = cacheable.cacheUserScope ?? settings.userScope
        guard customKey == nil else {
            (keyedParameters, keyedHeaders, sensitive) = ([:], [:], nil)
            return
        }
        keyedParameters = cacheable.cacheKeyFilteredParameters(parameters)
        keyedHeaders = cacheable.cacheKeyFilteredHeaders(headers)
        sensitive = cacheable.cacheSensitiveData
    }

    /// The names of the request's own parameters whose values its key holds (the `parameters:` line): a
    /// credential parameter among them is keyed by its value. One the key leaves out (dropped by
    /// ``HTCacheableRequest/cacheKeyFilteredParameters(_:)``, or any under a custom
    /// ``HTCacheableRequest/cacheKey``) scopes the entry like a credential header, so leaving a token
    /// out of the key never shares the entry between users.
    var ownParameters: Set<String> {
        Set(keyedParameters.map(\.key))
    }

    /// The lines before `sent:`: the request's own key, or the default lines.
    func requestPart(_ configuration: HTClientConfiguration) -> String {
        if let customKey { return "HTCacheKey/custom\n" + customKey }
        return defaultRequestPart(configuration)
    }

    private func defaultRequestPart(_ configuration: HTClientConfiguration) -> String {
        let serializer = HTModel.HTJSONSerializer(options: .sortedKeys)
        let parameterText =
            keyedParameters.isEmpty
            ? "{}" : String(decoding: serializer.serialize(.object(keyedParameters)), as: UTF8.self)
        var headerText = "{}"
        if !keyedHeaders.isEmpty {
            var headerObject = HTJSONObject()
            for (name, value) in keyedHeaders { headerObject[name.lowercased()] = .string(value) }
            headerText = String(decoding: serializer.serialize(.object(headerObject)), as: UTF8.self)
        }
        let sensitiveText = sensitive.map { String(decoding: serializer.serialize($0), as: UTF8.self) } ?? "null"
        var bodyText = ""
        if let ownBody = values.body {
            let encoded = ownBody.canonicalEncoded
            bodyText = encoded.contentType + " " + HTCacheKey.hexString(encoded.data)
        } else if !inQuery {
            let encoding = values.bodyEncoding ?? configuration.bodyEncoding
            let body = keyedParameters.isEmpty ? Data() : encoding.encode(keyedParameters)
            bodyText = encoding.contentType + " " + HTCacheKey.hexString(body)
        }
        let base = (values.baseURL ?? configuration.baseURL).absoluteString
        let pieces = [
            "HTCacheKey/4\nmethod:", method.rawValue, "\nbase:", base, "\npath:", path, "\nparameters:",
            parameterText, "\nplacement:", inQuery ? "query" : "body", "\nheaders:", headerText, "\nsensitive:",
            sensitiveText, "\nbody:", bodyText,
        ]
        // Bytes first, one string at the end: appending to a `String` piece by piece costs several
        // hundred instructions an append.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count })
        for piece in pieces {
            // A native string's bytes are copied at once; others byte by byte.
            if piece.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: piece.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
