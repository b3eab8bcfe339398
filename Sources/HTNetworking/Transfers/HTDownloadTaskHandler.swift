import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes one download's body to a file chunk by chunk as it arrives (a task of the transport's own
/// session, registered with ``HTURLSessionDelegate``), so that no more than one chunk (about 16–64 KB)
/// of the body is in memory at a time. The file is created at the first chunk (or, for an empty body,
/// when the task completes). Redirects follow ``HTTransportOptions/redirectPolicy``.
///
/// `@unchecked Sendable`, safety: every mutable property (`continuation`, `output`, `written`,
/// `lastReported`, `failure`) is read and written only while holding `lock`; `file`, `options`,
/// `original` and `progress` are immutable. The continuation is taken out under the lock and resumed
/// once, outside it; `progress` and `cancel()` are called outside it too.
final class HTDownloadTaskHandler: HTSessionTaskHandler, @unchecked Sendable {
    private let lock = NSLock()
    private let file: URL
    private let original: URL?
    private let options: HTTransportOptions
    private let progress: @Sendable (HTTransferProgress) -> Void
    private var continuation: CheckedContinuation<HTTransportResponse, any Error>?
    private var output: FileHandle?
    private var written: Int64 = 0
    private var lastReported: Int64 = 0
    private var failure: (any Error)?

    init(
        file: URL, original: URL?, options: HTTransportOptions, progress: @escaping @Sendable (HTTransferProgress) -> Void,
        continuation: CheckedContinuation<HTTransportResponse, any Error>
    ) {
        self.file = file
        self.original = original
        self.options = options
        self.progress = progress
        self.continuation = continuation
    }

    /// Creates (or empties) the file and opens it for writing.
    private func open() throws -> FileHandle {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return try FileHandle(forWritingTo: file)
    }

    func received(_ data: Data, on task: URLSessionDataTask) {
        lock.lock()
        var report: HTTransferProgress?
        do {
            guard failure == nil else { throw CancellationError() }
            let output = try self.output ?? open()
            self.output = output
            try output.write(contentsOf: data)
            written += Int64(data.count)
            let expected = (task.response as? HTTPURLResponse).map(\.expectedContentLength).flatMap { $0 >= 0 ? $0 : nil }
            // At most about 200 reports per transfer (every 0.5 %, at least every 64 KiB), and the last.
            let step = max(64 * 1024, (expected ?? 0) / 200)
            if written - lastReported >= step || written == expected {
                lastReported = written
                report = HTTransferProgress(completedBytes: written, expectedBytes: expected)
            }
        } catch {
            if failure == nil { failure = error }
        }
        let failed = failure != nil
        lock.unlock()
        if failed {
            task.cancel()
        } else if let report {
            progress(report)
        }
    }

    func redirect(_ request: URLRequest) -> URLRequest? {
        options.redirectPolicy.request(for: request, from: original)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        var closeError: (any Error)?
        do {
            // An empty body still makes a (empty) file.
            if output == nil, failure == nil, error == nil { output = try open() }
            try output?.close()
        } catch {
            closeError = error
        }
        output = nil
        let outcome: Result<HTTransportResponse, any Error>
        if let failure = failure ?? error ?? closeError {
            outcome = .failure(failure)
        } else if let response = task.response {
            outcome = Result { try HTTransportResponse(response, body: Data()) }
        } else {
            outcome = .failure(URLError(.badServerResponse))
        }
        lock.unlock()
        continuation?.resume(with: outcome)
    }
}
