import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Sends with `URLSession.data(for:)`. Cancelling the task cancels the URLSession task, also when the
/// cancellation comes before the session task exists (Foundation's and FoundationNetworking's
/// implementations both keep the cancelled flag and the task under one lock; on Linux it also hands the
/// result over without a hop through the session's delegate queue, which a completion handler takes).
/// Redirects are followed by the session.
public struct HTURLSessionTransport: HTTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over `session` (by default an ephemeral session of its own, so no cookies or
    /// cache are shared with the rest of the app).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// The `Cookie` header the session would add from its cookie storage, when it handles cookies.
    public func ambientCredentials(for request: URLRequest) -> [String: String] {
        let configuration = session.configuration
        guard configuration.httpShouldSetCookies, request.httpShouldHandleCookies, let url = request.url,
            let cookies = configuration.httpCookieStorage?.cookies(for: url), !cookies.isEmpty
        else { return [:] }
        return HTTPCookie.requestHeaderFields(with: cookies)
    }

    public func send(_ request: URLRequest) async throws -> HTTransportResponse {
        var request = request
        #if canImport(FoundationNetworking)
        // FoundationNetworking hands libcurl whole seconds: a timeout under one second would expire at
        // once. Round up; the client enforces the exact deadline itself.
        let timeout = request.timeoutInterval
        if timeout.isFinite, timeout > 0, timeout != timeout.rounded(.up) || timeout < 1 {
            request.timeoutInterval = max(1, timeout.rounded(.up))
        }
        #endif
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
