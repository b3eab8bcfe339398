/// A request whose success response is a `text/event-stream`: ``HTClient/events(_:reconnect:)`` reads
/// it as it arrives, as events whose `data` is an ``EventPayload``. ``HTClient/send(_:)`` still reads the
/// whole body as ``HTBaseRequest/Response`` (by default: once the stream has ended).
///
/// Generated for an OpenAPI operation whose success response is `text/event-stream`.
public protocol HTEventStreamRequest: HTBaseRequest {
    /// What each event's `data` is: `String` for the text as it came, any other type is mapped from
    /// the text read as JSON.
    associatedtype EventPayload: HTJSONValueConvertible
}
