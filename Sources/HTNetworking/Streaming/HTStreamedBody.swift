import Foundation

/// The body of a streamed response, as chunks of bytes that arrive one after the other: what an
/// ``HTStreamingTransport`` returns, and what ``HTClient/events(_:reconnect:)`` and
/// ``HTClient/values(_:)`` decode as it comes. It is read once, by one reader.
///
/// ``HTURLSessionTransport`` makes one that holds at most ``HTTransportOptions/maximumResponseSize`` of
/// unread body (on Apple platforms the URLSession task is suspended past 1 MiB until the reader
/// catches up; see <doc:Streams#Memory>). A custom transport makes one from an
/// `AsyncThrowingStream` of chunks (``init(_:)-(AsyncThrowingStream<Data,Error>)``), or from a whole body
/// (``init(_:)-(Data)``).
public struct HTStreamedBody: Sendable {
    enum Source: Sendable {
        case buffer(HTStreamBuffer)
        case chunks(AsyncThrowingStream<Data, any Error>)
        case whole(Data)
    }

    let source: Source

    init(buffer: HTStreamBuffer) {
        source = .buffer(buffer)
    }

    /// A body whose chunks `chunks` yields; it ends when `chunks` finishes, and throws what it
    /// throws. When the reader stops early, the stream is terminated (its `onTermination` runs).
    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        source = .chunks(chunks)
    }

    /// A body that is `data`, in one chunk.
    public init(_ data: Data) {
        source = .whole(data)
    }

    /// Reads the whole body, or its first `limit` bytes, then stops reading (cancelling the transfer).
    func collect(upTo limit: Int) async -> Data {
        let reader = HTStreamedBodyReader(self)
        var body = Data()
        while body.count < limit, let chunk = try? await reader.next() {
            body.append(chunk.prefix(limit - body.count))
        }
        reader.cancel()
        return body
    }
}

/// Reads the chunks of one ``HTStreamedBody``, for the one consumer it has; cancels the transfer when
/// it is dropped before the end.
final class HTStreamedBodyReader {
    private let body: HTStreamedBody
    private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator?
    private var wholeRead = false
    private var done = false

    init(_ body: HTStreamedBody) {
        self.body = body
        if case .chunks(let stream) = body.source { iterator = stream.makeAsyncIterator() }
    }

    deinit {
        cancel()
    }

    /// The next chunk, `nil` at the end.
    nonisolated(nonsending) func next() async throws -> Data? {
        guard !done else { return nil }
        let chunk: Data?
        switch body.source {
        case .buffer(let buffer):
            chunk = try await buffer.next()
        case .chunks:
            chunk = try await iterator?.next(isolation: #isolation)
        case .whole(let data):
            chunk = wholeRead || data.isEmpty ? nil : data
            wholeRead = true
        }
        if chunk == nil { done = true }
        return chunk
    }

    /// Stops reading: the transfer is cancelled unless it ended.
    func cancel() {
        guard !done else { return }
        done = true
        switch body.source {
        case .buffer(let buffer): buffer.cancel()
        case .chunks: iterator = nil
        case .whole: break
        }
    }
}
