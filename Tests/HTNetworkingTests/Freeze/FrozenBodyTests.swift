import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests with their own body (`HTRequestBody`) frozen while offline and resent: the journal keeps the
/// bytes, the content type (with the multipart boundary) and the query, and the resend sends them again.
@Suite("Frozen requests with a body of their own", .timeLimit(.minutes(3)))
struct FrozenBodyTests {
    private func frozenID(_ body: () async throws(HTNetworkingError) -> HTJSON) async -> String? {
        do {
            let value = try await body()
            Issue.record("expected a frozen error, got \(value)")
        } catch {
            if let id = error.frozenID { return id }
            Issue.record("expected a frozen error, got \(error)")
        }
        return nil
    }

    private func makeManager(_ folder: FreezeTemporaryFolder, _ monitor: any HTConnectivityMonitor) throws
        -> HTFreezeManager
    {
        try HTFreezeManager(directory: folder.url, monitor: monitor, configuration: .init())
    }

    @Test("a multipart and a data body: kept as built, resent byte for byte with the same headers and query")
    func resendsTheSameBytes() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()
        try await server.start()
        defer { server.stop() }
        let monitor = HTManualConnectivityMonitor(.unreachable)
        let manager = try makeManager(folder, monitor)
        let client = HTClient(baseURL: server.baseURL)
        let multipart = BodyRequest<IdempotentRoute>(
            parameters: ["lang": "en"],
            body: .multipart([
                HTMultipartPart(name: "title", value: "Holiday"),
                HTMultipartPart(name: "photo", data: Data("photo bytes\r\n--not a boundary".utf8), fileName: "p.jpg"),
            ]))
        let data = BodyRequest<IdempotentRoute>(
            parameters: ["v": 2], body: .data(Data("raw,csv,line\n".utf8), contentType: "text/csv"))
        let multipartID = try #require(
            await frozenID { () async throws(HTNetworkingError) in try await manager.send(multipart, via: client) })
        let dataID = try #require(
            await frozenID { () async throws(HTNetworkingError) in try await manager.send(data, via: client) })

        let stored = try #require(try await manager.frozenRequest(id: multipartID))
        let contentType = try #require(stored.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary=HTNetworking-"))
        let storedBody = try #require(stored.body)
        let parts = try #require(parseMultipart(storedBody, contentType: contentType))
        #expect(parts.map(\.content) == [Data("Holiday".utf8), Data("photo bytes\r\n--not a boundary".utf8)])
        #expect(stored.url.absoluteString == server.baseURL.absoluteString + "/idempotent?lang=en")
        let storedData = try #require(try await manager.frozenRequest(id: dataID))
        #expect(storedData.body == Data("raw,csv,line\n".utf8))
        #expect(storedData.headers["Content-Type"] == "text/csv")
        // On disk as in memory.
        #expect(try folder.journalCopy().entries == [stored, storedData])

        // The same multipart call frozen again is kept once, although its boundary on the wire differs.
        let again = await frozenID { () async throws(HTNetworkingError) in
            try await manager.send(multipart, via: client)
        }
        #expect(again == multipartID)
        var other = multipart
        other.body = .multipart([HTMultipartPart(name: "title", value: "Other")])
        let otherID = await frozenID { () async throws(HTNetworkingError) in try await manager.send(other, via: client)
        }
        #expect(otherID != nil && otherID != multipartID)
        var otherType = data
        otherType.body = .data(Data("raw,csv,line\n".utf8), contentType: "text/plain")
        let otherTypeID = await frozenID { () async throws(HTNetworkingError) in
            try await manager.send(otherType, via: client)
        }
        #expect(otherTypeID != nil && otherTypeID != dataID)

        // Resent through a client whose interceptor records what goes out.
        let recorder = RecordingInterceptor()
        var configuration = HTClientConfiguration(baseURL: server.baseURL, logger: quietLogger)
        configuration.interceptors = [recorder]
        let resender = HTClient(configuration: configuration)
        await manager.setup(delegate: FreezeOneClient(resender), startMonitoring: false)
        monitor.set(.reachable(isExpensive: false))
        let summary = await manager.resendNow()
        #expect(summary.succeeded == 4)
        let sent = recorder.seen.values
        let resentMultipart = try #require(
            sent.first { $0.value(forHTTPHeaderField: "Idempotency-Key") == multipartID })
        #expect(resentMultipart.httpBody == stored.body)
        #expect(resentMultipart.value(forHTTPHeaderField: "Content-Type") == contentType)
        #expect(resentMultipart.url == stored.url)
        #expect(resentMultipart.httpMethod == "POST")
        let resentData = try #require(sent.first { $0.value(forHTTPHeaderField: "Idempotency-Key") == dataID })
        #expect(resentData.httpBody == Data("raw,csv,line\n".utf8))
        #expect(resentData.value(forHTTPHeaderField: "Content-Type") == "text/csv")
        #expect(resentData.url?.query == "v=2")
        // And the server got those bytes.
        let ledger = try await FreezeLedger(server)
        #expect(ledger.bodies[multipartID] == String(decoding: storedBody, as: UTF8.self))
        #expect(ledger.bodies[dataID] == "raw,csv,line\n")
    }
}
