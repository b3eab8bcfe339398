import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes one download's body to a file chunk by chunk as it arrives (a task of the transport's own
/// session, registered with ``HTURLSessionDelegate``), so that no more than one chunk (about 16–64 KB)
/// of the body is in memory at a time. The file is created at the first chunk (or, for an empty body,
/// when the task completes). Redirects follow ``HTTransportOptions/redirectPolicy``.
///
/// The file is written under the state's lock (chunks arrive one at a time, so it is not contended);
/// the continuation is taken out under it and resumed once, outside it, and `progress` and `cancel()`
/// are called outside it too.
final class HTDownloadTaskHandler: HTSessionTaskHandler, Sendable {
    /// What changes as the download goes on.
    private struct State: Sendable {
        var continuation: CheckedContinuation<HTTransportResponse, any Error>?
        var output: FileHandle?
        var written: Int64 = 0
        var lastReported: Int64 = 0
        var failure: (any Error)?
    }

    private let state: HTLocked<State>
    private let file: URL
    private let original: URL?
    private let options: HTTransportOptions
    private let progress: @Sendable (HTTransferProgress) -> Void

    init(
        file: URL, original: URL?, options: HTTransportOptions,
        progress: @escaping @Sendable (HTTransferProgress) -> Void,
        continuation: CheckedContinuation<HTTransportResponse, any Error>
    ) {
        self.file = file
        self.original = original
        self.options = options
        self.progress = progress
        self.state = HTLocked(State(continuation: continuation))
    }

    /// Creates (or empties) the file and opens it for writing.
    private func open() throws -> FileHandle {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return try FileHandle(forWritingTo: file)
    }

    func received(_ data: Data, on task: URLSessionDataTask) {
        let (failed, report) = state.withLock { state -> (Bool, HTTransferProgress?) in
            var report: HTTransferProgress?
            do {
                guard state.failure == nil else { throw CancellationError() }
                let output = try state.output ?? open()
                state.output = output
                try output.write(contentsOf: data)
                state.written += Int64(data.count)
                let expected = (task.response as? HTTPURLResponse).map(\.expectedContentLength).flatMap {
                    $0 >= 0 ? $0 : nil
                }
                // At most about 200 reports per transfer (every 0.5 %, at least every 64 KiB), and the last.
                let step = max(64 * 1024, (expected ?? 0) / 200)
                if state.written - state.lastReported >= step || state.written == expected {
                    state.lastReported = state.written
                    report = HTTransferProgress(completedBytes: state.written, expectedBytes: expected)
                }
            } catch {
                if state.failure == nil { state.failure = error }
            }
            return (state.failure != nil, report)
        }
        if failed {
            HTSessionTaskGate.cancelLater(task)
        } else if let report {
            progress(report)
        }
    }

    func redirect(_ request: URLRequest) -> URLRequest? {
        options.redirectPolicy.request(for: request, from: original)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let (continuation, outcome) = state.withLock { state in
            let continuation = state.continuation
            state.continuation = nil
            var closeError: (any Error)?
            do {
                // An empty body still makes a (empty) file.
                if state.output == nil, state.failure == nil, error == nil { state.output = try open() }
                try state.output?.close()
            } catch {
                closeError = error
            }
            state.output = nil
            let outcome: Result<HTTransportResponse, any Error>
            if let failure = state.failure ?? error ?? closeError {
                outcome = .failure(failure)
            } else if let response = task.response {
                let written = state.written
                outcome = Result {
                    if let http = response as? HTTPURLResponse {
                        try HTDeclaredLength.check(
                            receivedBytes: written, of: http, method: task.originalRequest?.httpMethod)
                    }
                    return try HTTransportResponse(response, body: Data())
                }
            } else {
                outcome = .failure(URLError(.badServerResponse))
            }
            return (continuation, outcome)
        }
        continuation?.resume(with: outcome)
    }
}
