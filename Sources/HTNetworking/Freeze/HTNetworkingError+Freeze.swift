import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTNetworkingError {
    /// The `URLError` codes after which a request is frozen: the server could not be reached or the
    /// connection broke. URLSession on Linux reports an unreachable network as "cannot connect" or
    /// "timed out", so those count too.
    static let freezeConnectivityCodes: Set<Int> =
        ([
            .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .networkConnectionLost,
            .timedOut, .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed,
        ] as [URLError.Code]).reduce(into: []) { $0.insert($1.rawValue) }

    /// Whether this is a connectivity failure, after which the request is frozen.
    var isFreezeConnectivityFailure: Bool {
        if case .transport(let code?, _) = kind { return Self.freezeConnectivityCodes.contains(code) }
        return false
    }
}
