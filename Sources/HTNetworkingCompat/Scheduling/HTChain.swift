import HTNetworking

/// Dependent requests as one value: each step's request is built from the previous step's result (the
/// original's `flattenMap` chains). Nothing is sent until ``send()``; a failing step ends the chain
/// with its error, and cancelling the task cancels the step in flight and skips the rest.
///
/// ```swift
/// let photos = try await client.chain(GetUserInfoRequest())
///     .then { user in GetUserPhotoListRequest(userName: user.name) }
///     .then { list in GetPhotoRequest(id: list.first?.id) }
///     .send()
/// ```
///
/// In async code a chain is the same as awaiting the requests one after another; the type is for
/// building a dependent sequence in one place and running it elsewhere (or more than once: each
/// ``send()`` starts from the first request again).
///
/// `Failure` is `HTNetworkingError` while every step throws only that (steps that build a request
/// without `try`, or closures declared `throws(HTNetworkingError)`); a step that may throw anything
/// else (a closure containing `try` whose thrown type is not spelled out) makes it `any Error`.
///
/// The steps run in the isolation of the caller of ``send()`` (on the main actor when called from it),
/// so the closures may capture its state; a chain is not `Sendable`.
public struct HTChain<Value, Failure: Error> {
    /// Runs the chain so far.
    private let body: nonisolated(nonsending) () async throws(Failure) -> sending Value
    /// The client every request step is sent through.
    public let client: HTClient
    /// How many steps the chain has (the number of its last step, for the failure log).
    let steps: Int

    init(
        client: HTClient, steps: Int = 1,
        body: nonisolated(nonsending) @escaping () async throws(Failure) -> sending Value
    ) {
        self.client = client
        self.steps = steps
        self.body = body
    }

    /// Runs the chain and returns the last step's value.
    ///
    /// - Throws: the first failing step's error (later steps are not run); `cancelled` when the task is
    ///   cancelled.
    nonisolated(nonsending) public func send() async throws(Failure) -> sending Value {
        try await body()
    }

    // Two forms of `then` and `map`: these, whose steps may throw any error (the chain then throws
    // `any Error`), and the typed ones in the extension below, for chains that throw only
    // `HTNetworkingError`. The untyped forms stay although typed twins exist: Swift 6 gives a closure
    // that contains `try` the thrown type `any Error` unless the closure spells its type out (taking a
    // typed thrown type from the context needs the FullTypedThrows feature), so without them the plain
    // `.then { user in try await client.send(...) }` would not compile. (The same holds for
    // `HTClient.send(if:then:else:)`.) All six are `appending(_:_:)`, which holds the step logic once.

    /// Adds a step: once this chain has a value, `makeRequest` builds the next request from it and the
    /// chain sends that request.
    public func then<R: HTBaseRequest>(
        _ makeRequest: @escaping (sending Value) throws -> sending R
    ) -> HTChain<R.Response, any Error> {
        let client = self.client
        return appending(untypedBody) { (value: sending Value) async throws -> sending R.Response in
            try await client.send(try makeRequest(value))
        }
    }

    /// Adds a step that runs `next` with this chain's value; `next` may send any number of requests
    /// (through ``client``), in parallel or not, or none.
    public func then<T>(
        _ next: nonisolated(nonsending) @escaping (sending Value) async throws -> sending T
    ) -> HTChain<T, any Error> {
        appending(untypedBody, next)
    }

    /// Changes the chain's value without sending anything.
    public func map<T>(_ transform: @escaping (sending Value) throws -> sending T) -> HTChain<T, any Error> {
        appending(untypedBody) { (value: sending Value) async throws -> sending T in try transform(value) }
    }

    /// This chain's body, throwing `any Error`.
    private var untypedBody: nonisolated(nonsending) () async throws -> sending Value {
        let body = self.body
        return { () async throws -> sending Value in try await body() }
    }

    /// The chain `run` then `next`, one step longer than this one, throwing what both throw: the body of
    /// every `then` and `map`. A failure of `next` is logged with the step's number.
    private func appending<T, StepFailure: Error>(
        _ run: nonisolated(nonsending) @escaping () async throws(StepFailure) -> sending Value,
        _ next: nonisolated(nonsending) @escaping (sending Value) async throws(StepFailure) -> sending T
    ) -> HTChain<T, StepFailure> {
        let client = self.client
        let step = steps + 1
        return HTChain<T, StepFailure>(client: client, steps: step) { () async throws(StepFailure) -> sending T in
            let value = try await run()
            do throws(StepFailure) {
                return try await next(value)
            } catch {
                HTChainLog.stepFailed(client.configuration.logger, step: step, error: error)
                throw error
            }
        }
    }
}

extension HTChain where Failure == HTNetworkingError {
    /// Adds a step: once this chain has a value, `makeRequest` builds the next request from it and the
    /// chain sends that request. The chain keeps throwing only `HTNetworkingError`.
    public func then<R: HTBaseRequest>(
        _ makeRequest: @escaping (sending Value) throws(HTNetworkingError) -> sending R
    ) -> HTChain<R.Response, HTNetworkingError> {
        let client = self.client
        return appending(body) { (value: sending Value) async throws(HTNetworkingError) -> sending R.Response in
            try await client.send(try makeRequest(value))
        }
    }

    /// Adds a step that runs `next` with this chain's value; `next` may send any number of requests
    /// (through ``client``), in parallel or not, or none. The chain keeps throwing only
    /// `HTNetworkingError`.
    public func then<T>(
        _ next: nonisolated(nonsending) @escaping (sending Value) async throws(HTNetworkingError) -> sending T
    ) -> HTChain<T, HTNetworkingError> {
        appending(body, next)
    }

    /// Changes the chain's value without sending anything. The chain keeps throwing only
    /// `HTNetworkingError`.
    public func map<T>(_ transform: @escaping (sending Value) throws(HTNetworkingError) -> sending T) -> HTChain<
        T, HTNetworkingError
    > {
        appending(body) { (value: sending Value) async throws(HTNetworkingError) -> sending T in try transform(value) }
    }
}

extension HTClient {
    /// Starts a chain of dependent requests with `first`; add steps with `then`.
    public func chain<R: HTBaseRequest & Sendable>(_ first: R) -> HTChain<R.Response, HTNetworkingError> {
        chain { first }
    }

    /// Starts a chain whose first request `makeFirst` builds each time the chain is sent (for requests
    /// that are not `Sendable`).
    public func chain<R: HTBaseRequest>(_ makeFirst: @escaping () -> sending R) -> HTChain<
        R.Response, HTNetworkingError
    > {
        HTChain(client: self) { () async throws(HTNetworkingError) -> sending R.Response in
            do throws(HTNetworkingError) {
                return try await self.send(makeFirst())
            } catch {
                HTChainLog.stepFailed(self.configuration.logger, step: 1, error: error)
                throw error
            }
        }
    }
}
