import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads and downloads go the way requests go: interceptors, mocks, transports by request type.
@Suite("Transfers: interceptors, mocks and request types", .timeLimit(.minutes(3)))
struct TransferRoutingTests {
    typealias Support = SchedulingTestSupport

    @Test("a download runs the client's interceptors: the header they add reaches the server")
    func downloadInterceptors() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("routing")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.interceptors = [
            HTBlockInterceptor(adapt: { request, _ in
                request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            })
        ]
        let destination = folder.appendingPathComponent("echo.json")
        _ = try await HTClient(configuration: configuration).download(EchoUserRequest(id: 3), to: destination)
        let echo = try HTJSONParser().parse(try Data(contentsOf: destination))
        #expect(echo["path"]?.stringValue == "/echo/users/3")
        #expect(echo["headers"]?["authorization"]?.stringValue == "Bearer secret")
    }

    @Test("an interceptor that sends a download again (a token refresh) leaves only the last body")
    func downloadSentTwice() async throws {
        let server = try await Support.server()
        let folder = try TestSupport.temporaryDirectory("routing")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.interceptors = [RetryOnceInterceptor()]
        let destination = folder.appendingPathComponent("bytes.bin")
        let response = try await HTClient(configuration: configuration).download(
            BytesRequest(size: 5000), to: destination)
        #expect(response.value.byteCount == 5000)
        #expect(try Data(contentsOf: destination).count == 5000)
        #expect(try TransferTestSupport.contents(of: folder) == ["bytes.bin"])
    }

    @Test("downloads answer from mocks when the client's mock mode is on")
    func downloadMocks() async throws {
        let folder = try TestSupport.temporaryDirectory("routing")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("http://127.0.0.1:9"))
        configuration.mock = HTMockTransport(routes: ["GET /bytes": .text("mocked body")])
        configuration.mockMode = .always
        let client = HTClient(configuration: configuration)
        let destination = folder.appendingPathComponent("mock.txt")
        let response = try await client.download(BytesRequest(size: 10), to: destination)
        #expect(response.value.byteCount == 11)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "mocked body")

        // Nothing answers /drop-midway: in `.always` mode that is the mock's 404, and nothing is written.
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.download(DropMidwayRequest(size: 10), to: folder.appendingPathComponent("none"))
        }
        #expect(Support.status(error) == 404)
        #expect(try TransferTestSupport.contents(of: folder) == ["mock.txt"])
    }

    @Test("a download whose request type has no registered transport is an invalid request")
    func downloadUnknownRequestType() async throws {
        let folder = try TestSupport.temporaryDirectory("routing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = HTClient(baseURL: try TestSupport.url("http://127.0.0.1:9"))
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.download(
                Customized(BytesRequest(size: 1), requestType: "nowhere"), to: folder.appendingPathComponent("x"))
        }
        guard case .invalidRequest? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(try TransferTestSupport.contents(of: folder).isEmpty)
    }

    @Test("an upload's interceptors and mocks see the multipart body; a request type's transport sends it")
    func uploadRouting() async throws {
        let seen = SeenRequests()
        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("https://example.com"))
        // The interceptor looks at the headers only: reading the stream would use it up for the mock after
        // it (transports always get a fresh one).
        configuration.interceptors = [
            HTBlockInterceptor(adapt: { request, _ in seen.record("interceptor", request, readingBody: false) })
        ]
        configuration.mock = HTMockTransport(handler: { request in
            seen.record("mock", request)
            return .json(#"{"fields": {}, "files": {}}"#)
        })
        configuration.mockMode = .always
        configuration.transports["framed"] = RecordingTransport(seen: seen)
        let client = HTClient(configuration: configuration)
        var form = HTMultipartFormData(boundary: "RT")
        form.append("v", name: "k")
        let expected = "--RT\r\nContent-Disposition: form-data; name=\"k\"\r\n\r\nv\r\n--RT--\r\n"

        _ = try await client.upload(UploadRequest(), form: form)
        #expect(
            seen.entries == [
                "interceptor multipart/form-data; boundary=RT \(expected.utf8.count) (a body stream)",
                "mock multipart/form-data; boundary=RT \(expected.utf8.count) \(expected)",
            ])

        client.mockMode = .off
        seen.reset()
        _ = try await client.upload(Customized(UploadRequest(), requestType: "framed"), form: form)
        #expect(
            seen.entries == [
                "interceptor multipart/form-data; boundary=RT \(expected.utf8.count) (a body stream)",
                "framed multipart/form-data; boundary=RT \(expected.utf8.count) \(expected)",
            ])
    }

    @Test("an upload is one of the client's requests: inFlightCount counts it and cancelAll() cancels it")
    func uploadCancelAll() async throws {
        let transport = StalledTransport()
        let client = HTClient(baseURL: try TestSupport.url("https://example.com"), transport: transport)
        var form = HTMultipartFormData()
        form.append("v", name: "k")
        let upload = Task { () async -> HTNetworkingError? in
            do {
                _ = try await client.upload(UploadRequest(), form: form)
                return nil
            } catch {
                return error as? HTNetworkingError
            }
        }
        // Waits for the transport to be called rather than for a time: under load, writing the body
        // file can take any time.
        var entered = transport.entered.makeAsyncIterator()
        _ = await entered.next()
        #expect(client.inFlightCount == 1)
        client.cancelAll()
        let error = await upload.value
        guard let error, case .cancelled = error.kind else {
            Issue.record("expected a cancelled error, got \(String(describing: error))")
            return
        }
        #expect(client.inFlightCount == 0)
    }
}

/// A transport that never answers: it announces each request on ``entered`` and waits until it is
/// cancelled.
private struct StalledTransport: HTTransport {
    let entered: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (entered, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        continuation.yield()
        try await Task.sleep(for: .seconds(600))
        throw URLError(.timedOut)
    }
}

/// Sends every request twice and returns the second response, as a token refresh does after a 401.
private struct RetryOnceInterceptor: HTInterceptor {
    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        _ = try await next(request)
        return try await next(request)
    }
}

/// A transport that records what it is asked to send and answers an empty upload result.
private struct RecordingTransport: HTTransport {
    let seen: SeenRequests
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        seen.record("framed", request)
        return HTTransportResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"],
            body: Data(#"{"fields": {}, "files": {}}"#.utf8))
    }
}

/// What the steps of an upload saw: who, the content type and length, and the body read from its stream.
private final class SeenRequests: Sendable {
    private let log = LockedBox<[String]>([])

    func record(_ who: String, _ request: URLRequest, readingBody: Bool = true) {
        var body = Data((request.httpBodyStream == nil || readingBody ? "" : "(a body stream)").utf8)
        if readingBody, let stream = request.httpBodyStream {
            stream.open()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { break }
                body.append(contentsOf: buffer[0..<count])
            }
            stream.close()
        }
        let type = request.value(forHTTPHeaderField: "Content-Type") ?? "-"
        let length = request.value(forHTTPHeaderField: "Content-Length") ?? "-"
        let entry = "\(who) \(type) \(length) \(String(decoding: body, as: UTF8.self))"
        log.withLock { $0.append(entry) }
    }

    func reset() { log.withLock { $0.removeAll() } }
    var entries: [String] { log.value }
}
