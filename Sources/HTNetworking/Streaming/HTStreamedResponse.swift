import Foundation

/// A response whose body is still arriving: the status and headers, and the body as it comes.
public struct HTStreamedResponse: Sendable {
    /// The status, headers and final URL; its `body` is empty.
    public var head: HTTransportResponse
    /// The body, read as it arrives.
    public var body: HTStreamedBody

    /// Creates a streamed response.
    public init(head: HTTransportResponse, body: HTStreamedBody) {
        self.head = head
        self.body = body
    }
}
