import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTClient {
    /// Sends `request` and streams the response body into the file at `destination` (the original had
    /// no downloads).
    ///
    /// ```swift
    /// let file = try await client.download(GetReportRequest(year: 2025), to: reportURL) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// print(file.value.byteCount, "bytes at", file.value.fileURL.path)
    /// ```
    ///
    /// The request is built and routed as for ``send(_:)``: its base URL (the client's, or the
    /// request's own), its `Accept` header (``HTBaseRequest/accept``), the credentials its
    /// ``HTBaseRequest/securityRequirements`` need from ``HTClientConfiguration/credentials`` (none for
    /// a request that needs none; a `missingCredentials` error, before anything is sent, when the
    /// client cannot meet any requirement), the client's and the request's interceptors (e.g. a bearer
    /// token, refreshed on a 401), mocks when the client's mock mode is on, the transport registered
    /// for the request's type. A generated request for a large non-JSON body (`Data`) is downloaded
    /// this way rather than sent. Not the response cache, and not ``cancelAll()``: cancel the
    /// calling task. The request's timeout is URLSession's idle timeout here (a download that keeps
    /// receiving is not cut off). The body is never held in memory: with
    /// ``HTURLSessionTransport`` (see ``HTDownloadTransport``) each chunk is written as it arrives, to a
    /// temporary file beside `destination` that replaces `destination` only once the whole body has
    /// arrived with an accepted status. On any failure (a status the request does not accept, a
    /// connection reset halfway, cancellation) the temporary file is removed before the error is thrown
    /// and `destination` is left as it was.
    ///
    /// - Parameters:
    ///   - request: the request to send.
    ///   - destination: the file to write; its folder is created if needed, and a file already there is
    ///     replaced on success.
    ///   - progress: called as bytes arrive (about every 0.5 % of the body, on a URLSession queue).
    /// - Returns: the response (status and headers; its `raw.body` is empty) with the file.
    /// - Throws: `status` with up to 64 KiB of the rejected body, `transport` for connection failures and
    ///   truncated bodies, `cancelled`.
    public func download<R: HTBaseRequest>(
        _ request: R, to destination: URL, progress: (@Sendable (HTTransferProgress) -> Void)? = nil
    ) async throws(HTNetworkingError) -> sending HTResponse<HTDownloadedFile> {
        let (raw, file) = try await downloadJob(for: request, to: destination).run(progress: progress ?? { _ in })
        return HTResponse(value: file, raw: raw)
    }

    /// Sends `urlRequest` as it is (no base URL, default headers, timeout, interceptors or mocks are
    /// applied) through the client's transport and streams the body to `destination`, like
    /// ``download(_:to:progress:)``; 2xx statuses are accepted.
    public func download(
        _ urlRequest: URLRequest, to destination: URL, progress: (@Sendable (HTTransferProgress) -> Void)? = nil
    ) async throws(HTNetworkingError) -> sending HTResponse<HTDownloadedFile> {
        let (raw, file) = try await downloadJob(for: urlRequest, to: destination).run(progress: progress ?? { _ in })
        return HTResponse(value: file, raw: raw)
    }

    /// The events of downloading `request` to `destination`: `started`, `progress` as bytes arrive,
    /// then `response` (with the file) or `failed`, then `finished`. See ``HTDownloadEvents``.
    public func downloadEvents<R: HTBaseRequest>(_ request: R, to destination: URL) -> HTDownloadEvents {
        HTDownloadEvents(job: downloadJob(for: request, to: destination))
    }

    /// The events of downloading `urlRequest`, sent as it is, to `destination`.
    public func downloadEvents(_ urlRequest: URLRequest, to destination: URL) -> HTDownloadEvents {
        HTDownloadEvents(job: downloadJob(for: urlRequest, to: destination))
    }

    /// A download of `request`, routed as ``send(_:)`` routes it: the credentials of its security
    /// requirements from the client's providers first (``HTCredentialStep``: none for `security: []`, a
    /// `missingCredentials` error before anything is sent when no requirement can be met), then the
    /// interceptors, mocks, the transport for its request type.
    func downloadJob<R: HTBaseRequest>(for request: R, to destination: URL) -> HTDownloadJob {
        var built: Result<URLRequest, HTNetworkingError> = Result { () throws(HTNetworkingError) in
            try urlRequest(for: request)
        }
        let url = (try? built.get())?.url?.absoluteString ?? R.path
        let description = HTRequestDescription(
            method: R.method.rawValue, url: url, requestType: HTRequestTypeName.of(R.self))
        var interceptors = configuration.interceptors + request.interceptors
        do {
            interceptors = try HTCredentialStep.prepended(
                to: interceptors, for: R.securityRequirements, configuration: configuration, description: description)
        } catch {
            built = .failure(error)
        }
        var routeTransport = transport
        if let requestType = request.requestType {
            if let registered = configuration.transports[requestType] {
                routeTransport = registered
            } else {
                built = .failure(
                    HTNetworkingError(
                        .invalidRequest("no transport is registered for the request type '\(requestType)'"),
                        request: description))
            }
        }
        var route = HTDownloadRoute(
            transport: routeTransport, interceptors: interceptors,
            context: HTInterceptorContext(
                request: description, requestType: request.requestType, logger: configuration.logger,
                credentialOrigins: credentialOrigins, securityRequirements: R.securityRequirements),
            mockMode: mockMode, ownMock: request.mock, clientMock: configuration.mock, options: downloadOptions)
        let own = HTOwnCredentials(headers: request.headers, parameters: request.parameters)
        route.guardOrigin = { [self] request in guardedForOrigin(request, own: own) ?? request }
        return HTDownloadJob(
            urlRequest: built, description: description,
            acceptedStatusCodes: request.acceptedStatusCodes ?? configuration.acceptedStatusCodes,
            destination: destination, route: route, logger: configuration.logger)
    }

    /// A download of `urlRequest` straight through the client's transport.
    func downloadJob(for urlRequest: URLRequest, to destination: URL) -> HTDownloadJob {
        let description = HTRequestDescription(
            method: urlRequest.httpMethod ?? "GET", url: urlRequest.url?.absoluteString ?? "", requestType: "URLRequest"
        )
        return HTDownloadJob(
            urlRequest: .success(urlRequest), description: description, acceptedStatusCodes: Set(200..<300),
            destination: destination,
            route: HTDownloadRoute(transport: transport, description: description, options: downloadOptions),
            logger: configuration.logger)
    }

    /// What downloads ask of the transport: the client's redirect policy; no size limit (the body goes
    /// to a file, not to memory).
    var downloadOptions: HTTransportOptions {
        HTTransportOptions(maximumResponseSize: nil, redirectPolicy: configuration.redirectPolicy)
    }
}
