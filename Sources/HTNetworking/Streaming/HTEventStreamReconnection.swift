/// When and how often ``HTClient/events(_:reconnect:)`` reconnects to an event stream that ended or
/// dropped, as a browser's `EventSource` does: it waits the reconnection time (the server's last
/// `retry` field, else ``delay``) and sends the request again with `Last-Event-ID` set to the last
/// event ID it received, so the server can resume after it.
///
/// It stops when the server answers `204 No Content` (the stream ends), when it answers a status the
/// request does not accept (the stream throws ``HTNetworkingError/Kind/status(code:body:)``), and after
/// ``maximumAttempts`` reconnections in a row that brought no event (the stream throws the last
/// connection error, or ends if the connections ended cleanly).
public struct HTEventStreamReconnection: Sendable, Hashable {
    /// How many reconnections in a row may bring no event.
    public var maximumAttempts: Int
    /// How long to wait before reconnecting while the server has sent no `retry` field.
    public var delay: Duration

    /// Reconnects at most `maximumAttempts` times in a row without an event, waiting `delay` (or the
    /// server's `retry`) before each.
    public init(maximumAttempts: Int = 5, delay: Duration = .seconds(3)) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
    }
}
