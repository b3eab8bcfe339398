/// A request whose success response is a stream of JSON values (JSON Lines or a JSON text sequence):
/// ``HTClient/values(_:)`` reads it as it arrives, one ``StreamValue`` at a time. ``HTClient/send(_:)``
/// still reads the whole body as ``HTBaseRequest/Response``.
///
/// Generated for an OpenAPI operation whose success response is `application/jsonl`,
/// `application/x-ndjson` or `application/json-seq`.
public protocol HTValueStreamRequest: HTBaseRequest {
    /// What each value of the stream is mapped to.
    associatedtype StreamValue: HTJSONValueConvertible
    /// How the values are delimited.
    static var streamFormat: HTValueStreamFormat { get }
}
