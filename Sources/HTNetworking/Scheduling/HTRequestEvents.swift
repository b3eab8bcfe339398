/// A request as an asynchronous sequence of events (the original's `signalStart`): ``HTRequestEvent``
/// `started`, a `retrying` event before each retry, then `response` or `failed`, then `finished`.
///
/// ```swift
/// for await event in client.events(for: GetUserRequest(id: 7), retry: .default) {
///     switch event {
///     case .started(let request): print("sending", request)
///     case .retrying(let attempt, let wait, let error): print("attempt \(attempt) in \(wait) after", error)
///     case .response(let response): show(response.value)
///     case .failed(let error): show(error)
///     case .progress, .finished: break
///     }
/// }
/// ```
///
/// The sequence is cold: nothing is sent until iteration starts, and each iteration sends the request
/// again. The request runs in the iterating task, so cancelling that task cancels it (the sequence then
/// ends with `failed(cancelled)` and `finished`) and the mapped value is delivered in the iterating
/// task's isolation. The sequence never throws: failures are events.
public struct HTRequestEvents<Request: HTBaseRequest & Sendable>: AsyncSequence {
    /// The events.
    public typealias Element = HTRequestEvent<Request.Response>
    /// Failures are events, so iteration never throws.
    public typealias Failure = Never

    private let client: HTClient
    private let request: Request
    private let retryPolicy: HTRetryPolicy?

    init(client: HTClient, request: Request, retryPolicy: HTRetryPolicy?) {
        self.client = client
        self.request = request
        self.retryPolicy = retryPolicy
    }

    /// An iterator; the request is sent once the `started` event has been taken.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, request: request, retryPolicy: retryPolicy)
    }

    /// Sends the request as the events are asked for.
    public struct Iterator: AsyncIteratorProtocol {
        /// The events.
        public typealias Element = HTRequestEvent<Request.Response>
        /// Failures are events, so iteration never throws.
        public typealias Failure = Never

        private enum State {
            case initial
            case sending(retries: Int)
            case waiting(HTRetryPolicy, Duration, failure: HTNetworkingError, retries: Int)
            case ended
            case over
        }

        private let client: HTClient
        private let request: Request
        private let retryPolicy: HTRetryPolicy?
        private var state = State.initial

        init(client: HTClient, request: Request, retryPolicy: HTRetryPolicy?) {
            self.client = client
            self.request = request
            self.retryPolicy = retryPolicy
        }

        /// The next event, or `nil` after `finished`.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// The next event, or `nil` after `finished`; runs in `actor`'s isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            switch state {
            case .initial:
                state = .sending(retries: 0)
                return .started(describe())
            case .sending(let retries):
                return await attempt(retries: retries)
            case .waiting(let policy, let duration, let failure, let retries):
                do {
                    try await policy.pause(for: duration, after: failure)
                } catch {
                    state = .ended
                    return .failed(error)
                }
                return await attempt(retries: retries)
            case .ended:
                state = .over
                return .finished
            case .over:
                return nil
            }
        }

        /// Sends the request once and moves to the state its outcome leads to.
        private mutating func attempt(retries: Int, isolation actor: isolated (any Actor)? = #isolation) async
            -> Element?
        {
            do {
                let response = try await client.response(for: request)
                state = .ended
                return .response(response)
            } catch {
                if let retryPolicy,
                    let wait = retryPolicy.delay(after: error, method: Request.method, retriesSoFar: retries)
                {
                    HTSchedulingLog.retryScheduled(
                        client.configuration.logger, failure: error, attempt: retries + 2, delay: wait)
                    state = .waiting(retryPolicy, wait, failure: error, retries: retries + 1)
                    return .retrying(attempt: retries + 2, after: wait, error: error)
                }
                HTSchedulingLog.retriesGaveUp(client.configuration.logger, failure: error, attempts: retries + 1)
                state = .ended
                return .failed(error)
            }
        }

        private func describe() -> HTRequestDescription {
            let url = (try? client.urlRequest(for: request))?.url?.absoluteString ?? Request.path
            return HTRequestDescription(
                method: Request.method.rawValue, url: url, requestType: String(describing: Request.self))
        }
    }
}

extension HTClient {
    /// The events of sending `request`, retried as `retry` says when given; see ``HTRequestEvents``.
    public func events<R: HTBaseRequest & Sendable>(for request: R, retry: HTRetryPolicy? = nil) -> HTRequestEvents<R> {
        HTRequestEvents(client: self, request: request, retryPolicy: retry)
    }
}
