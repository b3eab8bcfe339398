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

    /// Sends `request` with the client's `options`: a body larger than
    /// ``HTTransportOptions/maximumResponseSize`` ends the transfer with ``HTResponseTooLargeError``,
    /// redirects follow ``HTTransportOptions/redirectPolicy``. The default calls ``send(_:)`` and checks
    /// the size of what it returned; a transport that can, stops receiving at the limit instead.
    func send(_ request: URLRequest, options: HTTransportOptions) async throws -> HTTransportResponse

    /// The credential headers the transport adds to `request` on its own, such as the cookies its
    /// session stores: the response cache keys entries by them too, so that a response for one set of
    /// stored cookies is never served to another (see <doc:Cache#Whose-entry-it-is>). Default: none.
    func ambientCredentials(for request: URLRequest) -> [String: String]
}

extension HTTransport {
    public func send(_ request: URLRequest, options: HTTransportOptions) async throws -> HTTransportResponse {
        let response = try await send(request)
        try options.checkSize(of: response.body)
        return response
    }

    public func ambientCredentials(for request: URLRequest) -> [String: String] { [:] }
}
