import Foundation

/// Reads a response body of one format into ``HTJSON``, which the mapping engine turns into models
/// (the original's `RKSerialization`).
///
/// Register a serializer for the MIME types it reads in the client's ``HTSerializerRegistry``; the
/// response's `Content-Type` picks it.
///
/// ```swift
/// struct CSVSerializer: HTResponseSerializer {
///     var name: String { "CSV" }
///     func json(from body: Data, contentType: HTContentType?) throws -> HTJSON {
///         let rows = String(decoding: body, as: UTF8.self).split(separator: "\n")
///         return .array(rows.map { row in .array(row.split(separator: ",").map { .string(String($0)) }) })
///     }
/// }
/// configuration.serializers.register(CSVSerializer(), for: "text/csv")
/// ```
public protocol HTResponseSerializer: Sendable {
    /// A short name for errors and logs (`JSON`, `XML`, `text`).
    var name: String { get }

    /// The body as JSON. `contentType` is the response's, when it sent one. Throw when the body is not
    /// in the format; the request then fails with ``HTNetworkingError/Kind/serialization(_:)`` (or
    /// ``HTNetworkingError/Kind/decoding(_:)`` for an ``HTJSONParseError``).
    func json(from body: Data, contentType: HTContentType?) throws -> HTJSON
}
