import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A raw HTTP response as a transport delivers it.
public struct HTTransportResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The header fields. Look them up with ``header(_:)``, which ignores case.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The URL that answered (after redirects).
    public var url: URL?

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of a header field, whatever the case of its name.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// Sends a URL request and returns the response: URLSession by default, a mock in tests and demos, or
/// a custom protocol.
public protocol HTTransport: Sendable {
    /// Sends `request`. Throws for transport failures only; any HTTP status is a response.
    func send(_ request: URLRequest) async throws -> HTTransportResponse
}
