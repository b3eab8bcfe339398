import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives one data task's response and writes its body to a file chunk by chunk, so that no more
/// than one chunk (about 16–64 KB) of the body is in memory at a time.
///
/// `@unchecked Sendable`, safety: `URLSession` calls the delegate methods on its serial delegate queue
/// while `expect` runs on the caller's thread, so every mutable property
/// (`continuation`, `output`, `response`, `written`, `lastReported`, `failure`) is read and written only
/// while holding `lock`; `file` and `progress` are immutable. The continuation is taken out under the
/// lock and resumed once, outside it.
final class HTURLSessionDownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let file: URL
    private let progress: @Sendable (HTTransferProgress) -> Void
    private var continuation: CheckedContinuation<HTTransportResponse, any Error>?
    private var output: FileHandle?
    private var response: HTTPURLResponse?
    private var written: Int64 = 0
    private var lastReported: Int64 = 0
    private var failure: (any Error)?

    init(file: URL, progress: @escaping @Sendable (HTTransferProgress) -> Void) {
        self.file = file
        self.progress = progress
    }

    /// Remembers `continuation`, resumed once when the task completes.
    func expect(_ continuation: CheckedContinuation<HTTransportResponse, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        do {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            output = try FileHandle(forWritingTo: file)
        } catch {
            failure = error
        }
        let failed = failure != nil
        lock.unlock()
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        var report: HTTransferProgress?
        do {
            guard let output else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
            try output.write(contentsOf: data)
            written += Int64(data.count)
            let expected = response.map(\.expectedContentLength).flatMap { $0 >= 0 ? $0 : nil }
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
            dataTask.cancel()
        } else if let report {
            progress(report)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let closeError: (any Error)?
        do {
            try output?.close()
            closeError = nil
        } catch {
            closeError = error
        }
        output = nil
        let outcome: Result<HTTransportResponse, any Error>
        if let failure = failure ?? error ?? closeError {
            outcome = .failure(failure)
        } else if let response {
            outcome = Result { try HTTransportResponse(response, body: Data()) }
        } else {
            outcome = .failure(URLError(.badServerResponse))
        }
        lock.unlock()
        continuation?.resume(with: outcome)
    }
}
