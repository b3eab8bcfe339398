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
}
