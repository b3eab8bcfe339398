/// Makes token refreshes one at a time, for any number of requests: the first request rejected with a
/// token starts a refresh, every request that needs the token meanwhile waits for it, and the requests
/// that were signed with the rejected token are sent again, once, with the new one.
///
/// The rules, each one a bug other clients had (Alamofire's `AuthenticationInterceptor`, issue #39):
/// - One refresh at a time, however many requests are rejected (Alamofire #3297, #3928, #3950).
/// - A request signed before a refresh that has finished since gets that refresh's token without another
///   refresh; one signed with the newest token that is rejected starts a new refresh.
/// - A failed refresh fails every request waiting for it, and every request with the token it could not
///   replace, with that one failure: none is sent again (Alamofire #3290), no refresh is tried again for
///   that token, and the provider's ``HTTokenProvider/refreshFailed(_:)`` (the app's "log out") is called
///   once. Once the provider has another token (the user signed in again), requests go out with it.
/// - The refresh itself never waits for a refresh: requests sent from inside
///   ``HTTokenProvider/refreshToken(rejected:)`` (the refresh call, through the same client) go out
///   without this refresher's token and are not refreshed on a 401 (Alamofire #3509).
/// - Only the newest token is kept; a rejected one is forgotten (Alamofire #3877).
actor HTTokenRefresher {
    /// A token to sign a request with, and the refresh it came after: ``refresh(rejected:)`` tells by it
    /// whether a refresh finished after the request was signed.
    struct Signed: Sendable {
        var token: String?
        var epoch: Int
    }

    /// Why a refresh failed: what every request that waited for it, or was signed before it, throws.
    struct Failure: Error {
        var underlying: any Error

        /// The request's error: ``HTNetworkingError/Kind/refreshFailed(message:)``.
        func networkingError(for request: HTRequestDescription) -> HTNetworkingError {
            HTNetworkingError(.refreshFailed(message: String(describing: underlying)), request: request)
        }
    }

    /// The refreshers whose refresh the current task is part of.
    @TaskLocal static var refreshing: Set<ObjectIdentifier> = []

    private let provider: any HTTokenProvider
    private var running: Task<String, any Error>?
    /// How many refreshes have finished, and the token the last successful one gave.
    private var epoch = 0
    private var latest: String?
    /// The token whose refresh failed last, and why: a request with it fails at once, without being sent
    /// or refreshing again, until the provider has another token (the app signed the user in again).
    private var failed: (token: String?, failure: Failure)?

    /// What ``token()`` reads without entering the actor: whether a refresh runs or failed last, and
    /// how many have finished. The actor sets it wherever those change (``publish()``).
    private struct Snapshot: Equatable, Sendable {
        var isRefreshing = false
        var hasFailure = false
        var epoch = 0
    }
    private let snapshot = HTLocked(Snapshot())

    init(provider: any HTTokenProvider) {
        self.provider = provider
    }

    /// Whether the current task runs inside this refresher's refresh (the refresh request itself).
    nonisolated var isInsideRefresh: Bool {
        Self.refreshing.contains(ObjectIdentifier(self))
    }

    /// The token to send: a running refresh's (its failure fails the request), else the provider's; one
    /// the provider says is expired is refreshed first.
    ///
    /// Nearly every send finds no refresh running or failed and a token that has not expired: it takes
    /// the provider's token without entering the actor (two executor switches a send, most of what the
    /// refresher cost a send that needs no refresh), as long as nothing about refreshes changed while
    /// it asked; otherwise it asks again inside.
    nonisolated func token() async throws -> Signed {
        let before = snapshot.current
        if !before.isRefreshing, !before.hasFailure {
            let current = try await provider.currentToken()
            let expired = current.map { provider.isExpired($0) } ?? false
            if !expired, snapshot.current == before { return Signed(token: current, epoch: before.epoch) }
        }
        return try await tokenInside()
    }

    /// ``token()`` inside the actor.
    private func tokenInside() async throws -> Signed {
        if let running { return Signed(token: try await running.value, epoch: epoch) }
        let current = try await provider.currentToken()
        if let running { return Signed(token: try await running.value, epoch: epoch) }
        if let failed, failed.token == current { throw failed.failure }
        if let current, provider.isExpired(current) {
            let signed = Signed(token: current, epoch: epoch)
            return Signed(token: try await refresh(rejected: signed), epoch: epoch)
        }
        return Signed(token: current, epoch: epoch)
    }

    /// The token to send again with after the server rejected `rejected`: the running refresh's, the
    /// result of a refresh that finished after it was signed, a newer token the provider already holds,
    /// or a new refresh's.
    ///
    /// - Throws: ``Failure``, the same for every request the failed refresh concerns.
    func refresh(rejected: Signed) async throws -> String {
        if let settled = try await settled(since: rejected) { return settled }
        // The provider may hold a newer token (stored by the app, or by a refresh outside this actor).
        if let current = try await provider.currentToken(), current != rejected.token { return current }
        // The actor may have run other calls during that await.
        if let settled = try await settled(since: rejected) { return settled }
        if let failed, failed.token == rejected.token { throw failed.failure }
        let provider = self.provider
        let inside = Self.refreshing.union([ObjectIdentifier(self)])
        let task = Task {
            try await Self.$refreshing.withValue(inside) {
                do {
                    return try await provider.refreshToken(rejected: rejected.token)
                } catch {
                    if error is CancellationError || Task.isCancelled { throw error }
                    await provider.refreshFailed(error)
                    throw Failure(underlying: error)
                }
            }
        }
        running = task
        publish()
        let result = await task.result
        running = nil
        epoch += 1
        defer { publish() }
        // The rejected token may be remembered with its cache-scope digest: forget it.
        HTCredentialDigests.forgetAll()
        switch result {
        case .success(let token):
            latest = token
            failed = nil
        case .failure(let failure as Failure):
            latest = nil
            failed = (rejected.token, failure)
        case .failure:
            break  // cancelled: the next rejection refreshes again
        }
        return try result.get()
    }

    /// Forgets the tokens (``HTClient/logOut(user:frozenRequests:)``): the provider's, by its
    /// ``HTTokenProvider/signOut()``, and what this refresher remembered of the last refresh.
    func signOut() async {
        latest = nil
        failed = nil
        publish()
        await provider.signOut()
    }

    /// Sets what ``token()`` reads outside the actor.
    private func publish() {
        let now = Snapshot(isRefreshing: running != nil, hasFailure: failed != nil, epoch: epoch)
        snapshot.withLock { $0 = now }
    }

    /// What a request signed as `signed` gets without a new refresh: the running refresh's token, or the
    /// token of one that succeeded after it was signed; `nil` when it needs one.
    private func settled(since signed: Signed) async throws -> String? {
        if let running { return try await running.value }
        guard signed.epoch != epoch, let latest, latest != signed.token else { return nil }
        return latest
    }
}
