extension HTClient {
    /// Sends `request`, sending it again after transient failures as `policy` says (the original's
    /// `signalStartWithRetry:`).
    ///
    /// ```swift
    /// let photos = try await client.send(GetUserPhotoListRequest(userName: "alice"), retry: .default)
    /// ```
    ///
    /// The request must be `Sendable` because it is sent several times; for other requests use
    /// ``HTRetryPolicy/run(method:_:)-(_,(Int)->T)`` and build a fresh request in each attempt.
    ///
    /// - Throws: the last attempt's error, or `cancelled` when the task is cancelled (no attempt is
    ///   started after that, and a wait between attempts ends at once).
    public func send<R: HTBaseRequest & Sendable>(
        _ request: R, retry policy: HTRetryPolicy
    ) async throws(HTNetworkingError) -> sending R.Response {
        try await response(for: request, retry: policy).value
    }

    /// Sends `request` with retries as `policy` says and returns the mapped value with the raw response
    /// of the attempt that succeeded.
    public func response<R: HTBaseRequest & Sendable>(
        for request: R, retry policy: HTRetryPolicy
    ) async throws(HTNetworkingError) -> sending HTResponse<R.Response> {
        try await policy.run(method: R.method, logger: configuration.logger) {
            _ async throws(HTNetworkingError) -> sending HTResponse<R.Response> in
            try await self.response(for: request)
        }
    }
}
