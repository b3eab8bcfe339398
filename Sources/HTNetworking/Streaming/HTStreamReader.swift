import Foundation

/// Reads one streamed response for an ``HTStream``: pulls the body's chunks, decodes them, hands out
/// the elements one by one, and, for an event stream the app asked to reconnect, opens the stream
/// again when it ends or drops (``HTEventStreamReconnection``). Dropping the reader cancels the
/// transfer (``HTStreamedBodyReader``).
///
/// Not Sendable: it belongs to the one task that reads the stream; its methods run on that task's
/// executor (`nonisolated(nonsending)`).
final class HTStreamReader<Element: Sendable> {
    /// Opens the stream again, with the last event ID; `nil` when the server said to stop (204).
    typealias Reopen = @Sendable (String?) async throws(HTNetworkingError) -> (HTTransportResponse, HTStreamedBody)?

    private(set) var head: HTTransportResponse
    private var body: HTStreamedBodyReader
    private var decoder: any HTStreamDecoding<Element>
    private var pending: [Element] = []
    private var pendingIndex = 0
    private var ended = false
    /// A decoding error that comes after the elements still pending (those before the bad item).
    private var deferredError: HTNetworkingError?
    private let request: HTRequestDescription
    private let reconnection: HTEventStreamReconnection?
    private let reopen: Reopen?
    /// Reconnections in a row that brought no element, and the error of the last.
    private var attempts = 0
    private var lastError: HTNetworkingError?

    init(
        head: HTTransportResponse, body: HTStreamedBody, decoder: any HTStreamDecoding<Element>,
        request: HTRequestDescription, reconnection: HTEventStreamReconnection? = nil, reopen: Reopen? = nil
    ) {
        self.head = head
        self.body = HTStreamedBodyReader(body)
        self.decoder = decoder
        self.request = request
        self.reconnection = reconnection
        self.reopen = reopen
    }

    nonisolated(nonsending) func next() async throws(HTNetworkingError) -> Element? {
        while true {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if let deferredError {
                self.deferredError = nil
                return try fail(deferredError)
            }
            if ended { return nil }
            let chunk: Data?
            do {
                chunk = try await body.next()
            } catch {
                let failure = HTClient.networkingError(error, request: request)
                if case .cancelled = failure.kind { return try fail(failure) }
                if Task.isCancelled { return try fail(HTNetworkingError(.cancelled, request: request)) }
                guard reconnection != nil else { return try fail(failure) }
                lastError = failure
                try await reconnect()
                continue
            }
            do {
                if let chunk {
                    try decoder.decode(chunk, into: &pending)
                    if !pending.isEmpty {
                        attempts = 0
                        lastError = nil
                    }
                    continue
                }
                try decoder.finish(into: &pending)
            } catch {
                // The items before the bad one first.
                if pending.isEmpty { return try fail(error) }
                deferredError = error
                continue
            }
            if !pending.isEmpty { continue }
            if reconnection != nil {
                try await reconnect()
                continue
            }
            ended = true
        }
    }

    private func fail(_ error: HTNetworkingError) throws(HTNetworkingError) -> Element? {
        ended = true
        body.cancel()
        throw error
    }

    /// Waits the reconnection time, then opens the stream again, until a connection opens or the
    /// attempts run out.
    nonisolated(nonsending) private func reconnect() async throws(HTNetworkingError) {
        guard let reconnection, let reopen else { return }
        while true {
            body.cancel()
            attempts += 1
            guard attempts <= reconnection.maximumAttempts else {
                ended = true
                if let lastError { throw lastError }
                return
            }
            let delay = decoder.reconnectionTime.map { Duration.milliseconds($0) } ?? reconnection.delay
            do {
                try await Task.sleep(for: delay)
            } catch {
                ended = true
                throw HTNetworkingError(.cancelled, request: request)
            }
            let lastEventID = decoder.lastEventID
            do {
                guard let (head, body) = try await reopen(lastEventID.isEmpty ? nil : lastEventID) else {
                    ended = true
                    return
                }
                self.head = head
                self.body = HTStreamedBodyReader(body)
                decoder.restart()
                return
            } catch {
                switch error.kind {
                case .cancelled, .status, .invalidRequest, .missingCredentials:
                    ended = true
                    throw error
                default:
                    lastError = error
                }
            }
        }
    }
}
