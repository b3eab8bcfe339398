import HTNetworking

extension HTClient {
    /// Sends `condition`; if it succeeds, sends `thenRequest`, otherwise `elseRequest` (the original's
    /// `ifRequestSucceed:then:else:`).
    ///
    /// ```swift
    /// switch try await client.send(if: CheckSessionRequest(), then: GetInboxRequest(), else: GetLoginOptionsRequest()) {
    /// case .then(let inbox): show(inbox)
    /// case .else(let options): showLogin(options)
    /// }
    /// ```
    ///
    /// "Succeeds" means `send(_:)` returned a value: an accepted status, a body that maps, and (once
    /// the client validates results) a valid result. Any other failure runs the `else` branch, except
    /// cancellation and freezing (the condition was not answered), which are thrown and run neither.
    /// A failure of the branch that ran is thrown.
    public func send<Condition: HTBaseRequest, Then: HTBaseRequest, Else: HTBaseRequest>(
        if condition: sending Condition, then thenRequest: sending Then, else elseRequest: sending Else
    ) async throws(HTNetworkingError) -> sending HTBranch<Then.Response, Else.Response> {
        // Not `branch(if:then:else:unanswered:)`: its closures would capture the `sending` requests, which
        // they may not send on.
        let outcome: HTNetworkingError?
        do {
            _ = try await send(condition)
            outcome = nil
        } catch {
            outcome = error
        }
        guard let failure = outcome else {
            return .then(try await send(thenRequest))
        }
        if Self.decidesNoBranch(failure) { throw failure }
        return .else(try await send(elseRequest))
    }

    /// Sends `condition`; if it succeeds, runs `thenBranch` with its value, otherwise `elseBranch` with
    /// its error. The branches usually send a request built from what they receive.
    ///
    /// ```swift
    /// let result = try await client.send(if: GetUserInfoRequest()) { user in
    ///     try await client.send(GetUserPhotoListRequest(userName: user.name))
    /// } else: { error in
    ///     try await client.send(GetPublicPhotoListRequest())
    /// }
    /// ```
    ///
    /// The branches run in the caller's isolation (on the main actor when called from it), so they
    /// may use its state. Cancellation or freezing of `condition` is thrown and runs neither branch.
    nonisolated(nonsending) public func send<Condition: HTBaseRequest, ThenValue, ElseValue>(
        if condition: sending Condition,
        then thenBranch: (sending Condition.Response) async throws(HTNetworkingError) -> sending ThenValue,
        else elseBranch: (HTNetworkingError) async throws(HTNetworkingError) -> sending ElseValue
    ) async throws(HTNetworkingError) -> sending HTBranch<ThenValue, ElseValue> {
        try await branch(if: condition, then: thenBranch, else: elseBranch, unanswered: { $0 })
    }

    // Kept beside the typed variant above on purpose: a closure that contains `try` throws `any Error`
    // unless it spells its type out (see the comment in HTChain.swift), so without this form the plain
    // `send(if: a) { value in try await client.send(b) } else: { error in ... }` would not compile.
    /// Sends `condition` and runs one of the branches, like the variant above, for branches that may
    /// throw other errors too (a closure containing `try` whose thrown type is not spelled out throws
    /// `any Error`). Errors of the branch that ran are thrown as they are.
    nonisolated(nonsending) public func send<Condition: HTBaseRequest, ThenValue, ElseValue>(
        if condition: sending Condition,
        then thenBranch: (sending Condition.Response) async throws -> sending ThenValue,
        else elseBranch: (HTNetworkingError) async throws -> sending ElseValue
    ) async throws -> sending HTBranch<ThenValue, ElseValue> {
        try await branch(if: condition, then: thenBranch, else: elseBranch, unanswered: { $0 })
    }

    /// Both closure forms of `send(if:then:else:)` in one: sends `condition`, then runs `thenBranch` with its value or
    /// `elseBranch` with its error; an error that leaves the condition unanswered (see
    /// `decidesNoBranch(_:)`) is thrown as `unanswered` makes it, and runs neither branch.
    nonisolated(nonsending) private func branch<Condition: HTBaseRequest, ThenValue, ElseValue, Failure: Error>(
        if condition: sending Condition,
        then thenBranch: (sending Condition.Response) async throws(Failure) -> sending ThenValue,
        else elseBranch: (HTNetworkingError) async throws(Failure) -> sending ElseValue,
        unanswered: (HTNetworkingError) -> Failure
    ) async throws(Failure) -> sending HTBranch<ThenValue, ElseValue> {
        let value: Condition.Response
        do throws(HTNetworkingError) {
            value = try await send(condition)
        } catch {
            if Self.decidesNoBranch(error) { throw unanswered(error) }
            return .else(try await elseBranch(error))
        }
        return .then(try await thenBranch(value))
    }

    /// Whether `failure` leaves the condition unanswered (cancelled, or frozen to be sent later), so
    /// that no branch may run.
    private static func decidesNoBranch(_ failure: HTNetworkingError) -> Bool {
        switch failure.kind {
        case .cancelled, .frozen: return true
        default: return false
        }
    }
}
