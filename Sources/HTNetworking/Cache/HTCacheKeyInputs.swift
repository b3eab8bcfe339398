import Foundation

/// What a request's cache key is made of, read from the request once: its cacheable side (one
/// dynamic cast, where each `as? any HTCacheableRequest` costs about a microsecond), its custom key,
/// and the parameters its default key holds (`parameters` is the app's code, which builds an object
/// on every call). ``HTCacheKey`` documents the key's text.
struct HTCacheKeyInputs<R: HTBaseRequest> {
    let request: R
    /// The request as an ``HTCacheableRequest``, if it is one.
    let cacheable: (any HTCacheableRequest)?
    /// The request's own ``HTCacheableRequest/cacheKey``.
    let customKey: String?
    /// The request's parameters as its default key holds them: without header properties, filtered by
    /// ``HTCacheableRequest/cacheKeyFilteredParameters(_:)``; empty under a custom key.
    let keyedParameters: HTJSONObject

    init(_ request: R) {
        self.init(request, cacheable: request as? any HTCacheableRequest)
    }

    /// The inputs of `request`, whose cacheable side (`request as? any HTCacheableRequest`) is `cacheable`.
    init(_ request: R, cacheable: (any HTCacheableRequest)?) {
        self.request = request
        self.cacheable = cacheable
        self.customKey = cacheable?.cacheKey
        guard customKey == nil else {
            keyedParameters = [:]
            return
        }
        var parameters = request.parameters
        for name in R.headerPropertyList { parameters[name] = nil }
        if let cacheable { parameters = cacheable.cacheKeyFilteredParameters(parameters) }
        keyedParameters = parameters
    }

    /// The user scope: the request's own, else the client's.
    func userScope(_ settings: HTCacheSettings) -> String? {
        cacheable?.cacheUserScope ?? settings.userScope
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
        var headers = request.headers
        let credentialHeaders = configuration.cache.credentialHeaders
        if !headers.isEmpty {
            headers = headers.filter { !HTCacheScope.isCredentialHeader($0.key, extra: credentialHeaders) }
        }
        if let cacheable { headers = cacheable.cacheKeyFilteredHeaders(headers) }
        var headerText = "{}"
        if !headers.isEmpty {
            var headerObject = HTJSONObject()
            for (name, value) in headers { headerObject[name.lowercased()] = .string(value) }
            headerText = String(decoding: serializer.serialize(.object(headerObject)), as: UTF8.self)
        }
        let sensitive = cacheable?.cacheSensitiveData
        let sensitiveText = sensitive.map { String(decoding: serializer.serialize($0), as: UTF8.self) } ?? "null"
        var bodyText = ""
        let ownBody = request.body
        let inQuery = HTRequestBuilder.parametersGoToQuery(R.self, hasBody: ownBody != nil)
        if let ownBody {
            let encoded = ownBody.canonicalEncoded
            bodyText = encoded.contentType + " " + HTCacheKey.hexString(encoded.data)
        } else if !inQuery {
            let encoding = request.bodyEncoding ?? configuration.bodyEncoding
            let body = keyedParameters.isEmpty ? Data() : encoding.encode(keyedParameters)
            bodyText = encoding.contentType + " " + HTCacheKey.hexString(body)
        }
        let base = (request.baseURL ?? configuration.baseURL).absoluteString
        let pieces = [
            "HTCacheKey/4\nmethod:", R.method.rawValue, "\nbase:", base, "\npath:", R.path, "\nparameters:",
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
