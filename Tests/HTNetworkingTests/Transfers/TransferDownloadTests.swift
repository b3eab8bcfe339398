import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads to files against the loopback server: a 50 MB body streamed to disk with progress, a
/// connection reset halfway, rejected statuses, cancellation.
@Suite("Transfers: downloads", .timeLimit(.minutes(3)))
struct TransferDownloadTests {
    typealias Support = SchedulingTestSupport

    @Test("50 MB streamed to disk with progress events: size and SHA-256 of the pattern match")
    func fiftyMegabytes() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        let size = 50 * 1024 * 1024
        let before = TransferTestSupport.residentMemory()

        var started = false
        var progress: [HTTransferProgress] = []
        var file: HTDownloadedFile?
        var status: Int?
        var last: String?
        for await event in Support.client(server).downloadEvents(BytesRequest(size: size), to: destination) {
            switch event {
            case .started(let request):
                started = true
                #expect(request.url.hasSuffix("/bytes?size=\(size)"))
            case .progress(let value):
                progress.append(value)
            case .response(let response):
                file = response.value
                status = response.statusCode
                #expect(response.raw.body.isEmpty)
            case .failed(let error):
                Issue.record("download failed: \(error)")
            case .retrying:
                Issue.record("unexpected retry")
            case .finished:
                last = "finished"
            }
        }
        let after = TransferTestSupport.residentMemory()

        #expect(started)
        #expect(last == "finished")
        #expect(status == 200)
        #expect(file == HTDownloadedFile(fileURL: destination, byteCount: Int64(size)))
        #expect(try TransferTestSupport.contents(of: folder) == ["big.bin"])
        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == size)
        let checksum = try await TransferTestSupport.sha256(ofFile: destination)
        #expect(checksum == (try await TransferTestSupport.patternSHA256(size: size)))

        // Progress: known total, increasing, ending at the total, throttled to a few hundred events.
        #expect(progress.count >= 10 && progress.count <= 260, "\(progress.count) progress events")
        #expect(progress.allSatisfy { $0.expectedBytes == Int64(size) })
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
        #expect(progress.last?.completedBytes == Int64(size))
        #expect(progress.last?.fractionCompleted == 1)

        // Memory is bounded by design (one chunk in memory at a time); the figures are logged, not
        // asserted, because the allocator and the sanitizers make them vary.
        if let before, let after {
            print(
                "[TransferDownloadTests] 50 MB download: RSS \(before.current / 1024) MB before, \(after.current / 1024) MB after, peak \(after.peak / 1024) MB (was \(before.peak / 1024) MB)"
            )
        }
    }

    @Test("download(_:to:progress:) returns the file and reports progress through the callback")
    func downloadWithCallback() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("nested/dir/file.bin")
        let reports = Recorded<HTTransferProgress>()
        let size = 3_000_000
        let response = try await Support.client(server).download(
            BytesRequest(size: size, chunk: 10_000), to: destination
        ) { progress in
            reports.append(progress)
        }
        #expect(response.statusCode == 200)
        #expect(response.value.byteCount == Int64(size))
        #expect(response.raw.header("Content-Type") == "application/octet-stream")
        let checksum = try await TransferTestSupport.sha256(ofFile: destination)
        #expect(checksum == (try await TransferTestSupport.patternSHA256(size: size)))
        #expect(reports.values.last?.completedBytes == Int64(size))
    }

    @Test("a connection reset halfway fails with a transport error and leaves no file behind")
    func resetHalfway() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("partial.bin")
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).download(DropMidwayRequest(size: 4_000_000), to: destination)
        }
        guard case .transport(let code, _)? = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code != nil)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try TransferTestSupport.contents(of: folder).isEmpty)
    }

    @Test("a connection reset as events: started, failed, finished; no file behind")
    func resetHalfwayEvents() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("partial.bin")
        var failure: HTNetworkingError?
        var kinds: [String] = []
        for await event in Support.client(server).downloadEvents(
            DropMidwayRequest(size: 4_000_000), to: destination)
        {
            switch event {
            case .started: kinds.append("started")
            case .progress(let progress): #expect(progress.completedBytes <= 2_000_000)
            case .failed(let error):
                failure = error
                kinds.append("failed")
            case .finished: kinds.append("finished")
            case .response, .retrying: kinds.append("unexpected")
            }
        }
        #expect(kinds == ["started", "failed", "finished"])
        #expect(Support.transportCode(failure) != nil)
        #expect(try TransferTestSupport.contents(of: folder).isEmpty)
    }

    @Test("a rejected status throws with the start of the body; an existing file is kept")
    func rejectedStatus() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("keep.bin")
        try Data("previous".utf8).write(to: destination)
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).download(StatusRequest(code: 404), to: destination)
        }
        guard case .status(let code, let body)? = error?.kind else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(code == 404)
        #expect(String(decoding: body, as: UTF8.self).contains("Not Found"))
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(try TransferTestSupport.contents(of: folder) == ["keep.bin"])

        // A successful download replaces it.
        _ = try await Support.client(server).download(BytesRequest(size: 1000), to: destination)
        #expect(try Data(contentsOf: destination).count == 1000)
        #expect(try TransferTestSupport.contents(of: folder) == ["keep.bin"])
    }

    @Test("cancelling the task cancels the download and removes the temporary file")
    func cancellation() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("never.bin")
        let client = Support.client(server)
        let task = Task { () async throws(HTNetworkingError) -> HTDownloadedFile in
            try await client.download(DelayRequest(ms: 20_000), to: destination).value
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let error = await task.result.htFailure as? HTNetworkingError
        #expect(Support.isCancelled(error))
        #expect(try TransferTestSupport.contents(of: folder).isEmpty)
    }

    @Test("a cancelled consumer of download events: failed(cancelled), finished; the download is cancelled")
    func cancelledEventsConsumer() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("never.bin")
        let events = Support.client(server).downloadEvents(DelayRequest(ms: 20_000), to: destination)
        let task = Task { () async -> [String] in
            var kinds: [String] = []
            for await event in events {
                switch event {
                case .started:
                    kinds.append("started")
                    withUnsafeCurrentTask { $0?.cancel() }
                case .failed(let error): kinds.append(Support.isCancelled(error) ? "cancelled" : "failed \(error)")
                case .finished: kinds.append("finished")
                default: kinds.append("unexpected")
                }
            }
            return kinds
        }
        #expect(await task.value == ["started", "cancelled", "finished"])
        // The download's own task removes its temporary file after the consumer has gone; wait for it
        // (a generous bound, not a timing assertion).
        for _ in 0..<200 where try !TransferTestSupport.contents(of: folder).isEmpty {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try TransferTestSupport.contents(of: folder).isEmpty)
    }

    @Test("a URLRequest can be downloaded as it is")
    func plainURLRequest() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("plain.bin")
        let client = HTClient(baseURL: try TestSupport.url("http://unused.invalid"))
        let response = try await client.download(URLRequest(url: try server.url("/bytes?size=777")), to: destination)
        #expect(response.value.byteCount == 777)
        #expect(try Data(contentsOf: destination).count == 777)
    }

    @Test("a transport without download support: the body it returns is written (mock transport)")
    func mockTransport() async throws {
        let folder = try TestSupport.temporaryDirectory("download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("mock.json")
        let transport = HTMockTransport(routes: ["GET /bytes": .json(#"{"mock": true}"#)])
        let client = HTClient(baseURL: try TestSupport.url("https://example.com"), transport: transport)
        var events: [String] = []
        for await event in client.downloadEvents(BytesRequest(size: 1), to: destination) {
            switch event {
            case .progress(let progress): events.append("progress \(progress.completedBytes)")
            case .response(let response): events.append("response \(response.value.byteCount)")
            case .started: events.append("started")
            case .finished: events.append("finished")
            case .failed(let error): events.append("failed \(error)")
            case .retrying: events.append("retrying")
            }
        }
        #expect(events == ["started", "progress 14", "response 14", "finished"])
        #expect(try Data(contentsOf: destination) == Data(#"{"mock": true}"#.utf8))
    }
}
