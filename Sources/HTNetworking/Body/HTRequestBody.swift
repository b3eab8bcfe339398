import Foundation

/// A request's own body (``HTBaseRequest/body``), sent whatever the method, with the parameters that
/// do not fill the path going to the query string.
///
/// Generated OpenAPI requests render their `requestBody` into one of these:
///
/// ```swift
/// var body: HTRequestBody? { .json(pet.htJSON) }
/// var body: HTRequestBody? { .form(["grant_type": "password", "username": .string(user)]) }
/// var body: HTRequestBody? {
///     .multipart([
///         HTMultipartPart(name: "title", value: "Holiday"),
///         HTMultipartPart(name: "photo", data: jpeg, fileName: "beach.jpg", contentType: "image/jpeg"),
///     ])
/// }
/// var body: HTRequestBody? { .data(bytes, contentType: "application/octet-stream") }
/// ```
///
/// The client sends the body's bytes and the matching `Content-Type` header; the response cache keys,
/// the freeze journal keeps, the log shows (with secret fields redacted, see ``HTLogRedaction``) and
/// mocks and interceptors see exactly that body.
public enum HTRequestBody: Sendable, Hashable {
    /// `application/json; charset=utf-8`: the value as JSON.
    case json(HTJSON)
    /// `application/x-www-form-urlencoded; charset=utf-8`: `key=value&...`, percent-encoded as in a
    /// query string (arrays repeat the key, `null` is left out, nested objects are JSON text).
    case form(HTJSONObject)
    /// `multipart/form-data` (RFC 7578) with a random boundary that occurs in none of the parts.
    case multipart([HTMultipartPart])
    /// Bytes sent as they are, with this `Content-Type`.
    case data(Data, contentType: String)

    /// A body as bytes with the `Content-Type` header value that describes them.
    package struct Encoded: Sendable, Hashable {
        /// The bytes on the wire.
        package var data: Data
        /// The `Content-Type` header value (for multipart, with its `boundary` parameter).
        package var contentType: String

        /// Creates an encoded body.
        package init(data: Data, contentType: String) {
            self.data = data
            self.contentType = contentType
        }
    }

    /// The bytes to send and their `Content-Type`. A multipart body gets a new random boundary on
    /// every call (`HTNetworking-` and 32 hex digits from the system's secure generator, drawn again
    /// when it occurs in a part), so two calls give different bytes for it.
    package func encoded() -> Encoded {
        switch self {
        case .multipart(let parts):
            return Self.multipart(parts, boundary: HTMultipartPart.randomBoundary(for: parts))
        default:
            return canonicalEncoded
        }
    }

    /// The bytes that identify the body: ``encoded()``, but a multipart body gets a boundary that
    /// depends only on its parts (the first of `HTRequestBody-canonical`, `HTRequestBody-canonical-1`,
    /// ... that occurs in none of them), so equal bodies give equal bytes and different bodies
    /// different bytes. What the response cache key and the freeze key hold.
    package var canonicalEncoded: Encoded {
        switch self {
        case .json(let json):
            return Encoded(data: json.serializedData(), contentType: HTBodyEncoding.json.contentType)
        case .form(let object):
            return Encoded(data: Data(HTFormEncoding.encode(object).utf8), contentType: HTBodyEncoding.form.contentType)
        case .multipart(let parts):
            return Self.multipart(
                parts, boundary: HTMultipartPart.unusedBoundary(startingWith: "HTRequestBody-canonical", in: parts))
        case .data(let data, let contentType):
            return Encoded(data: data, contentType: contentType)
        }
    }

    private static func multipart(_ parts: [HTMultipartPart], boundary: String) -> Encoded {
        Encoded(
            data: HTMultipartPart.body(of: parts, boundary: boundary),
            contentType: "multipart/form-data; boundary=\(boundary)")
    }
}
