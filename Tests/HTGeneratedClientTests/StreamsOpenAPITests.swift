import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #38, part 3: streamed success responses through the generated requests of
/// `Specs/streams.openapi.yaml` and the loopback server's `/stream` routes: server-sent events
/// (dripped byte by byte, split at every byte boundary, resumed by `Last-Event-ID`), JSON Lines, NDJSON
/// and JSON text sequences; the first event arrives before the stream ends, reading stops the server
/// when the reader is behind, and cancelling closes the connection.
@Suite(.timeLimit(.minutes(5))) struct StreamsOpenAPITests {
    /// What `/stream/sse` dispatches (test_server.py `SSE_STREAM`).
    static let expectedEvents: [HTServerSentEvent<String>] = [
        HTServerSentEvent(data: "one"),
        HTServerSentEvent(event: "update", data: #"{"price": 1}"#, id: "7"),
        HTServerSentEvent(data: "first\nsecond", id: "7"),
        HTServerSentEvent(data: "", id: "7", retry: 25),
        HTServerSentEvent(data: "été", id: "8"),
    ]
    /// The length of `SSE_STREAM` in bytes.
    static let streamLength = 185

    static func collect<Element>(_ stream: HTStream<Element>) async throws -> [Element] {
        var elements: [Element] = []
        for try await element in stream { elements.append(element) }
        return elements
    }

    static func stats(_ client: HTClient, _ server: LoopbackServer, key: String) async throws -> HTJSON {
        let raw = try await client.rawResponse(for: URLRequest(url: try server.url("/stream/stats?key=\(key)")))
        return try HTJSONParser().parse(raw.body)
    }

    /// Polls `/stream/stats` until `done` holds (at most about 30 s).
    static func waitForStats(
        _ client: HTClient, _ server: LoopbackServer, key: String, until done: (HTJSON) -> Bool
    ) async throws -> HTJSON {
        var stats = try await Self.stats(client, server, key: key)
        for _ in 0..<600 where !done(stats) {
            try await Task.sleep(for: .milliseconds(50))
            stats = try await Self.stats(client, server, key: key)
        }
        return stats
    }

    @Test func eventsDrippedByteByByte() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let request = HTGetStreamTextEventsRequest()
        #expect(try client.urlRequest(for: request).value(forHTTPHeaderField: "Accept") == "text/event-stream")
        let stream = try await client.events(request)
        #expect(stream.response.statusCode == 200)
        #expect(try await Self.collect(stream) == Self.expectedEvents)
        // `send` still reads the whole body, as text.
        let text = try await client.send(HTGetStreamTextEventsRequest())
        #expect(text.hasPrefix("\u{FEFF}: a comment") && text.hasSuffix("never dispatched"))
    }

    @Test func eventsSplitAtEveryByteBoundary() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        for split in 0...Self.streamLength {
            let events = try await Self.collect(try await client.events(HTGetStreamTextEventsRequest(split: split)))
            #expect(events == Self.expectedEvents, "split at \(split)")
        }
    }

    @Test func theFirstEventArrivesBeforeTheStreamEnds() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let key = "gated-\(UUID().uuidString)"
        let stream = try await client.events(HTGetStreamGatedEventsRequest(key: key))
        var iterator = stream.makeAsyncIterator()
        // The server sends the second event only once released, after the first one has been read.
        #expect(try await iterator.next()?.data == "first")
        var release = URLRequest(url: try server.url("/stream/release?key=\(key)"))
        release.httpMethod = "POST"
        _ = try await client.rawResponse(for: release)
        #expect(try await iterator.next()?.data == "second")
        #expect(try await iterator.next() == nil)
    }

    @Test func eventsWithJSONData() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let events = try await Self.collect(try await client.events(HTGetStreamPriceEventsRequest()))
        #expect(events.map(\.event) == ["price", "price", "price"])
        #expect(events.map(\.data.price) == [1, 2, 3])
    }

    @Test func jsonLinesNDJSONAndSequences() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let lines = try await Self.collect(try await client.values(HTGetStreamItemsRequest(count: 5)))
        #expect(lines.map(\.seq) == [0, 1, 2, 3, 4])
        #expect(lines.map(\.name) == ["item-0", "item-1", "item-2", "item-3", "item-4"])
        #expect(HTGetStreamItemsRequest.streamFormat == .jsonLines)
        let ndjson = try await Self.collect(try await client.values(HTGetStreamNDJSONItemsRequest()))
        #expect(ndjson.map(\.seq) == [0, 1, 2])
        #expect(HTGetStreamSequenceItemsRequest.streamFormat == .jsonSequence)
        let sequence = try await Self.collect(try await client.values(HTGetStreamSequenceItemsRequest()))
        #expect(sequence.map(\.name) == ["item-0", "item-1", "item-2"])
        // `send` still reads the whole body, as bytes.
        let whole: Data = try await client.send(HTGetStreamItemsRequest(count: 2))
        #expect(String(decoding: whole, as: UTF8.self).hasPrefix(#"{"seq": 0"#))
    }

    @Test func aBadItemSaysWhichAndTheItemsBeforeItArrive() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let stream = try await client.values(HTGetStreamItemsRequest(count: 5, bad: 3))
        var seen: [Int] = []
        do {
            for try await item in stream { seen.append(item.seq) }
            Issue.record("a bad item must fail the stream")
        } catch {
            guard case .serialization(let failure) = error.kind else {
                Issue.record("expected a serialization error, got \(error)")
                return
            }
            // Item 4 (seq 3) is on line 6: line 2 and 3 are blank.
            #expect(failure.message.hasPrefix("item 4 (line 6) is not JSON"), "\(failure.message)")
        }
        #expect(seen == [0, 1, 2])
    }

    @Test func aStatusTheRequestDoesNotAcceptThrowsBeforeStreaming() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        do {
            _ = try await client.values(HTGetStreamItemsRequest(count: -1))
            Issue.record("a 400 must throw")
        } catch {
            guard case .status(let code, let body) = error.kind else {
                Issue.record("expected a status error, got \(error)")
                return
            }
            #expect(code == 400)
            #expect(String(decoding: body, as: UTF8.self).contains("count"))
        }
    }

    @Test func reconnectsWithTheLastEventID() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let key = "drop-\(UUID().uuidString)"
        let stream = try await client.events(
            HTGetStreamResumableEventsRequest(key: key),
            reconnect: HTEventStreamReconnection(maximumAttempts: 3, delay: .milliseconds(5)))
        let events = try await Self.collect(stream)
        #expect(events.map(\.data) == ["one", "two", "three", "four"])
        #expect(events.map(\.id) == ["1", "2", "3", "4"])
        let stats = try await Self.stats(client, server, key: key)
        // The first request has no Last-Event-ID; the second resumes after 2; the third after 4 gets 204.
        #expect(stats["last_event_ids"] == [.null, "2", "4"])
        // Without reconnecting, the stream ends with the connection, in the middle of event 3.
        let once = try await Self.collect(
            try await client.events(HTGetStreamResumableEventsRequest(key: key + "-once")))
        #expect(once.map(\.data) == ["one", "two"])
    }

    /// The server writes 64 KiB every 20 ms: slow enough that a reader held up on a loaded machine stays
    /// within the stream's limit, fast enough that it notices the close at once.
    @Test func droppingTheStreamClosesTheConnection() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let key = "drop-stream-\(UUID().uuidString)"
        do {
            let stream = try await client.events(HTGetStreamEndlessEventsRequest(key: key, paceUs: 20_000))
            var count = 0
            for try await _ in stream {
                count += 1
                if count == 3 { break }
            }
        }
        let stats = try await Self.waitForStats(client, server, key: key) { $0["closed"] == true }
        #expect(stats["closed"] == true)
    }

    @Test func cancellingTheReadingTaskClosesTheConnection() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        let key = "cancel-stream-\(UUID().uuidString)"
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            // Whatever happens, the test goes on (an error is checked below).
            defer { startedContinuation.finish() }
            let stream = try await client.events(HTGetStreamEndlessEventsRequest(key: key, paceUs: 20_000))
            var count = 0
            for try await _ in stream {
                count += 1
                if count == 3 { startedContinuation.yield() }
            }
            return count
        }
        for await _ in started { break }
        reader.cancel()
        do {
            _ = try await reader.value
            Issue.record("a cancelled stream must throw")
        } catch let error as HTNetworkingError {
            #expect(error.isCancelled)
        }
        let stats = try await Self.waitForStats(client, server, key: key) { $0["closed"] == true }
        #expect(stats["closed"] == true)
    }

    /// A reader that stops reading holds no more than the stream's limit. On Apple platforms the
    /// session task is suspended past about 1 MiB and resumed (the same request goes on) once the
    /// reader catches up. On Linux, where FoundationNetworking cannot pause a transfer without sending
    /// the request again, a reader more than `maximumResponseSize` (16 MiB here) behind ends the stream
    /// with `responseTooLarge` and the
    /// connection is closed. The server writes at most 64 KiB per 0.5 ms: an unpaced loopback transfer
    /// keeps FoundationNetworking's one work queue (and every other test's requests) busy.
    @Test func aReaderThatFallsBehindHoldsBoundedMemory() async throws {
        let server = try await sharedServer()
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.maximumResponseSize = 16 << 20
        let client = HTClient(configuration: configuration)
        let key = "held-\(UUID().uuidString)"
        let stream = try await client.events(HTGetStreamEndlessEventsRequest(key: key, paceUs: 500))
        var iterator = stream.makeAsyncIterator()
        #if canImport(FoundationNetworking)
            let stats = try await Self.waitForStats(client, server, key: key) { $0["closed"] == true }
            #expect(stats["closed"] == true)
            let written = Int(stats["bytes"]?.intValue ?? 0)
            // The stream's 16 MiB, the session's queue and the sockets' buffers.
            #expect(written < 64 << 20, "the server wrote \(written) bytes to a reader that stopped")
            do {
                while try await iterator.next() != nil {}
                Issue.record("a reader 16 MiB behind must fail")
            } catch {
                guard case .responseTooLarge(let limit) = error.kind else {
                    Issue.record("expected responseTooLarge, got \(error)")
                    return
                }
                #expect(limit == 16 << 20)
            }
        #else
            #expect(try await iterator.next() != nil)
            // Wait until the server's writes stop growing.
            var previous = -1
            var written = 0
            for _ in 0..<150 {
                try await Task.sleep(for: .milliseconds(200))
                written = Int(try await Self.stats(client, server, key: key)["bytes"]?.intValue ?? 0)
                if written == previous { break }
                previous = written
            }
            #expect(written == previous, "the server kept writing: \(written) bytes")
            #expect(written < 64 << 20, "the server wrote \(written) bytes to a reader that stopped")
            // Reading again resumes the transfer: read all that was written, and then some.
            var read = 0
            while read <= written + (1 << 20), let event = try await iterator.next() {
                read += event.data.utf8.count + 8
            }
            let afterStats = try await Self.stats(client, server, key: key)
            #expect(Int(afterStats["bytes"]?.intValue ?? 0) > written)
            // The same request goes on: the transfer was paused, not sent again.
            #expect(afterStats["last_event_ids"] == [.null])
        #endif
    }
}
