/// Makes concurrent token refreshes one: the first rejected request starts a refresh, the others
/// rejected with the same token wait for its result.
actor HTTokenRefresher {
    private let provider: any HTTokenProvider
    private var refreshing: Task<String, any Error>?
    /// How many refreshes have finished successfully, and the token the latest one produced.
    private var generation = 0
    private var latest: String?

    init(provider: any HTTokenProvider) {
        self.provider = provider
    }

    /// The token to send: the one being refreshed, if a refresh is running (and succeeds), else the
    /// provider's.
    func token() async throws -> String? {
        if let refreshing, let token = try? await refreshing.value { return token }
        return try await provider.currentToken()
    }

    /// A token to retry with after `rejected` was refused: a refresh's result, shared with every
    /// request rejected meanwhile.
    func refresh(rejected: String?) async throws -> String {
        if let refreshing { return try await refreshing.value }
        let seen = generation
        // The provider may already hold a newer token (another request's refresh finished after this
        // one was sent): use it rather than refresh again.
        if let current = try await provider.currentToken(), current != rejected { return current }
        // The actor may have run other calls during that await.
        if let refreshing { return try await refreshing.value }
        if generation != seen, let latest, latest != rejected { return latest }
        let provider = self.provider
        let task = Task { try await provider.refreshToken(rejected: rejected) }
        refreshing = task
        do {
            let token = try await task.value
            refreshing = nil
            generation += 1
            latest = token
            return token
        } catch {
            refreshing = nil
            throw error
        }
    }
}
