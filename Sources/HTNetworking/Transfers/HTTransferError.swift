import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns what transfers throw into the client's one error type, as ``HTClient`` does for requests.
enum HTTransferError {
    /// `error` as an ``HTNetworkingError`` of `request`: cancellation as `cancelled`, URL errors as
    /// `transport` with their code, anything else (e.g. a disk write failing) as `transport` without one.
    static func networkingError(_ error: any Error, request: HTRequestDescription) -> HTNetworkingError {
        if let error = error as? HTNetworkingError { return error }
        if error is CancellationError || Task.isCancelled { return HTNetworkingError(.cancelled, request: request) }
        if let error = error as? URLError {
            if error.code == .cancelled { return HTNetworkingError(.cancelled, request: request) }
            return HTNetworkingError(
                .transport(code: error.code.rawValue, message: error.localizedDescription), request: request)
        }
        return HTNetworkingError(.transport(code: nil, message: String(describing: error)), request: request)
    }
}
