/// One event of a `text/event-stream` response, as the WHATWG "event stream interpretation" dispatches
/// it, with its `data` decoded as `Payload` (``HTClient/events(_:reconnect:)``): `String` is the raw text,
/// any other type is mapped from the text read as JSON.
public struct HTServerSentEvent<Payload: Sendable>: Sendable {
    /// The event type: the last `event` field of the event, `"message"` without one.
    public var event: String
    /// The event's `data` lines (joined with `"\n"`), decoded.
    public var data: Payload
    /// The last event ID of the stream when the event was dispatched (the last `id` field so far, also
    /// of earlier events); `nil` while there was none. A reconnection sends it as `Last-Event-ID`.
    public var id: String?
    /// The reconnection time in milliseconds this event's `retry` field set, if it had one.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: Payload, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

extension HTServerSentEvent: Equatable where Payload: Equatable {}
