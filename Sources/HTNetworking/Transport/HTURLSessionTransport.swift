import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
public struct HTURLSessionTransport: HTTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over `session` (by default an ephemeral session of its own, so no cookies or
    /// cache are shared with the rest of the app).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws -> HTTransportResponse {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTransportResponse(statusCode: http.statusCode, headers: headers, body: data, url: http.url)
    }
}
