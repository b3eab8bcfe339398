import Foundation

/// Redaction of bodies, for the verbose level (the only level at which bodies are logged).
extension HTLogRedaction {
    /// `json` with the value of every secret member (see ``isSecretBodyField(_:)``), at any depth and
    /// whatever its type, replaced by the string `<redacted>`. Other strings go through
    /// ``redactedText(_:)``, for the URLs and JSON texts that bodies carry inside strings.
    package func redactedJSON(_ json: HTJSON) -> HTJSON {
        switch json {
        case .object(var object):
            for index in object.members.indices {
                if isSecretBodyField(object.members[index].key) {
                    object.members[index].value = .string(Self.placeholder)
                } else {
                    object.members[index].value = redactedJSON(object.members[index].value)
                }
            }
            return .object(object)
        case .array(let elements):
            return .array(elements.map(redactedJSON))
        case .string(let text):
            return .string(redactedText(text))
        default:
            return json
        }
    }

    /// A body as text for a log, with its secrets redacted:
    ///
    /// - JSON (a `json` or `+json` content type, or no recognised type and a body starting with `{` or
    ///   `[`) is parsed with ``HTJSONParser``, redacted with ``redactedJSON(_:)`` and written back
    ///   compact with ``HTJSONSerializer`` (member order kept);
    /// - a form body (`application/x-www-form-urlencoded`) has its secret fields redacted with
    ///   ``redactedQuery(_:)``;
    /// - a `multipart/form-data` body is shown part by part with ``redactedMultipart(_:boundary:)``
    ///   (secret fields redacted, file parts by their size only);
    /// - anything else, and JSON that does not parse, is decoded as UTF-8 and goes through
    ///   ``redactedText(_:)``.
    ///
    /// - Parameters:
    ///   - body: the bytes as sent or received.
    ///   - contentType: the `Content-Type` header value, if any.
    package func redactedBody(_ body: Data, contentType: String?) -> String {
        if body.isEmpty { return "" }
        let type = contentType.flatMap(HTContentType.init)
        if type?.mimeType == "application/x-www-form-urlencoded" {
            return redactedQuery(String(decoding: body, as: UTF8.self))
        }
        if let type, type.mimeType == "multipart/form-data" {
            return redactedMultipart(body, boundary: type.parameters["boundary"] ?? "")
        }
        let declaredJSON = type.map { $0.subtype == "json" || $0.suffix == "json" } ?? false
        if declaredJSON || Self.looksLikeJSON(body), let json = try? HTJSONParser().parse(body) {
            return redactedJSON(json).serializedString()
        }
        return redactedText(String(decoding: body, as: UTF8.self))
    }

    /// Whether the first byte that is not whitespace opens an object or an array.
    private static func looksLikeJSON(_ body: Data) -> Bool {
        guard let first = body.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return false
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
