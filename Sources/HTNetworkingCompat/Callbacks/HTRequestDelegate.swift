import HTNetworking

/// Receives the results of requests sent with `HTClient.send(_:delegate:)` on the main actor (the
/// original's `HTRequestDelegate` with `htRequestFinished:` and `htRequestFailed:`).
///
/// One delegate can receive several request types; tell them apart by the request:
///
/// ```swift
/// @MainActor final class ProfileScreen: HTRequestDelegate {
///     func requestDidFinish<R: HTBaseRequest>(_ request: R, response: HTResponse<R.Response>) {
///         if let user = response.value as? HTUser { show(user) }
///     }
///     func requestDidFail<R: HTBaseRequest>(_ request: R, error: HTNetworkingError) {
///         showError(error.description)
///     }
/// }
/// client.send(HTGetUserRequest(id: 7), delegate: screen)
/// ```
///
/// The client holds the delegate weakly: a delegate released before the response arrives is not called.
@MainActor
public protocol HTRequestDelegate: AnyObject, Sendable {
    /// The request succeeded.
    func requestDidFinish<R: HTBaseRequest>(_ request: R, response: HTResponse<R.Response>)
    /// The request failed.
    func requestDidFail<R: HTBaseRequest>(_ request: R, error: HTNetworkingError)
}
