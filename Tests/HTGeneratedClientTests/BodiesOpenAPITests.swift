import Foundation
import HTNetworking
import HTTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #38, part 2: a request body of several media types the app chooses between, a multipart
/// body's per-part `encoding` (content types, headers, the app's file names and types), and a large
/// non-JSON response downloaded to a file through a generated request (`Specs/bodies.openapi.yaml`,
/// over the loopback server's /echo, /upload and /bytes routes).
@Suite struct BodiesOpenAPITests {
    /// The same operation sent as JSON, as a form, as merge-patch JSON and as raw bytes: each arrives
    /// with its content type and its bytes.
    @Test func theAppChoosesTheMediaTypeOfABody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let note = HTNote(title: "Hi & bye") { $0.stars = 3 }

        let json = try await client.send(HTSendBodiesNoteRequest(requestBody: .json(note)))
        #expect(json.headers_?["content-type"] == "application/json; charset=utf-8")
        #expect(json.body == #"{"title":"Hi & bye","stars":3}"#)

        let form = try await client.send(HTSendBodiesNoteRequest(requestBody: .form(note)))
        #expect(form.headers_?["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(form.form.value == ["title": ["Hi & bye"], "stars": ["3"]])
        #expect(form.body == "title=Hi%20%26%20bye&stars=3")

        let patch = try await client.send(
            HTSendBodiesNoteRequest(
                requestBody: .mergePatchJSON(HTSendBodiesNoteRequestBodyMergePatchJSON { $0.title = .null })))
        #expect(patch.headers_?["content-type"] == "application/merge-patch+json")
        #expect(patch.body == #"{"title":null}"#)

        let raw = try await client.send(HTSendBodiesNoteRequest(requestBody: .octetStream(Data("\u{1}raw".utf8))))
        #expect(raw.headers_?["content-type"] == "application/octet-stream")
        #expect(raw.body == "\u{1}raw")

        // An optional body of several media types: none is sent when none is chosen.
        let none = try await client.send(HTPutBodiesMaybeNoteRequest())
        #expect(none.body == "" && none.headers_?["content-type"] == nil)
        let text = try await client.send(HTPutBodiesMaybeNoteRequest(requestBody: .text(Data("plain".utf8))))
        #expect(text.headers_?["content-type"] == "text/plain" && text.body == "plain")
    }

    /// Each part as its `encoding` entry says: the first concrete type of a list, a wildcard left to the
    /// default, a part's declared headers with the app's values; the app's file names and types.
    @Test func aMultipartBodyHonoursItsEncoding() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
        let body = HTUploadBodiesPartsRequestBody(photo: photo) {
            $0.scans = [Data("one".utf8), Data("two".utf8)]
            $0.meta = HTNote(title: "m")
            $0.caption = "ünï"
            $0.plain = "p"
        }
        // The defaults: file names are the fields', types the document's (or application/octet-stream).
        var request = HTUploadBodiesPartsRequest(requestBody: body)
        let plain = try #require(try await client.send(request).parts)
        #expect(plain.map(\.name) == ["photo", "scans", "scans", "meta", "caption", "plain"])
        #expect(plain[0].filename.value == "photo" && plain[0].contentType.value == "image/png")
        #expect(plain[0].headers_?["x-checksum"] == nil)
        #expect(plain[1].filename.value == "scans" && plain[1].contentType.value == "application/octet-stream")
        #expect(plain[1].size == 3 && plain[2].size == 3)
        #expect(plain[3].contentType.value == "application/vnd.note+json" && plain[3].text.value == #"{"title":"m"}"#)
        #expect(plain[4].contentType.value == "text/plain; charset=utf-8" && plain[4].text.value == "ünï")
        #expect(plain[4].headers_?["x-lang"] == nil)
        #expect(plain[5].contentType.value == nil && plain[5].text.value == "p")

        // The app's file names and types, and the part headers it sets.
        request.photoFile = HTMultipartFileInfo(fileName: "rex.jpg", contentType: "image/jpeg")
        request.scansFiles = [HTMultipartFileInfo(fileName: "scan-1.tiff", contentType: "image/tiff")]
        request.photoXChecksum = "sha-1"
        request.captionXLang = "fr"
        let set = try #require(try await client.send(request).parts)
        #expect(set[0].filename.value == "rex.jpg" && set[0].contentType.value == "image/jpeg")
        #expect(set[0].headers_?["x-checksum"] == "sha-1" && set[0].size == photo.count)
        #expect(set[1].filename.value == "scan-1.tiff" && set[1].contentType.value == "image/tiff")
        // A file the list does not describe keeps the defaults.
        #expect(set[2].filename.value == "scans" && set[2].contentType.value == "application/octet-stream")
        #expect(set[4].headers_?["x-lang"] == "fr")
    }

    /// A generated request for a large non-JSON body downloaded to a file: its `Accept`, the bearer
    /// token its security requirement needs, progress up to the whole body, the bytes as sent.
    @Test func aLargeBinaryResponseIsDownloadedWithItsAcceptAndCredentials() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.credentials = ["bearer": .value("t-1")]
        let client = HTClient(configuration: configuration)
        let folder = try TestSupport.temporaryDirectory("bodies-download")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("archive.zip")
        let size = 3 * 1024 * 1024 + 17
        let seen = ProgressLog()
        let response = try await client.download(
            HTGetBodiesArchiveRequest(size: size, chunk: 64 * 1024), to: destination
        ) { progress in seen.append(progress) }
        #expect(response.value.byteCount == Int64(size))
        #expect(response.raw.header("X-Seen-Accept") == "application/zip")
        #expect(response.raw.header("X-Seen-Authorization") == "Bearer t-1")
        let contents = try Data(contentsOf: destination)
        #expect(contents.count == size)
        #expect(contents.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
        let progress = seen.values
        #expect(!progress.isEmpty)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(progress.last?.completedBytes == Int64(size))
    }

    /// Downloads follow a request's security as sends do: none for `security: []`, and a requirement the
    /// client cannot meet fails before anything is sent (`Specs/credentials.openapi.yaml`).
    @Test func downloadsFollowTheSecurityOfTheRequest() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let sent = SentCount()
        var configuration = HTClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent("echo"),
            interceptors: [HTBlockInterceptor(adapt: { _, _ in sent.add() })])
        configuration.credentials = ["bearer": .value("t-1")]
        let client = HTClient(configuration: configuration)
        let folder = try TestSupport.temporaryDirectory("bodies-security")
        defer { try? FileManager.default.removeItem(at: folder) }

        let publicFile = folder.appendingPathComponent("public.json")
        _ = try await client.download(HTCredPublicRequest(), to: publicFile)
        let publicEcho = try HTCredentialEcho.htMap(HTJSONParser().parse(Data(contentsOf: publicFile)))
        #expect(publicEcho.query != nil && publicEcho.headers_?["authorization"] == nil)

        let profileFile = folder.appendingPathComponent("profile.json")
        _ = try await client.download(HTCredProfileRequest(), to: profileFile)
        let profileEcho = try HTCredentialEcho.htMap(HTJSONParser().parse(Data(contentsOf: profileFile)))
        #expect(profileEcho.headers_?["authorization"] == "Bearer t-1")
        #expect(sent.count == 2)

        let missingFile = folder.appendingPathComponent("missing.json")
        do {
            _ = try await client.download(HTCredKeyAndSessionRequest(), to: missingFile)
            Issue.record("downloaded without its credentials")
        } catch {
            guard case .missingCredentials(let schemes) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(schemes == ["apiKey", "session"])
        }
        #expect(sent.count == 2)
        #expect(!FileManager.default.fileExists(atPath: missingFile.path))
    }

    /// An operation's own server is where its download goes.
    @Test func aDownloadGoesToTheOperationsOwnServer() async throws {
        let reached = URLLog()
        let answering = AnsweringInterceptor(log: reached)
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try #require(URL(string: "http://127.0.0.1:1/api")), interceptors: [answering]))
        let folder = try TestSupport.temporaryDirectory("bodies-server")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await client.download(HTGetMediaElsewhereRequest(), to: folder.appendingPathComponent("e.json"))
        #expect(file.value.byteCount == 2)
        #expect(reached.values.map { $0?.absoluteString } == ["http://localhost:9/echo/elsewhere"])
    }
}

/// Progress values as a download reports them (from a URLSession queue).
private final class ProgressLog: Sendable {
    private let storage = Mutex<[HTTransferProgress]>([])
    func append(_ value: HTTransferProgress) { storage.withLock { $0.append(value) } }
    var values: [HTTransferProgress] { storage.withLock { $0 } }
}

/// URLs an interceptor saw.
private final class URLLog: Sendable {
    private let storage = Mutex<[URL?]>([])
    func append(_ value: URL?) { storage.withLock { $0.append(value) } }
    var values: [URL?] { storage.withLock { $0 } }
}

/// Answers `{}` itself, noting where each request would have gone.
private struct AnsweringInterceptor: HTInterceptor {
    let log: URLLog
    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        log.append(request.url)
        return HTTransportResponse(statusCode: 200, body: Data("{}".utf8))
    }
}

/// How many requests reached the interceptors.
private final class SentCount: Sendable {
    private let storage = Mutex(0)
    func add() { storage.withLock { $0 += 1 } }
    var count: Int { storage.withLock { $0 } }
}
