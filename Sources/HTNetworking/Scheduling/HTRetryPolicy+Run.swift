extension HTRetryPolicy {
    /// Runs `attempt` until it succeeds, fails with a failure this policy does not retry, runs out of
    /// retries, or the task is cancelled; waits between attempts as the policy says.
    ///
    /// Use it to retry anything built on the client, e.g. a request that is not `Sendable` (which
    /// ``HTClient/send(_:retry:)`` can't resend): build a fresh request in each attempt.
    ///
    /// ```swift
    /// let order = try await policy.run(method: PlaceOrderRequest.method) { attempt in
    ///     try await client.send(PlaceOrderRequest(order: Order(items: items)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method: the request's method, which decides whether it may be retried.
    ///   - attempt: sends the request; it receives the attempt number (1 for the first).
    /// - Returns: the first successful attempt's value.
    /// - Throws: the last attempt's error; `cancelled` when the task is cancelled, including while
    ///   waiting between attempts (then no further attempt is made).
    nonisolated(nonsending) public func run<T>(
        method: HTHTTPMethod, _ attempt: (_ attemptNumber: Int) async throws(HTNetworkingError) -> sending T
    ) async throws(HTNetworkingError) -> sending T {
        try await run(method: method, logger: nil, attempt)
    }

    /// ``run(method:_:)-(_,(Int)(HTNetworkingError)->T)``, writing each retry (with its delay) and a final
    /// failure after retries to `logger` under ``HTLogComponent/scheduling``; `isKeyed`: the request
    /// carries an ``idempotencyHeader``; each retry spends one of `budget`'s, and none is made without.
    nonisolated(nonsending) func run<T>(
        method: HTHTTPMethod, isKeyed: Bool = false, budget: HTRetryBudget.Account? = nil, logger: HTLogger?,
        _ attempt: (_ attemptNumber: Int) async throws(HTNetworkingError) -> sending T
    ) async throws(HTNetworkingError) -> sending T {
        budget?.deposit()
        var retries = 0
        while true {
            let failure: HTNetworkingError
            do {
                return try await attempt(retries + 1)
            } catch {
                failure = error
            }
            guard let wait = delay(after: failure, method: method, retriesSoFar: retries, isKeyed: isKeyed) else {
                if let logger { HTSchedulingLog.retriesGaveUp(logger, failure: failure, attempts: retries + 1) }
                throw failure
            }
            if let budget, !budget.withdraw() {
                if let logger { HTSchedulingLog.budgetExhausted(logger, failure: failure) }
                throw failure
            }
            if let logger {
                HTSchedulingLog.retryScheduled(logger, failure: failure, attempt: retries + 2, delay: wait)
            }
            try await pause(for: wait, after: failure)
            retries += 1
        }
    }

    /// Runs `attempt` like the variant above, for attempts that may throw other errors too (a closure
    /// containing `try` whose thrown type is not spelled out throws `any Error`). An ``HTNetworkingError`` is retried as the policy says; any other error ends the
    /// retries at once and is thrown as it is.
    nonisolated(nonsending) public func run<T>(
        method: HTHTTPMethod, _ attempt: (_ attemptNumber: Int) async throws -> sending T
    ) async throws -> sending T {
        var retries = 0
        while true {
            let failure: HTNetworkingError
            do {
                return try await attempt(retries + 1)
            } catch let error as HTNetworkingError {
                failure = error
            }
            guard let wait = delay(after: failure, method: method, retriesSoFar: retries) else { throw failure }
            try await pause(for: wait, after: failure)
            retries += 1
        }
    }

    /// Waits `duration` before a retry of the request `failure` came from; a cancelled task (before or
    /// during the wait) ends with `cancelled`.
    nonisolated(nonsending) func pause(for duration: Duration, after failure: HTNetworkingError)
        async throws(HTNetworkingError)
    {
        let cancelled = HTNetworkingError(.cancelled, request: failure.request)
        if Task.isCancelled { throw cancelled }
        do {
            try await sleeper.sleep(for: duration)
        } catch {
            throw cancelled
        }
        if Task.isCancelled { throw cancelled }
    }
}
