extension HTClient {
    /// Sends `requests` in parallel and returns their values in the order of `requests` (the original's
    /// `batchSignalsOfRequests:`), failing fast: the first failure cancels the others and is thrown.
    ///
    /// ```swift
    /// let profiles = try await client.batch([GetUserRequest(id: 1), GetUserRequest(id: 2)])
    /// ```
    ///
    /// Requests must be `Sendable` because each is sent from its own child task (generated requests
    /// are); mapped values are `Sendable` too (models are immutable). To batch requests that are not
    /// `Sendable`, build each one inside
    /// ``HTClient/batchResults(count:mode:maxConcurrentRequests:_:)->[Result<Value,Error>]``.
    ///
    /// - Parameters:
    ///   - requests: the requests, all of one type (see the variadic overload for different types).
    ///   - maxConcurrentRequests: how many are in flight at once (all of them by default).
    /// - Throws: the first failure in time; `cancelled` when the calling task is cancelled.
    public func batch<R: HTBaseRequest & Sendable>(
        _ requests: [R], maxConcurrentRequests: Int = .max
    ) async throws(HTNetworkingError) -> sending [R.Response] {
        let outcome = await HTBatchRunner.run(
            count: requests.count, mode: .failFast, maxConcurrent: maxConcurrentRequests, logger: configuration.logger
        ) {
            index async throws(HTNetworkingError) -> sending R.Response in
            try await self.send(requests[index])
        }
        if let failure = outcome.firstFailure { throw failure }
        var values: [R.Response] = []
        values.reserveCapacity(outcome.results.count)
        for result in outcome.results {
            values.append(try result.get())
        }
        return values
    }

    /// Sends `requests` in parallel and returns each one's result in the order of `requests`.
    ///
    /// In ``HTBatchMode/collectAll`` mode (the default) every request runs to its end. In
    /// ``HTBatchMode/failFast`` mode the first failure cancels the rest, whose results are then
    /// `cancelled` failures (requests that had already finished keep their results).
    public func batchResults<R: HTBaseRequest & Sendable>(
        _ requests: [R], mode: HTBatchMode = .collectAll, maxConcurrentRequests: Int = .max
    ) async -> sending [Result<R.Response, HTNetworkingError>] {
        await HTBatchRunner.run(
            count: requests.count, mode: mode, maxConcurrent: maxConcurrentRequests, logger: configuration.logger
        ) {
            index async throws(HTNetworkingError) -> sending R.Response in
            try await self.send(requests[index])
        }.results
    }

    /// Runs `count` operations in parallel, typically each sending a request it builds, and returns
    /// their results in order. Use it for requests that are not `Sendable` (built inside the operation
    /// from `Sendable` inputs) or to batch whole sequences of requests.
    ///
    /// ```swift
    /// let names = ["a", "b", "c"]
    /// let results = await client.batchResults(count: names.count) { index in
    ///     try await client.send(CreateUserRequest(user: User(name: names[index])))
    /// }
    /// ```
    public func batchResults<Value>(
        count: Int, mode: HTBatchMode = .collectAll, maxConcurrentRequests: Int = .max,
        _ operation: @escaping @Sendable (_ index: Int) async throws(HTNetworkingError) -> sending Value
    ) async -> sending [Result<Value, HTNetworkingError>] {
        await HTBatchRunner.run(
            count: count, mode: mode, maxConcurrent: maxConcurrentRequests, logger: configuration.logger,
            operation: operation
        ).results
    }

    /// Runs `count` operations in parallel like the variant above, for operations that may throw other
    /// errors too (a closure containing `try` whose thrown type is not spelled out throws `any Error`).
    public func batchResults<Value>(
        count: Int, mode: HTBatchMode = .collectAll, maxConcurrentRequests: Int = .max,
        _ operation: @escaping @Sendable (_ index: Int) async throws -> sending Value
    ) async -> sending [Result<Value, any Error>] {
        await HTBatchRunner.run(
            count: count, mode: mode, maxConcurrent: maxConcurrentRequests, logger: configuration.logger,
            operation: operation
        ).results
    }

    /// Sends requests of different types in parallel and returns their values as a tuple in argument
    /// order, failing fast like ``batch(_:maxConcurrentRequests:)``.
    ///
    /// ```swift
    /// let (user, photos) = try await client.batch(GetUserInfoRequest(), GetPhotoListRequest())
    /// ```
    public func batch<each R: HTBaseRequest & Sendable>(
        _ requests: repeat each R, maxConcurrentRequests: Int = .max
    ) async throws(HTNetworkingError) -> sending (repeat (each R).Response) {
        let outcome = await runPack(repeat each requests, mode: .failFast, maxConcurrent: maxConcurrentRequests)
        if let failure = outcome.firstFailure { throw failure }
        var index = 0
        return (repeat try Self.value(outcome.results, at: &index, as: (each R).Response.self).get())
    }

    /// Sends requests of different types in parallel and returns each one's result as a tuple in
    /// argument order, with the failure semantics of `mode` (see
    /// ``batchResults(_:mode:maxConcurrentRequests:)``).
    public func batchResults<each R: HTBaseRequest & Sendable>(
        _ requests: repeat each R, mode: HTBatchMode = .collectAll, maxConcurrentRequests: Int = .max
    ) async -> sending (repeat Result<(each R).Response, HTNetworkingError>) {
        let outcome = await runPack(repeat each requests, mode: mode, maxConcurrent: maxConcurrentRequests)
        var index = 0
        return (repeat Self.value(outcome.results, at: &index, as: (each R).Response.self))
    }

    /// Runs a pack of requests through the batch runner with type-erased values.
    private func runPack<each R: HTBaseRequest & Sendable>(
        _ requests: repeat each R, mode: HTBatchMode, maxConcurrent: Int
    ) async -> HTBatchRunner.Outcome<HTDisconnectedValue<Any>, HTNetworkingError> {
        var operations: [@Sendable () async throws(HTNetworkingError) -> HTDisconnectedValue<Any>] = []
        repeat operations.append(erasedOperation(each requests))
        let all = operations
        return await HTBatchRunner.run(
            count: all.count, mode: mode, maxConcurrent: maxConcurrent, logger: configuration.logger
        ) {
            index async throws(HTNetworkingError) -> sending HTDisconnectedValue<Any> in
            try await all[index]()
        }
    }

    /// An operation sending `request` whose value is boxed as `Any`. (A helper function rather than a
    /// closure in a `for ... in repeat each` loop, which crashes the 6.3 compiler.)
    private func erasedOperation<R: HTBaseRequest & Sendable>(
        _ request: R
    ) -> @Sendable () async throws(HTNetworkingError) -> HTDisconnectedValue<Any> {
        { () async throws(HTNetworkingError) -> HTDisconnectedValue<Any> in
            HTDisconnectedValue<Any>(try await self.send(request))
        }
    }

    /// The result at `index` unboxed as `Value`, advancing `index`.
    private static func value<Value>(
        _ results: [Result<HTDisconnectedValue<Any>, HTNetworkingError>], at index: inout Int, as type: Value.Type
    ) -> Result<Value, HTNetworkingError> {
        defer { index += 1 }
        return results[index].map { box in
            // The box at this index was made from this pack element's response, of this type.
            guard let value = box.take() as? Value else {
                preconditionFailure("HTClient.batch: result \(index) has the wrong type")
            }
            return value
        }
    }
}
