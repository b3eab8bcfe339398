/// Supplies the client each frozen request is resent through (the original's
/// `HTFreezeManagerProtocol` and its `objectManagerForRequest:`). Usually an app-wide object that knows
/// the app's clients, since the code that made the request may be long gone (even the process).
public protocol HTFreezeManagerDelegate: AnyObject, Sendable {
    /// The client for `request` (chosen by its URL or ``HTFrozenRequest/requestType``), or `nil` to keep
    /// it frozen for now. Only the client's transport and accepted status codes are used: the stored
    /// request is sent again as it was built.
    func client(for request: HTFrozenRequest) async -> HTClient?
}
