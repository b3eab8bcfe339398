/// Supplies the client each frozen request is resent through (the original's
/// `HTFreezeManagerProtocol` and its `objectManagerForRequest:`). Usually an app-wide object that knows
/// the app's clients, since the code that made the request may be long gone (even the process).
public protocol HTFreezeManagerDelegate: AnyObject, Sendable {
    /// The client for `request` (chosen by its URL or ``HTFrozenRequest/requestType``), or `nil` to keep
    /// it frozen for now. The stored URL request goes through the client's interceptors, mock and
    /// transports (see ``HTClient/rawResponse(for:requestType:timeout:)``); the client's accepted status
    /// codes decide whether the resend succeeded.
    func client(for request: HTFrozenRequest) async -> HTClient?
}
