/// One step in the life of a request, as delivered by ``HTRequestEvents`` (the original's
/// `signalStart`, whose subscribers received next, error and completed) and by downloads.
///
/// A sequence of events is always: ``started(_:)``; any number of ``progress(_:)`` and
/// ``retrying(attempt:after:error:)``; then either ``response(_:)`` or ``failed(_:)``; then
/// ``finished``.
public enum HTRequestEvent<Value> {
    /// The request is about to be sent.
    case started(HTRequestDescription)
    /// Bytes have been transferred (downloads; plain requests report no progress).
    case progress(HTTransferProgress)
    /// An attempt failed with a transient error; attempt number `attempt` (2 for the first retry) is
    /// sent after waiting `after`.
    case retrying(attempt: Int, after: Duration, error: HTNetworkingError)
    /// The request succeeded: the mapped value and the raw response.
    case response(HTResponse<Value>)
    /// The request failed (for good, after any retries), or the consuming task was cancelled.
    case failed(HTNetworkingError)
    /// Nothing follows.
    case finished

    /// The mapped value of a ``response(_:)`` event.
    public var value: Value? {
        if case .response(let response) = self { return response.value }
        return nil
    }

    /// The error of a ``failed(_:)`` event.
    public var error: HTNetworkingError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
