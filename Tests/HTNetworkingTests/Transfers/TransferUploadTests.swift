import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Multipart uploads against the loopback server, which parses the body and answers each file's size
/// and SHA-256.
@Suite("Transfers: multipart upload", .timeLimit(.minutes(3)))
struct TransferUploadTests {
    typealias Support = SchedulingTestSupport

    @Test("fields, data and a file streamed from disk arrive intact (the server's SHA-256 matches)")
    func upload() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("upload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fileURL = folder.appendingPathComponent("video.mp4")
        let fileData = TransferTestSupport.sampleData(count: 6 * 1024 * 1024 + 123, seed: 7)
        try fileData.write(to: fileURL)
        let thumbnail = TransferTestSupport.sampleData(count: 40_000, seed: 99)

        var form = HTMultipartFormData()
        form.append("Ünïcode \"quoted\" text\r\nwith a line break", name: "caption")
        form.append(thumbnail, name: "thumbnail", fileName: "thumb.png")
        form.appendFile(at: fileURL, name: "video")
        let result = try await Support.client(server).upload(
            UploadRequest(title: "Holiday", tags: ["a", "b"]), form: form)

        #expect(result.field("title") == "Holiday")
        // Repeated names: the server keeps the last value.
        #expect(result.field("tags") == "b")
        #expect(result.field("caption") == "Ünïcode \"quoted\" text\r\nwith a line break")
        let video = try #require(result.file("video"))
        #expect(video["filename"]?.stringValue == "video.mp4")
        #expect(video["content_type"]?.stringValue == "video/mp4")
        #expect(video["size"]?.intValue == fileData.count)
        let videoChecksum = try await TransferTestSupport.sha256(ofFile: fileURL)
        #expect(video["sha256"]?.stringValue == videoChecksum)
        let thumb = try #require(result.file("thumbnail"))
        #expect(thumb["filename"]?.stringValue == "thumb.png")
        #expect(thumb["content_type"]?.stringValue == "image/png")
        #expect(thumb["size"]?.intValue == thumbnail.count)
        let thumbnailChecksum = try await TransferTestSupport.sha256(of: thumbnail)
        #expect(thumb["sha256"]?.stringValue == thumbnailChecksum)
    }

    @Test("the response variant carries the status; the body file is sent with its Content-Length")
    func uploadResponse() async throws {
        let server = try await Support.server()
        var form = HTMultipartFormData()
        form.append("1", name: "one")
        let response = try await Support.client(server).uploadResponse(for: UploadRequest(), form: form)
        #expect(response.statusCode == 200)
        #expect(response.value.field("one") == "1")
        #expect(response.value.files == .object(HTJSONObject()))
    }

    @Test("an upload answered with an error status throws a status error")
    func statusError() async throws {
        let server = try await Support.server()
        var form = HTMultipartFormData()
        form.append("x", name: "x")
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).upload(RejectedUploadRequest(), form: form)
        }
        #expect(Support.status(error) == 413)
    }

    @Test("a form whose file is missing fails as an invalid request before anything is sent")
    func missingFile() async throws {
        let server = try await Support.server()
        let id = Support.uniqueID()
        var form = HTMultipartFormData()
        form.appendFile(at: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).bin"), name: "f")
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await Support.client(server).upload(FlakyRequest(key: "\(id)never", fail: 0), form: form)
        }
        guard case .invalidRequest? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(try await Support.count("\(id)never", on: server) == 0)
    }

    @Test("a transport without upload support gets the body as a stream (mock transport)")
    func streamedBodyFallback() async throws {
        let seen = SeenBody()
        let transport = HTMockTransport(handler: { request in
            seen.record(request)
            return .json(#"{"fields": {"ok": "yes"}, "files": {}}"#)
        })
        let client = HTClient(baseURL: try TestSupport.url("https://example.com"), transport: transport)
        var form = HTMultipartFormData(boundary: "BND")
        form.append("v", name: "k")
        let result = try await client.upload(UploadRequest(title: "T"), form: form)
        #expect(result.field("ok") == "yes")
        let (contentType, contentLength, body) = seen.values
        #expect(contentType == "multipart/form-data; boundary=BND")
        let expected =
            "--BND\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT\r\n"
            + "--BND\r\nContent-Disposition: form-data; name=\"k\"\r\n\r\nv\r\n--BND--\r\n"
        #expect(body == expected)
        #expect(contentLength == String(expected.utf8.count))
    }
}

/// What the mock transport saw of an upload (the handler runs on another task).
private final class SeenBody: Sendable {
    private struct Seen {
        var contentType: String?
        var contentLength: String?
        var body = ""
    }
    private let seen = LockedBox(Seen())

    func record(_ request: URLRequest) {
        var data = Data()
        if let stream = request.httpBodyStream {
            stream.open()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            stream.close()
        }
        let latest = Seen(
            contentType: request.value(forHTTPHeaderField: "Content-Type"),
            contentLength: request.value(forHTTPHeaderField: "Content-Length"),
            body: String(decoding: data, as: UTF8.self))
        seen.withLock { $0 = latest }
    }

    var values: (String?, String?, String) {
        let seen = seen.value
        return (seen.contentType, seen.contentLength, seen.body)
    }
}
