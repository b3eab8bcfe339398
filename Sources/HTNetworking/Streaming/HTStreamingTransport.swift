import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that hands over a response body as it arrives, for ``HTClient/events(_:reconnect:)``
/// and ``HTClient/values(_:)``.
///
/// ``HTURLSessionTransport`` conforms (with a session it made itself; with an app's session it returns
/// the whole body at the end). Other transports still work for streams: their ``HTTransport/send(_:)``
/// response body is read as one chunk once it has all arrived, which is fine for mocks and finite bodies
/// but not for endless streams.
public protocol HTStreamingTransport: HTTransport {
    /// Sends `request` and returns once the status and headers have arrived, with the body still
    /// arriving. Redirects follow ``HTTransportOptions/redirectPolicy``; there is no size limit on the
    /// whole body (an endless stream has none). The body must not be held in memory whole: a
    /// transport pauses the transfer while its reader is behind. Cancelling the calling task before it
    /// returns, or the reader's task while it reads, or dropping the body, cancels the transfer.
    ///
    /// - Throws: transport failures only; any HTTP status is a response.
    func stream(_ request: URLRequest, options: HTTransportOptions) async throws -> HTStreamedResponse
}
