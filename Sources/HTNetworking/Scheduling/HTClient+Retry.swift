import Foundation

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
    ///
    /// A request that carries the policy's ``HTRetryPolicy/idempotencyHeader`` sends the same key on
    /// every attempt, and is retried whatever its method; with ``HTRetryPolicy/addsIdempotencyKeys`` a
    /// POST or PATCH without one gets a key of its own. Each retry spends one of the client's
    /// ``HTClientConfiguration/retryBudget``.
    public func response<R: HTBaseRequest & Sendable>(
        for request: R, retry policy: HTRetryPolicy
    ) async throws(HTNetworkingError) -> sending HTResponse<R.Response> {
        let first = try prepare(request)
        let header = policy.idempotencyHeader
        var key = first.urlRequest.value(forHTTPHeaderField: header)
        if key == nil, policy.addsIdempotencyKeys, !HTRetryPolicy.idempotentMethods.contains(R.method) {
            key = UUID().uuidString
        }
        return try await policy.run(
            method: R.method, isKeyed: key != nil, budget: retryBudget, logger: configuration.logger
        ) { attempt async throws(HTNetworkingError) -> sending HTResponse<R.Response> in
            var prepared = attempt == 1 ? first : try self.prepare(request)
            if let key { prepared.urlRequest.setValue(key, forHTTPHeaderField: header) }
            return try await self.response(for: prepared)
        }
    }
}
