import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hands the body of one streamed request (a data task) to an ``HTStreamBuffer`` as it arrives. The
/// caller waits for the response head: it hears it with the first chunk of body, or when the task
/// ends (the session's delegate does not implement `didReceive response`, see ``HTURLSessionDelegate``).
///
/// Back-pressure on Apple platforms: when the buffer holds more than its high-water mark, the task is
/// suspended; when the reader has caught up, it is resumed. Both calls go through
/// ``HTSessionTaskGate/cancellationQueue``, never from the delegate queue.
///
/// On Linux a task is never suspended: FoundationNetworking's `suspend()` takes the transfer off
/// libcurl and `resume()` sends the request again (the loopback server saw three requests for one
/// stream paused twice), and waiting on the delegate queue instead (as ``HTBoundedDelegateQueue``
/// does) would hold FoundationNetworking's one work queue, and with it every request of the process,
/// for as long as the reader is behind. So the buffer's limit bounds the memory instead: a reader
/// more than ``HTTransportOptions/maximumResponseSize`` behind ends the stream with
/// ``HTResponseTooLargeError`` and the connection is closed (an event stream that reconnects resumes
/// from its last event ID).
final class HTStreamTaskHandler: HTSessionTaskHandler, Sendable {
    private struct State: Sendable {
        var continuation: CheckedContinuation<HTStreamedResponse, any Error>?
        var controlled = false
    }

    private let state: HTLocked<State>
    private let buffer: HTStreamBuffer
    private let options: HTTransportOptions
    private let original: URL?

    init(
        original: URL?, options: HTTransportOptions, buffer: HTStreamBuffer,
        continuation: CheckedContinuation<HTStreamedResponse, any Error>
    ) {
        self.original = original
        self.options = options
        self.buffer = buffer
        self.state = HTLocked(State(continuation: continuation))
    }

    func received(_ data: Data, on task: URLSessionDataTask) {
        let (head, control) = state.withLock {
            state -> (CheckedContinuation<HTStreamedResponse, any Error>?, Bool) in
            defer {
                state.continuation = nil
                state.controlled = true
            }
            return (state.continuation, !state.controlled)
        }
        if control {
            let queue = HTSessionTaskGate.cancellationQueue
            #if canImport(FoundationNetworking)
                buffer.setControls(HTStreamBuffer.Controls(cancel: { queue.async { task.cancel() } }))
            #else
                buffer.setControls(
                    HTStreamBuffer.Controls(
                        pause: { queue.async { task.suspend() } },
                        resume: { queue.async { task.resume() } },
                        cancel: { queue.async { task.cancel() } }))
            #endif
        }
        buffer.append(data)
        if let head { resume(head, with: task.response) }
    }

    func abandon(_ error: any Error) {
        let taken = state.withLock { state -> CheckedContinuation<HTStreamedResponse, any Error>? in
            defer { state.continuation = nil }
            return state.continuation
        }
        buffer.cancel()
        taken?.resume(throwing: error)
    }

    func redirect(_ request: URLRequest) -> URLRequest? {
        options.redirectPolicy.request(for: request, from: original)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let head = state.withLock { state -> CheckedContinuation<HTStreamedResponse, any Error>? in
            defer { state.continuation = nil }
            return state.continuation
        }
        buffer.finish(error)
        guard let head else { return }
        if let error {
            head.resume(throwing: error)
        } else {
            resume(head, with: task.response)
        }
    }

    private func resume(_ head: CheckedContinuation<HTStreamedResponse, any Error>, with response: URLResponse?) {
        guard let response, let raw = try? HTTransportResponse(response, body: Data()) else {
            buffer.cancel()
            return head.resume(throwing: URLError(.badServerResponse))
        }
        head.resume(returning: HTStreamedResponse(head: raw, body: HTStreamedBody(buffer: buffer)))
    }
}
