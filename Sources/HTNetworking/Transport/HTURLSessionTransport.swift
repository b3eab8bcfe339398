import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Made with a session configuration (``init(configuration:)``, the default), it makes its own session
/// with a delegate, so that it can keep the client's promises: a body larger than
/// ``HTTransportOptions/maximumResponseSize`` is stopped as it arrives, and redirects follow ``HTTransportOptions/redirectPolicy`` (by default, credential
/// headers never follow a request to another origin). Made with a session of the app's
/// (``init(session:)``), it sends with `URLSession.data(for:)`: that session's delegate decides
/// redirects, and the size limit is checked once the body has arrived.
///
/// Cancelling the task cancels the URLSession task, also when the cancellation comes before the session
/// task exists.
public struct HTURLSessionTransport: HTTransport {
    /// The session requests go through.
    public let session: URLSession
    /// The delegate of a session this transport made, `nil` for the app's session.
    private let delegate: HTURLSessionDataDelegate?
    /// Invalidates a session this transport made once no copy of the transport is left.
    private let owner: HTURLSessionOwner?
    /// Where the session's cookies come from, when it sends them (read once: on Linux every read of
    /// `session.configuration` copies the whole configuration).
    private let cookieStorage: HTTPCookieStorage?

    /// Creates a transport with a session of its own, made from `configuration` (by default ephemeral,
    /// so no cookies or cache are shared with the rest of the app).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let delegate = HTURLSessionDataDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.session = session
        self.delegate = delegate
        self.owner = HTURLSessionOwner(session: session)
        self.cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
    }

    /// Creates a transport over the app's `session`. Its delegate, not ``HTTransportOptions``, decides
    /// redirects; see the type's documentation.
    public init(session: URLSession) {
        self.session = session
        self.delegate = nil
        self.owner = nil
        let configuration = session.configuration
        self.cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
    }

    /// The `Cookie` header the session would add from its cookie storage, when it handles cookies.
    public func ambientCredentials(for request: URLRequest) -> [String: String] {
        guard let cookieStorage, request.httpShouldHandleCookies, let url = request.url,
            let cookies = cookieStorage.cookies(for: url), !cookies.isEmpty
        else { return [:] }
        return HTTPCookie.requestHeaderFields(with: cookies)
    }

    public func send(_ request: URLRequest) async throws -> HTTransportResponse {
        try await send(request, options: HTTransportOptions())
    }

    public func send(_ request: URLRequest, options: HTTransportOptions) async throws -> HTTransportResponse {
        // FoundationNetworking hands libcurl whole seconds: a timeout under one second would expire at
        // once. Round up; the client enforces the exact deadline itself.
        let request = HTSessionTaskGate.timeoutAdjusted(request)
        let (data, response): (Data, URLResponse)
        if let delegate {
            try Task.checkCancellation()
            let task = session.dataTask(with: request)
            let gate = HTSessionTaskGate()
            (data, response) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Registered before the task can complete, even by a cancellation.
                    delegate.expect(task, original: request.url, options: options, continuation: continuation)
                    gate.start(task)
                }
            } onCancel: {
                gate.cancel()
            }
        } else {
            (data, response) = try await session.data(for: request)
            try options.checkSize(of: data)
        }
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

/// Invalidates a session when the last transport that made it goes away (a session keeps its delegate,
/// and itself, until it is invalidated). Tasks still running finish first.
final class HTURLSessionOwner: Sendable {
    let session: URLSession

    init(session: URLSession) {
        self.session = session
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
