import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a URL request and returns the response: URLSession by default, a mock in tests and demos, or
/// a custom protocol (registered for a request type in ``HTClientConfiguration/transports``).
///
/// A transport should honour task cancellation (stop the transfer and throw `CancellationError` or
/// `URLError(.cancelled)`); the client also enforces the request's timeout around it.
public protocol HTTransport: Sendable {
    /// Sends `request`. Throws for transport failures only; any HTTP status is a response.
    func send(_ request: URLRequest) async throws -> HTTransportResponse

    /// The credential headers the transport adds to `request` on its own, such as the cookies its
    /// session stores: the response cache keys entries by them too, so that a response for one set of
    /// stored cookies is never served to another (``HTCacheScope``). Default: none.
    func ambientCredentials(for request: URLRequest) -> [String: String]
}

extension HTTransport {
    public func ambientCredentials(for request: URLRequest) -> [String: String] { [:] }
}
