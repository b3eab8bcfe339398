import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs each exchange under ``HTLogComponent/network``: at ``HTLogLevel/info`` one line for the
/// request and one for the response (status, time, size); at ``HTLogLevel/debug`` the headers; at
/// ``HTLogLevel/verbose`` the bodies, cut at `bodyLimit` bytes; failures at ``HTLogLevel/error``.
///
/// Secrets are redacted with the logger's ``HTLogger/redaction`` at every level: secret query
/// parameters in URLs, secret headers (`Authorization`, `Cookie`, `X-Api-Key`, ...), secret JSON
/// members and form fields in bodies. Bodies are written at the verbose level only.
///
/// Put it last in the client's interceptors to log the request exactly as the transport gets it
/// (after other interceptors added their headers); first, to log it as the app made it.
public struct HTLoggingInterceptor: HTInterceptor {
    /// How many bytes of a body are written at the verbose level.
    package let bodyLimit: Int
    private let logger: HTLogger?

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - logger: the logger to write to; `nil` uses the client's.
    ///   - bodyLimit: the most bytes of each body to write.
    public init(logger: HTLogger? = nil, bodyLimit: Int = 4096) {
        self.logger = logger
        self.bodyLimit = max(0, bodyLimit)
    }

    public func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        let logger = self.logger ?? context.logger
        let method = request.httpMethod ?? "GET"
        let rawURL = request.url?.absoluteString ?? context.request.url
        // Built only when a line is written: redaction costs nothing while the levels are off.
        var url: String { logger.redactedURL(rawURL) }
        logger.info(.network, "→ \(method) \(url)")
        if logger.isEnabled(.debug, for: .network) {
            let headers = logger.redactedLines(request.allHTTPHeaderFields ?? [:])
            if !headers.isEmpty { logger.debug(.network, "→ headers\n" + headers.joined(separator: "\n")) }
        }
        if let body = request.httpBody, !body.isEmpty, logger.isEnabled(.verbose, for: .network) {
            let contentType = request.value(forHTTPHeaderField: "Content-Type")
            let text = logger.redaction.redactedBody(body, contentType: contentType)
            logger.verbose(.network, "→ body (\(body.count) bytes)\n" + preview(text))
        }
        let started = ContinuousClock.now
        let response: HTTransportResponse
        do {
            response = try await next(request)
        } catch {
            let elapsed = milliseconds(since: started)
            if error is CancellationError || (error as? URLError)?.code == .cancelled
                || (error as? HTNetworkingError).map({
                    if case .cancelled = $0.kind { return true } else { return false }
                }) == true
            {
                logger.info(.network, "✕ \(method) \(url) cancelled after \(elapsed) ms")
            } else {
                // Not `\(error)`: a URL error's description holds the whole URL in its user info.
                logger.error(
                    .network,
                    "✕ \(method) \(url) failed after \(elapsed) ms: \(logger.redaction.redactedDescription(of: error))")
            }
            throw error
        }
        let elapsed = milliseconds(since: started)
        let cached = response.isFromCache ? " (from cache)" : ""
        logger.info(
            .network,
            "← \(response.statusCode) \(method) \(url) in \(elapsed) ms, \(response.body.count) bytes\(cached)")
        if logger.isEnabled(.debug, for: .network) {
            let headers = logger.redactedLines(response.headers)
            if !headers.isEmpty { logger.debug(.network, "← headers\n" + headers.joined(separator: "\n")) }
        }
        if !response.body.isEmpty, logger.isEnabled(.verbose, for: .network) {
            let contentType = response.header("Content-Type")
            let text = logger.redaction.redactedBody(response.body, contentType: contentType)
            logger.verbose(.network, "← body (\(response.body.count) bytes)\n" + preview(text))
        }
        return response
    }

    /// The redacted body text cut at ``bodyLimit`` bytes (redacted first, so a cut never reveals part
    /// of a secret value).
    private func preview(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.count > bodyLimit else { return text }
        let shown = String(decoding: bytes.prefix(bodyLimit), as: UTF8.self)
        return shown + "… (\(bytes.count - bodyLimit) more bytes)"
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let value = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
