import Foundation

/// What ``HTClient/logOut(user:frozenRequests:)`` does with the requests frozen while the user was signed
/// in.
public enum HTFrozenRequestsOnLogOut: Sendable {
    /// They stay, to be sent when the network is back (with the credentials of whoever is signed in then).
    case keep
    /// They are removed from the manager's journal, on disk too.
    case remove(HTFreezeManager)
}

extension HTClient {
    /// Signs the user out, leaving nothing of theirs behind in this client: cancels its requests in
    /// flight (so no answer is stored after the clean-up), removes their cache entries from memory and
    /// disk, removes or keeps their frozen requests as `frozenRequests` says, and forgets their tokens.
    ///
    /// ```swift
    /// try await client.logOut(frozenRequests: .remove(freezeManager))
    /// ```
    ///
    /// - Parameters:
    ///   - user: the user scope whose cache entries go (``HTCacheSettings/userScope``; the configuration's
    ///     by default), with every entry keyed by credentials; with no user scope at all, every entry but
    ///     the public ones goes.
    ///   - frozenRequests: whether the frozen requests stay or go.
    /// - Throws: the freeze journal's error when the frozen requests could not be removed (the cache and
    ///   the tokens are cleared all the same).
    ///
    /// The tokens: each ``HTTokenProvider`` of the client's ``HTClientConfiguration/credentials`` and
    /// ``HTBearerTokenInterceptor``s is told (``HTTokenProvider/signOut()``), and the client forgets what
    /// it remembered of them (the last refreshed token, the digests that scope cache entries).
    public func logOut(user: String? = nil, frozenRequests: HTFrozenRequestsOnLogOut = .keep)
        async throws(HTFreezeJournalError)
    {
        cancelAll()
        await configuration.cache.cache.removePersonalResponses(user: user ?? configuration.cache.userScope)
        var refreshers: [HTTokenRefresher] = configuration.credentials.values.compactMap(\.refresher)
        for interceptor in configuration.interceptors {
            if let bearer = interceptor as? HTBearerTokenInterceptor { refreshers.append(bearer.refresher) }
        }
        for refresher in refreshers { await refresher.signOut() }
        HTCredentialDigests.forgetAll()
        if case .remove(let manager) = frozenRequests { try await manager.clearAll() }
    }
}
