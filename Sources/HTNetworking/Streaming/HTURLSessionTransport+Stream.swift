import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTURLSessionTransport: HTStreamingTransport {
    /// How many chunks (of at most 16 KiB) may wait on a stream's delegate queue on Linux
    /// (``HTBoundedDelegateQueue``).
    static let streamDelegateQueueCapacity = 64

    /// Sends `request` and returns at the first chunk of body (or at the end of a response without
    /// one), with the body arriving as it comes (`HTStreamTaskHandler`). The request is a data task
    /// of a session made for it with the transport's configuration, so that a stream whose reader is
    /// behind holds up no other request: the session ends with the stream. With an app's session
    /// (``init(session:)``) the body is read whole first, then handed over in one chunk.
    public func stream(_ request: URLRequest, options: HTTransportOptions) async throws -> HTStreamedResponse {
        let request = HTSessionTaskGate.timeoutAdjusted(request)
        guard sessionDelegate != nil else {
            let (data, response) = try await session.data(for: request)
            return HTStreamedResponse(head: try HTTransportResponse(response, body: Data()), body: HTStreamedBody(data))
        }
        do {
            try Task.checkCancellation()
            let (streamSession, delegate) = Self.delegateSession(
                session.configuration, queueCapacity: Self.streamDelegateQueueCapacity)
            let buffer = HTStreamBuffer(limit: options.maximumResponseSize ?? .max)
            buffer.keepAlive(HTURLSessionOwner(session: streamSession))
            let task = streamSession.dataTask(with: request)
            return try await delegate.perform(task) { continuation in
                HTStreamTaskHandler(original: request.url, options: options, buffer: buffer, continuation: continuation)
            }
        } catch {
            throw HTUnreadableHeaderError.explained(error, url: request.url)
        }
    }
}
