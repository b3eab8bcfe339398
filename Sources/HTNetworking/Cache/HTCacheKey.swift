import Foundation

/// The identity of a cached response: FNV-1a-64 (``HTCacheHash``) of a canonical text, stable across
/// runs, processes and platforms (no `hashValue`, no dictionary order).
///
/// The default key's canonical text, one line per part, `\n`-separated, UTF-8:
///
/// ```text
/// HTCacheKey/1
/// method:<HTTP method>
/// base:<the request's baseURL, else the client's, as absoluteString>
/// path:<the request type's path template>
/// parameters:<cacheKeyFilteredParameters(parameters minus header properties), JSON with sorted keys>
/// sensitive:<cacheSensitiveData as JSON with sorted keys, or null>
/// body:<for methods that send a body: the body encoding's content type, a space, the body bytes the
///       encoding makes from the filtered parameters as lower-case hex; otherwise empty>
/// ```
///
/// JSON is written by `HTModel.HTJSONSerializer(options: .sortedKeys)` (keys in Swift `String` order, integers
/// as integers). A request's own ``HTCacheableRequest/cacheKey`` replaces all of this with
/// `HTCacheKey/custom\n<its key>`.
public struct HTCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The 64-bit hash.
    public let value: UInt64

    /// A key from its hash.
    public init(value: UInt64) {
        self.value = value
    }

    /// The key of a canonical text: FNV-1a-64 of its UTF-8 bytes.
    public init(canonical text: String) {
        self.value = HTCacheHash.fnv1a64(text.utf8)
    }

    /// The key for a key a request computes itself.
    public init(custom key: String) {
        self.init(canonical: "HTCacheKey/custom\n" + key)
    }

    /// The key of `request` sent by a client with `configuration`: its own ``HTCacheableRequest/cacheKey``
    /// when it has one, otherwise the hash of ``canonicalText(for:configuration:)``.
    public init<R: HTBaseRequest>(for request: R, configuration: HTClientConfiguration) {
        if let custom = (request as? any HTCacheableRequest)?.cacheKey {
            self.init(custom: custom)
        } else {
            self.init(canonical: Self.canonicalText(for: request, configuration: configuration))
        }
    }

    /// The default key's canonical text for `request` (see the type's documentation).
    public static func canonicalText<R: HTBaseRequest>(for request: R, configuration: HTClientConfiguration) -> String {
        let cacheable = request as? any HTCacheableRequest
        var parameters = request.parameters
        for name in R.headerPropertyList { parameters[name] = nil }
        if let cacheable { parameters = cacheable.cacheKeyFilteredParameters(parameters) }
        let serializer = HTModel.HTJSONSerializer(options: .sortedKeys)
        let parameterText = String(decoding: serializer.serialize(.object(parameters)), as: UTF8.self)
        let sensitiveText = String(decoding: serializer.serialize(cacheable?.cacheSensitiveData ?? .null), as: UTF8.self)
        var bodyText = ""
        if !R.method.sendsParametersInQuery {
            let encoding = request.bodyEncoding ?? configuration.bodyEncoding
            let body = parameters.isEmpty ? Data() : encoding.encode(parameters)
            bodyText = encoding.contentType + " " + hexString(body)
        }
        let base = (request.baseURL ?? configuration.baseURL).absoluteString
        return "HTCacheKey/1\nmethod:\(R.method.rawValue)\nbase:\(base)\npath:\(R.path)\nparameters:\(parameterText)\n"
            + "sensitive:\(sensitiveText)\nbody:\(bodyText)"
    }

    /// The hash as 16 lower-case hex digits (also the entry's file name on disk).
    public var hex: String { HTCacheHash.hex(value) }

    public var description: String { hex }

    private static func hexString(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
