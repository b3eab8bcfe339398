import Dispatch
import Foundation
import HTNetworking

/// Sending for callers outside async code: a completion handler, or a delegate.
extension HTClient {
    /// Sends `request` and calls `completion` with the result on `queue`.
    ///
    /// ```swift
    /// let task = client.send(HTGetUserRequest(id: 7)) { result in
    ///     switch result {
    ///     case .success(let response): show(response.value)
    ///     case .failure(let error): showError(error)
    ///     }
    /// }
    /// task.cancel()   // the handler then gets .cancelled
    /// ```
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - queue: where `completion` runs (the main queue by default; on Linux the main queue runs only
    ///     when the program services it, e.g. with `dispatchMain()` or from the main actor).
    ///   - completion: called exactly once, with the response or the error.
    /// - Returns: a handle to cancel the request.
    @discardableResult
    public func send<R: HTBaseRequest>(
        _ request: sending R, queue: DispatchQueue = .main,
        completion: @escaping @Sendable (sending Result<HTResponse<R.Response>, HTNetworkingError>) -> Void
    ) -> HTRequestTask {
        let prepared: HTPreparedRequest<R>
        do {
            prepared = try prepare(request)
        } catch {
            let failure = HTHandOff(Result<HTResponse<R.Response>, HTNetworkingError>.failure(error))
            let task = Task { queue.async { completion(failure.take()) } }
            return HTRequestTask(task)
        }
        let task = Task {
            let result: Result<HTResponse<R.Response>, HTNetworkingError>
            do throws(HTNetworkingError) {
                result = .success(try await self.response(for: prepared))
            } catch {
                result = .failure(error)
            }
            let handOff = HTHandOff(result)
            queue.async { completion(handOff.take()) }
        }
        return HTRequestTask(task)
    }

    /// Sends `request` and tells `delegate` the result on the main actor. The delegate is held weakly.
    @discardableResult
    public func send<R: HTBaseRequest & Sendable>(_ request: R, delegate: any HTRequestDelegate) -> HTRequestTask {
        let prepared: Result<HTPreparedRequest<R>, HTNetworkingError>
        do {
            prepared = .success(try prepare(request))
        } catch {
            prepared = .failure(error)
        }
        let task = Task { [weak delegate] in
            let result: Result<HTResponse<R.Response>, HTNetworkingError>
            switch prepared {
            case .success(let prepared):
                do throws(HTNetworkingError) {
                    result = .success(try await self.response(for: prepared))
                } catch {
                    result = .failure(error)
                }
            case .failure(let error):
                result = .failure(error)
            }
            await Self.deliver(result, of: request, to: delegate)
        }
        return HTRequestTask(task)
    }

    @MainActor
    private static func deliver<R: HTBaseRequest & Sendable>(
        _ result: sending Result<HTResponse<R.Response>, HTNetworkingError>, of request: R,
        to delegate: (any HTRequestDelegate)?
    ) {
        guard let delegate else { return }
        switch result {
        case .success(let response): delegate.requestDidFinish(request, response: response)
        case .failure(let error): delegate.requestDidFail(request, error: error)
        }
    }
}
