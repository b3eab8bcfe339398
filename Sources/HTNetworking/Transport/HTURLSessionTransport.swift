import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Made with a session configuration (``init(configuration:)``, the default), it makes one session
/// with one delegate (`HTURLSessionDelegate`) for everything it sends: requests, downloads and
/// uploads are tasks of that session, and the delegate hands each task's events to that task's own
/// handler. So it keeps the client's promises for all of them: a body larger than
/// ``HTTransportOptions/maximumResponseSize`` is stopped as it arrives, and redirects follow
/// ``HTTransportOptions/redirectPolicy`` (by default, credential headers never follow a request to
/// another origin). On Linux that session's delegate queue holds at most 1,024 chunks of body (16 MiB),
/// so libcurl waits for the delegate (FoundationNetworking has no back-pressure of its own) and a body
/// over the limit, gzip bombs included, costs the limit plus about 16 MiB, not the whole body.
///
/// Made with a session of the app's (``init(session:)``), every request, download and upload is a task
/// of that session, so its delegate (certificate pinning, authentication challenges) and its
/// configuration apply to all of them (redirects follow that session's rules, not
/// ``HTTransportOptions/redirectPolicy``): requests use `URLSession.data(for:)` (the size limit is
/// checked once the body has arrived), uploads an upload task and downloads a download task, whose
/// file URLSession writes and the transport then moves into place (progress is reported once, at the
/// end). A per-task delegate cannot stream the body instead: FoundationNetworking has
/// `URLSessionTask.delegate`, but on Linux it still sends the body of a task to the session's delegate.
///
/// Cancelling the task cancels the URLSession task, also when the cancellation comes before the session
/// task exists.
public struct HTURLSessionTransport: HTTransport {
    /// The session requests go through. Not public: a session the transport made is its own (its
    /// delegate is the transport's, and it is invalidated with the last copy of the transport), and an
    /// app that passed its session in has it already.
    package let session: URLSession
    /// The delegate of a session this transport made (every task of the session is registered with it),
    /// `nil` for the app's session.
    let sessionDelegate: HTURLSessionDelegate?
    /// Invalidates a session this transport made once no copy of the transport is left.
    private let owner: HTURLSessionOwner?
    /// Where the session's cookies come from, when it sends them (read once: on Linux every read of
    /// `session.configuration` copies the whole configuration).
    private let cookieStorage: HTTPCookieStorage?

    /// How many delegate calls may wait on the delegate queue of a session the transport makes on Linux
    /// (``HTBoundedDelegateQueue``): 1,024 chunks of at most 16 KiB, so at most 16 MiB of body in flight
    /// besides what the request keeps.
    ///
    /// Large, because FoundationNetworking runs every session's work queue on one shared queue: while
    /// libcurl waits for room here, all the process's sessions wait. 16 MiB is more than an ordinary
    /// delegate falls behind by (a download writing to a file on a busy machine), so only a body that
    /// inflates far faster than it can be handled (a gzip bomb) meets the bound.
    static let delegateQueueCapacity = 1024

    /// Creates a transport with a session of its own, made from `configuration` (by default ephemeral,
    /// so no cookies or cache are shared with the rest of the app).
    #if canImport(FoundationNetworking)
        /// Where a request's task goes on once resumed, when the transport made the session
        /// (``HTDelegateQueueExecutor``).
        var taskExecutor: HTDelegateQueueExecutor? {
            (session.delegateQueue as? HTBoundedDelegateQueue)?.executor
        }
    #endif

    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let (session, delegate) = Self.delegateSession(configuration, queueCapacity: Self.delegateQueueCapacity)
        self.session = session
        self.sessionDelegate = delegate
        self.owner = HTURLSessionOwner(session: session)
        self.cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
    }

    /// Creates a transport over the app's `session`. Its delegate, not ``HTTransportOptions``, decides
    /// redirects; see the type's documentation.
    public init(session: URLSession) {
        self.session = session
        self.sessionDelegate = nil
        self.owner = nil
        let configuration = session.configuration
        self.cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
    }

    /// The `Cookie` header the session would add from its cookie storage, when it handles cookies.
    /// A session of `configuration` with a delegate of its own, on a delegate queue that holds at most
    /// `queueCapacity` chunks on Linux (``HTBoundedDelegateQueue``; Apple's URLSession needs none).
    static func delegateSession(_ configuration: URLSessionConfiguration, queueCapacity: Int) -> (
        URLSession, HTURLSessionDelegate
    ) {
        let delegate = HTURLSessionDelegate()
        #if canImport(FoundationNetworking)
            let queue: OperationQueue? = HTBoundedDelegateQueue(capacity: queueCapacity)
        #else
            let queue: OperationQueue? = nil
        #endif
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue), delegate)
    }

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
        do {
            if let sessionDelegate {
                try Task.checkCancellation()
                let task = session.dataTask(with: request)
                (data, response) = try await sessionDelegate.perform(task) { continuation in
                    HTDataTaskHandler(original: request.url, options: options, continuation: continuation)
                }
            } else {
                (data, response) = try await session.data(for: request)
            }
        } catch {
            throw HTUnreadableHeaderError.explained(error, url: request.url)
        }
        if sessionDelegate == nil { try options.checkSize(of: data) }
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        try HTDeclaredLength.check(receivedBytes: Int64(data.count), of: http, method: request.httpMethod)
        let fields = http.allHeaderFields
        var headers: [String: String] = [:]
        headers.reserveCapacity(fields.count)
        for (key, value) in fields {
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
