import Foundation

/// The elements of a streamed response, decoded as its bytes arrive: the events of
/// ``HTClient/events(_:reconnect:)`` or the values of ``HTClient/values(_:)``.
///
/// ```swift
/// let events = try await client.events(HTWatchPricesRequest(symbol: "ACME"))
/// for try await event in events {
///     print(event.event, event.data.price)
/// }
/// ```
///
/// It is read once, by one task (iterators made from it share its place). An element is delivered as
/// soon as its bytes have arrived, not when the response ends. With ``HTURLSessionTransport`` at most
/// ``HTClientConfiguration/maximumResponseSize`` (or the request's) of unread body is held: see
/// <doc:Streams#Memory>. Cancelling the reading task, or
/// dropping the stream and its iterators, cancels the transfer and closes the connection. Reading
/// throws ``HTNetworkingError``: `cancelled`, `transport` when the connection fails, `serialization`
/// or `mapping` for an item that is not JSON or does not map (naming the item and its line), and, for
/// a reconnecting event stream, `status` when the server refuses a reconnection.
public struct HTStream<Element: Sendable>: AsyncSequence {
    public typealias Failure = HTNetworkingError

    let reader: HTStreamReader<Element>

    /// The response that opened the stream (status, headers, final URL; an empty body).
    public var response: HTTransportResponse { reader.head }

    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: reader)
    }

    /// Reads the elements of an ``HTStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let reader: HTStreamReader<Element>

        /// The next element, `nil` once the stream has ended.
        public mutating func next() async throws(HTNetworkingError) -> Element? {
            try await reader.next()
        }

        /// The next element, `nil` once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTNetworkingError) -> Element? {
            try await reader.next()
        }
    }
}
