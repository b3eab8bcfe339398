import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The permission bits of the file or folder at `path`, or `nil` when there is none.
private func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

/// What ``PeekingUploadTransport`` saw of the body file while the upload was in flight.
private struct SeenBodyFile: Sendable {
    var path: String
    var fileMode: mode_t?
    var folderMode: mode_t?
}

/// The URLSession transport, noting the body file's place and modes when an upload starts.
private struct PeekingUploadTransport: HTUploadTransport {
    let base = HTURLSessionTransport()
    let seen = HTLocked<[SeenBodyFile]>([])

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        try await base.send(request)
    }

    func upload(_ request: URLRequest, fromFile file: URL) async throws -> HTTransportResponse {
        try await upload(request, fromFile: file, options: HTTransportOptions())
    }

    func upload(_ request: URLRequest, fromFile file: URL, options: HTTransportOptions) async throws
        -> HTTransportResponse
    {
        let folder = file.deletingLastPathComponent().path
        seen.withLock {
            $0.append(SeenBodyFile(path: file.path, fileMode: mode(file.path), folderMode: mode(folder)))
        }
        return try await base.upload(request, fromFile: file, options: options)
    }
}

@Suite("Transfers: upload bodies stay private", .timeLimit(.minutes(3)))
struct TransferUploadPrivacyTests {
    typealias Support = SchedulingTestSupport

    @Test("the body file is 0600 in a 0700 folder while in flight, and gone after success and failure")
    func privateWhileInFlight() async throws {
        let root = try TestSupport.temporaryDirectory("upload-privacy")
        defer { try? FileManager.default.removeItem(at: root) }
        let uploads = root.appendingPathComponent("Uploads", isDirectory: true)
        let server = try await Support.server()
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.uploadDirectory = uploads
        let transport = PeekingUploadTransport()
        let client = HTClient(configuration: configuration, transport: transport)

        var form = HTMultipartFormData()
        form.append("hunter2", name: "password")
        let result = try await client.upload(UploadRequest(title: "t"), form: form)
        #expect(result.field("password") == "hunter2")
        let error = await Support.error { () async throws(HTNetworkingError) in
            try await client.upload(RejectedUploadRequest(), form: form)
        }
        #expect(Support.status(error) == 413)

        let seen = transport.seen.withLock { $0 }
        #expect(seen.count == 2)
        for file in seen {
            #expect(file.path.hasPrefix(uploads.path + "/"), "the body was written outside the upload folder")
            #expect(file.fileMode == 0o600)
            #expect(file.folderMode == 0o700)
            #expect(mode(file.path) == nil, "the body file outlived its upload")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty)
    }

    @Test("a body file left by a killed upload is removed when the next client is made; a running one is kept")
    func leftoverSweptAtNextStart() throws {
        let uploads = try TestSupport.temporaryDirectory("upload-leftover")
        defer { try? FileManager.default.removeItem(at: uploads) }
        let leftover = uploads.appendingPathComponent("upload-\(UUID().uuidString).multipart")
        try Data("password=hunter2".utf8).write(to: leftover)
        // A running upload's file: held under its lock (as by another process).
        let running = uploads.appendingPathComponent("upload-\(UUID().uuidString).multipart")
        let lock = try HTFileLock(path: running.path, flags: O_CREAT | O_EXCL)
        let unrelated = uploads.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: unrelated)

        var configuration = HTClientConfiguration(baseURL: URL(fileURLWithPath: "/"))
        configuration.uploadDirectory = uploads
        _ = HTClient(configuration: configuration)

        #expect(!FileManager.default.fileExists(atPath: leftover.path), "the killed upload's body was not removed")
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
        withExtendedLifetime(lock) {}
    }

    @Test("sweeps racing with uploads never remove a running upload's body file")
    func sweepsRaceUploads() async throws {
        let uploads = try TestSupport.temporaryDirectory("upload-race")
        defer { try? FileManager.default.removeItem(at: uploads) }
        var form = HTMultipartFormData()
        form.append("hunter2", name: "password")
        let sweeping = HTLocked(true)
        let sweeper = Task.detached {
            var sweeps = 0
            while sweeping.withLock({ $0 }) {
                HTUploadBodyFile.sweepLeftovers(in: uploads)
                sweeps += 1
                await Task.yield()
            }
            return sweeps
        }
        var lost = 0
        for _ in 0..<300 {
            let body = try HTUploadBodyFile.create(in: uploads)
            _ = try body.write(form)
            HTUploadBodyFile.sweepLeftovers(in: uploads)
            if (try? Data(contentsOf: body.url)).map({ $0.count }) != Int(try form.contentLength()) { lost += 1 }
            body.remove()
        }
        sweeping.withLock { $0 = false }
        let sweeps = await sweeper.value
        #expect(lost == 0, "\(lost) running uploads lost their body file to \(sweeps) sweeps")
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty)
    }

    @Test("writeBody(to:) makes a new body file 0600 whatever the umask")
    func writeBodyIsPrivate() throws {
        let folder = try TestSupport.temporaryDirectory("upload-write")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body.multipart")
        var form = HTMultipartFormData()
        form.append("hunter2", name: "password")
        let written = try form.writeBody(to: file)
        #expect(written == (try form.contentLength()))
        #expect(mode(file.path) == 0o600)
    }
}
