/// A download as an asynchronous sequence of events: `started`, `progress` as bytes arrive, then
/// `response` (whose value is the ``HTDownloadedFile``) or `failed`, then `finished`.
///
/// ```swift
/// for await event in client.downloadEvents(GetVideoRequest(id: 9), to: videoURL) {
///     switch event {
///     case .progress(let progress): bar.value = progress.fractionCompleted ?? 0
///     case .response(let response): play(response.value.fileURL)
///     case .failed(let error): show(error)
///     default: break
///     }
/// }
/// ```
///
/// The sequence is cold: the download starts when the first event is asked for (each iteration
/// downloads again). It runs in a task of its own, so progress arrives while the consumer handles
/// earlier events; cancelling the consuming task, or leaving the loop early, cancels the download,
/// whose temporary file is then removed (the destination is never left with a partial body). When the
/// consumer is cancelled the sequence ends with `failed(cancelled)` and `finished`.
public struct HTDownloadEvents: AsyncSequence, Sendable {
    /// The events.
    public typealias Element = HTRequestEvent<HTDownloadedFile>
    /// Failures are events, so iteration never throws.
    public typealias Failure = Never

    private let job: HTDownloadJob

    init(job: HTDownloadJob) {
        self.job = job
    }

    /// An iterator; the download starts when the first event is asked for.
    public func makeAsyncIterator() -> Iterator {
        Iterator(job: job)
    }

    /// Starts the download on the first call and then relays its events.
    public struct Iterator: AsyncIteratorProtocol {
        /// The events.
        public typealias Element = HTRequestEvent<HTDownloadedFile>
        /// Failures are events, so iteration never throws.
        public typealias Failure = Never

        /// What the download task reports.
        private enum Message: Sendable {
            case progress(HTTransferProgress)
            case completed(HTTransportResponse, HTDownloadedFile)
            case failed(HTNetworkingError)
        }

        private enum State {
            case initial
            case running(AsyncStream<Message>.Iterator)
            case ended
            case over
        }

        private let job: HTDownloadJob
        private var state = State.initial

        init(job: HTDownloadJob) {
            self.job = job
        }

        /// The next event, or `nil` after `finished`.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// The next event, or `nil` after `finished`; runs in `actor`'s isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            switch state {
            case .initial:
                state = .running(start())
                return .started(job.description)
            case .running(var messages):
                let message = await messages.next(isolation: actor)
                switch message {
                case .progress(let progress):
                    state = .running(messages)
                    return .progress(progress)
                case .completed(let raw, let file):
                    state = .ended
                    return .response(HTResponse(value: file, raw: raw))
                case .failed(let error):
                    state = .ended
                    return .failed(error)
                case nil:
                    // The stream ends without a result only when the consuming task was cancelled.
                    state = .ended
                    return .failed(HTNetworkingError(.cancelled, request: job.description))
                }
            case .ended:
                state = .over
                return .finished
            case .over:
                return nil
            }
        }

        /// Starts the download in a task that reports into a stream; ending the stream (the consumer
        /// was cancelled or dropped the iterator) cancels the task.
        private func start() -> AsyncStream<Message>.Iterator {
            let (stream, continuation) = AsyncStream.makeStream(of: Message.self)
            let job = self.job
            let task = Task.detached {
                do throws(HTNetworkingError) {
                    let (raw, file) = try await job.run { progress in
                        continuation.yield(.progress(progress))
                    }
                    continuation.yield(.completed(raw, file))
                } catch {
                    continuation.yield(.failed(error))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream.makeAsyncIterator()
        }
    }
}
