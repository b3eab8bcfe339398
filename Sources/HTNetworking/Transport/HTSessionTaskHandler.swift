import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one task of an ``HTURLSessionTransport``'s session does with the events ``HTURLSessionDelegate``
/// hands it: a request collects its body (``HTDataTaskHandler``), a download writes it to a file
/// (``HTDownloadTaskHandler``). Calls come from the session's delegate queue, one at a time.
protocol HTSessionTaskHandler: AnyObject, Sendable {
    /// A chunk of the body arrived.
    func received(_ data: Data, on task: URLSessionDataTask)
    /// The request to send for a redirect to `request`, or `nil` to stop at the 3xx response.
    func redirect(_ request: URLRequest) -> URLRequest?
    /// The task ended, with `error` or whole; called once, last.
    func completed(_ task: URLSessionTask, error: (any Error)?)
    /// The caller stopped waiting (its task was cancelled, and the session task is being cancelled):
    /// end the caller's wait now with `error`, unless the handler must first finish something of its
    /// own (a download closes its file), in which case it waits for ``completed(_:error:)``.
    func abandon(_ error: any Error)
}

extension HTSessionTaskHandler {
    /// Waits for ``completed(_:error:)``.
    func abandon(_ error: any Error) {}
}
