import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses through the client against the loopback test server's `/stream/endless` route
/// (`Tests/HTTestSupport/Server/test_server.py`, so run it from a checkout):
///
/// 1. server-sent events of 100 and 1,000 bytes through `client.events`, decoded as `String` events:
///    events per second and bytes per second, against the raw bytes of the same stream through a
///    URLSession data task whose delegate only counts them (the baseline: what the transport can carry);
/// 2. JSON Lines of 100 bytes through `client.values`, parsed into `HTJSON`: values per second;
/// 3. peak memory (the process's high-water resident set, `VmHWM`) over a 1 GB event stream, read first,
///    so that the figure is the stream's, against the resident set before it.
///
/// `swift run -c release ht-bench --stream`
enum StreamBench {
    struct Events: HTEventStreamRequest, Sendable {
        typealias Response = String
        typealias EventPayload = String
        static let method: HTHTTPMethod = .get
        static let path = "/stream/endless"
        var query: HTJSONObject
        var parameters: HTJSONObject { query }
    }

    struct Lines: HTValueStreamRequest, Sendable {
        typealias Response = Data
        typealias StreamValue = HTJSON
        static let method: HTHTTPMethod = .get
        static let path = "/stream/endless"
        static let streamFormat = HTValueStreamFormat.jsonLines
        var query: HTJSONObject
        var parameters: HTJSONObject { query }
    }

    /// How long the server waits after each 64 KiB it writes (`HT_BENCH_PACE_US`, default 1,000 µs, at
    /// most about 65 MB/s): on Linux a reader more than `maximumResponseSize` behind ends the stream
    /// (FoundationNetworking cannot pause it), and an unpaced Python server on the loopback interface
    /// outruns the reader (400 µs did too).
    static let paceMicroseconds = Int(ProcessInfo.processInfo.environment["HT_BENCH_PACE_US"] ?? "") ?? 1000

    static func query(_ bytes: Int, eventBytes: Int, format: String = "sse") -> HTJSONObject {
        [
            "key": .string("bench-\(UUID().uuidString)"), "limit": .string(String(bytes)),
            "event_bytes": .string(String(eventBytes)), "format": .string(format),
            "pace_us": .string(String(paceMicroseconds)),
        ]
    }

    /// Streams `bytes` of the server's endless body from memory in 64 KiB chunks: the client's own
    /// decoding, without the network.
    struct MemoryStream: HTStreamingTransport {
        let batch: Data
        let bytes: Int

        init(eventBytes: Int, format: String, bytes: Int) {
            let item =
                format == "jsonl"
                ? Data(("{\"seq\": 0, \"name\": \"" + String(repeating: "x", count: eventBytes - 23) + "\"}\n").utf8)
                : Data(("data: " + String(repeating: "x", count: eventBytes - 8) + "\n\n").utf8)
            batch = Data(repeatElement(item, count: max(1, 65536 / item.count)).joined())
            self.bytes = bytes
        }

        func send(_ request: URLRequest) async throws -> HTTransportResponse {
            throw URLError(.unsupportedURL)
        }

        func stream(_ request: URLRequest, options: HTTransportOptions) async throws -> HTStreamedResponse {
            let (batch, total) = (self.batch, bytes)
            let chunks = AsyncThrowingStream<Data, any Error>(unfolding: Counter(total: total, batch: batch).next)
            return HTStreamedResponse(head: HTTransportResponse(statusCode: 200), body: HTStreamedBody(chunks))
        }

        final class Counter: Sendable {
            let sent = BenchLocked(0)
            let total: Int
            let batch: Data
            init(total: Int, batch: Data) {
                self.total = total
                self.batch = batch
            }
            @Sendable func next() async -> Data? {
                sent.withLock { sent -> Data? in
                    guard sent < total else { return nil }
                    let chunk = batch.prefix(total - sent)
                    sent += chunk.count
                    return chunk
                }
            }
        }
    }

    static func run() async throws {
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let server = try ClientBench.Server(fixtures: fixtures)
        defer { server.stop() }
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.timeout = 600
        let client = HTClient(configuration: configuration)
        print("ht-bench --stream: loopback server on port \(server.port)")

        let size = 256 << 20
        for eventBytes in [100, 1000] {
            let memoryClient = HTClient(
                baseURL: server.baseURL, transport: MemoryStream(eventBytes: eventBytes, format: "sse", bytes: size))
            let (count, bytes, seconds) = try await events(memoryClient, bytes: size, eventBytes: eventBytes)
            print(
                "events of \(eventBytes) B from memory (decoding only): \(format(Double(count) / seconds)) events/s, \(format(Double(bytes) / seconds / 1e6)) MB/s"
            )
        }
        // 3 before the other network runs: the high-water mark of the resident set is the process's (the
        // decoding from memory above streams without buffering).
        let gigabyte = 1 << 30
        let before = memory("VmRSS")
        let (peakEvents, peakBytes, peakSeconds) = try await events(client, bytes: gigabyte, eventBytes: 100)
        let peak = memory("VmHWM")
        print(
            "1 GB event stream: \(peakEvents) events in \(format(peakSeconds)) s; resident set \(mib(before)) MiB before, peak \(mib(peak)) MiB (+\(mib(peak - before)) MiB)"
        )
        _ = peakBytes

        print("the server waits \(paceMicroseconds) µs after each 64 KiB (HT_BENCH_PACE_US)")
        for eventBytes in [100, 1000] {
            let (count, bytes, seconds) = try await events(client, bytes: size, eventBytes: eventBytes)
            let raw = try await rawBytes(server.baseURL, bytes: size, eventBytes: eventBytes)
            print(
                "events of \(eventBytes) B: \(format(Double(count) / seconds)) events/s, \(format(Double(bytes) / seconds / 1e6)) MB/s through client.events; raw URLSession \(format(Double(raw.bytes) / raw.seconds / 1e6)) MB/s"
            )
        }
        let clock = ContinuousClock()
        let start = clock.now
        var values = 0
        // Whole lines only: a line cut at the end is bad JSON.
        let lines = size / 100 * 100
        for try await _ in try await client.values(Lines(query: query(lines, eventBytes: 100, format: "jsonl"))) {
            values += 1
        }
        let seconds = (clock.now - start).seconds
        print(
            "JSON Lines of 100 B: \(format(Double(values) / seconds)) values/s, \(format(Double(lines) / seconds / 1e6)) MB/s through client.values"
        )
    }

    /// Reads `bytes` of events of `eventBytes` through the client: the count, the bytes and the time.
    static func events(_ client: HTClient, bytes: Int, eventBytes: Int) async throws -> (Int, Int, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        var received = 0
        for try await event in try await client.events(Events(query: query(bytes, eventBytes: eventBytes))) {
            count += 1
            received += event.data.utf8.count + 8
        }
        guard bytes - received < eventBytes else { throw URLError(.cannotParseResponse) }
        return (count, received, (clock.now - start).seconds)
    }

    /// Reads the same stream's bytes (the same pace) through a URLSession data task whose delegate counts them.
    static func rawBytes(_ baseURL: URL, bytes: Int, eventBytes: Int) async throws -> (bytes: Int, seconds: Double) {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("stream/endless"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "key", value: "raw-\(UUID().uuidString)"),
            URLQueryItem(name: "limit", value: "\(bytes)"),
            URLQueryItem(name: "event_bytes", value: "\(eventBytes)"),
            URLQueryItem(name: "pace_us", value: "\(paceMicroseconds)"),
        ]
        guard let url = components?.url else { throw URLError(.badURL) }
        let counter = ByteCounter()
        let session = URLSession(configuration: .ephemeral, delegate: counter, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let clock = ContinuousClock()
        let start = clock.now
        let count = try await withCheckedThrowingContinuation { continuation in
            counter.continuation.withLock { $0 = continuation }
            var request = URLRequest(url: url)
            request.timeoutInterval = 600
            session.dataTask(with: request).resume()
        }
        return (count, (clock.now - start).seconds)
    }

    /// Counts the bytes of one data task and reports the count when it ends.
    final class ByteCounter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked Sendable, safety: both stored properties are `BenchLocked` boxes, touched only under
        // their lock.
        let count = BenchLocked(0)
        let continuation = BenchLocked<CheckedContinuation<Int, any Error>?>(nil)

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            count.withLock { $0 += data.count }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let taken = continuation.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }
            if let error {
                taken?.resume(throwing: error)
            } else {
                taken?.resume(returning: count.withLock { $0 })
            }
        }
    }

    /// A field of `/proc/self/status` in bytes (0 where there is none, e.g. on Apple platforms).
    static func memory(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }

    static func mib(_ bytes: Int) -> String { String(bytes >> 20) }

    static func format(_ value: Double) -> String { String(format: "%.0f", value) }
}

/// A value behind a lock.
final class BenchLocked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable, safety: `value` is private and only touched inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
