import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request runtime against URLSession + JSONDecoder, in this process, against the loopback test
/// server (`Tests/HTTestSupport/Server/test_server.py`, so run it from a checkout):
///
/// 1. `client.send` of a request whose ~10 KB JSON response (seven GitHub users) maps to models,
///    against `URLSession.data(for:)` followed by `JSONDecoder` into Codable structs, sequentially;
/// 2. the runtime's own overhead per request: `client.send` over an in-memory transport answering the
///    same bytes, minus parsing and mapping those bytes directly;
/// 3. throughput with 64 requests in flight, both ways, with the p50 and p99 latency of a request.
///
/// `swift run -c release ht-bench --client`
enum ClientBench {
    /// `GET /json?file=users.json`: the seven users.
    struct UsersRequest: HTBaseRequest, Sendable {
        typealias Response = [HTGithubUser]
        static let method: HTHTTPMethod = .get
        static let path = "/json?file=users.json"
    }

    /// Answers every request with the same bytes, at once.
    struct MemoryTransport: HTTransport {
        let body: Data
        func send(_ request: URLRequest) async throws -> HTTransportResponse {
            HTTransportResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
    }

    /// Runs the measurements and prints them.
    static func run() async throws {
        let corpus = BenchCorpus.locate(override: nil)
        let user = try BenchCorpus.load("github-user.json", in: corpus)
        let body = Data("[".utf8) + Array(repeating: user, count: 7).joined(separator: Data(",".utf8)) + Data("]".utf8)
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("ht-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        try body.write(to: fixtures.appendingPathComponent("users.json"))

        let server = try Server(fixtures: fixtures)
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        let session = URLSession(configuration: configuration)
        // The client's transport as apps get it: a session of its own, with the delegate that applies the
        // size limit and the redirect policy; the baseline's session has the same configuration.
        let transport = HTURLSessionTransport(configuration: configuration)
        // Every request of the run is the same GET: the comparison is one network call each, not shared.
        var clientConfiguration = HTClientConfiguration(baseURL: server.baseURL)
        clientConfiguration.sharesInFlightCalls = false
        let client = HTClient(configuration: clientConfiguration, transport: transport)
        let url = server.baseURL.appendingPathComponent("json").absoluteString + "?file=users.json"
        guard let requestURL = URL(string: url) else { throw URLError(.badURL) }
        let decoder = JSONDecoder()
        print("ht-bench --client: \(body.count) bytes per response, 7 models, loopback server on port \(server.port)")

        // Check both sides decode what they should before timing them.
        let check = try await client.send(UsersRequest())
        let (checkData, _) = try await session.data(for: URLRequest(url: requestURL))
        let checkCodable = try decoder.decode([CodableGithubUser].self, from: checkData)
        guard check.count == 7, checkCodable.count == 7, check[0].login == checkCodable[0].login else {
            throw URLError(.cannotDecodeContentData)
        }

        // 1. Sequential requests in alternating batches of 25 (which side goes first alternates too); the
        // ratio is the median of the per-pair ratios, which cancels the drift of a loaded machine.
        var ours: [Double] = []
        var theirs: [Double] = []
        var ratios: [Double] = []
        let clock = ContinuousClock()
        for pair in 0..<61 {
            let sendOurs = { try await perCall(25, clock) { blackHole(try await client.send(UsersRequest())) } }
            let sendTheirs = {
                try await perCall(25, clock) {
                    let (data, _) = try await session.data(for: URLRequest(url: requestURL))
                    blackHole(try decoder.decode([CodableGithubUser].self, from: data))
                }
            }
            let our: Double
            let their: Double
            if pair.isMultiple(of: 2) {
                our = try await sendOurs()
                their = try await sendTheirs()
            } else {
                their = try await sendTheirs()
                our = try await sendOurs()
            }
            ours.append(our)
            theirs.append(their)
            ratios.append(our / their)
        }
        let send = BenchClock.median(ours)
        let baseline = BenchClock.median(theirs)
        let sorted = ratios.sorted()
        print(String(format: "client.send (map to models)        %8.1f µs/request", send * 1e6))
        print(String(format: "URLSession data(for:) + JSONDecoder %8.1f µs/request", baseline * 1e6))
        print(
            String(
                format:
                    "ratio                               %8.2f× (target ≤ 1.00×; middle half of the pairs %.2f–%.2f)",
                BenchClock.median(ratios), sorted[sorted.count / 4], sorted[sorted.count * 3 / 4]))

        // Where the time goes: each transfer alone, each decoder alone on the same bytes, and the client's
        // response step (status, serializer, validator, mapping) on a response just received.
        let clientRequest = try client.urlRequest(for: UsersRequest())
        var transportOnly: [Double] = []
        var sessionOnly: [Double] = []
        var appSessionTransportOnly: [Double] = []
        let appSessionTransport = HTURLSessionTransport(session: session)
        var appSessionConfiguration = clientConfiguration
        appSessionConfiguration.sharesInFlightCalls = false
        let appSessionClient = HTClient(configuration: appSessionConfiguration, transport: appSessionTransport)
        var receivedThenMapped: [Double] = []
        var decoderOnly: [Double] = []
        var parsedThenMapped: [Double] = []
        var decodedAfterSend: [Double] = []
        var mappedAfterIdle: [Double] = []
        let received = try await transport.send(clientRequest)
        for _ in 0..<21 {
            transportOnly.append(try await perCall(100, clock) { blackHole(try await transport.send(clientRequest)) })
            sessionOnly.append(
                try await perCall(100, clock) { blackHole(try await session.data(for: URLRequest(url: requestURL))) })
            appSessionTransportOnly.append(
                try await perCall(100, clock) { blackHole(try await appSessionTransport.send(clientRequest)) })
            receivedThenMapped.append(
                try await perCallAfter(100, clock) {
                    try await transport.send(clientRequest)
                } measured: { raw in
                    blackHole(try client.map(raw, for: UsersRequest()))
                })
            decoderOnly.append(
                try await perCall(1000, clock) { blackHole(try decoder.decode([CodableGithubUser].self, from: body)) })
            // The same cold start without the client: how much of it any decoder pays right after a send.
            parsedThenMapped.append(
                try await perCallAfter(100, clock) {
                    try await transport.send(clientRequest)
                } measured: { raw in
                    var context = HTMappingContext(options: .lenient)
                    blackHole(try [HTGithubUser].htMap(try HTJSONParser().parse(raw.body), context: &context))
                })
            // The control: no send at all, the task only sleeps as long as a send takes. What the core
            // loses while it waits (its caches, its clock) is the platform's, not the client's.
            mappedAfterIdle.append(
                try await perCallAfter(100, clock) {
                    try await Task.sleep(for: .milliseconds(1))
                    return received
                } measured: { raw in
                    blackHole(try client.map(raw, for: UsersRequest()))
                })
            decodedAfterSend.append(
                try await perCallAfter(100, clock) {
                    try await session.data(for: URLRequest(url: requestURL)).0
                } measured: { data in
                    blackHole(try decoder.decode([CodableGithubUser].self, from: data))
                })
        }
        let transportTime = BenchClock.median(transportOnly)
        print(
            String(
                format: "  HTURLSessionTransport.send alone  %8.1f µs (its own session and delegate)",
                transportTime * 1e6))
        print(String(format: "  URLSession data(for:) alone       %8.1f µs", BenchClock.median(sessionOnly) * 1e6))
        print(
            String(
                format:
                    "  the same over the app's session   %8.1f µs (data(for:): no size limit while receiving, no redirect policy)",
                BenchClock.median(appSessionTransportOnly) * 1e6))
        let mapAfterSend = BenchClock.median(receivedThenMapped)
        print(
            String(
                format: "  client.map right after the send   %8.1f µs (timed alone; in a hot loop: see below)",
                mapAfterSend * 1e6))
        print(String(format: "  JSONDecoder alone, in a hot loop  %8.1f µs", BenchClock.median(decoderOnly) * 1e6))

        // 2. The runtime's own overhead: everything but the transport and the parse + map.
        let memoryClient = HTClient(baseURL: server.baseURL, transport: MemoryTransport(body: body))
        var inMemory: [Double] = []
        var mapOnly: [Double] = []
        var clientMapOnly: [Double] = []
        for _ in 0..<21 {
            clientMapOnly.append(
                try await perCall(2000, clock) { blackHole(try client.map(received, for: UsersRequest())) })
            inMemory.append(try await perCall(2000, clock) { blackHole(try await memoryClient.send(UsersRequest())) })
            mapOnly.append(
                try await perCall(2000, clock) {
                    var context = HTMappingContext(options: .lenient)
                    blackHole(try [HTGithubUser].htMap(try HTJSONParser().parse(body), context: &context))
                })
        }
        let memory = BenchClock.median(inMemory)
        let mapping = BenchClock.median(mapOnly)
        print(String(format: "client.send, in-memory transport    %8.1f µs/request", memory * 1e6))
        print(String(format: "parse + map the same bytes          %8.1f µs", mapping * 1e6))
        print(String(format: "runtime overhead                    %8.1f µs/request", (memory - mapping) * 1e6))
        print(
            String(
                format: "client.map of a received response   %8.1f µs in a hot loop, %.2f× parse + map",
                BenchClock.median(clientMapOnly) * 1e6, BenchClock.median(clientMapOnly) / mapping))
        print(
            String(
                format: "client.map right after the send     %8.2f× parse + map in a hot loop (target ≤ 1.5×)",
                mapAfterSend / mapping))
        // What a send leaves cold (caches, allocator) costs every decoder: the same ratio without the client,
        // and for JSONDecoder.
        print(
            String(
                format: "  parse + map right after the send  %8.1f µs, %.2f× the hot loop",
                BenchClock.median(parsedThenMapped) * 1e6, BenchClock.median(parsedThenMapped) / mapping))
        print(
            String(
                format:
                    "  client.map after 1 ms asleep      %8.1f µs, %.2f× parse + map in a hot loop (no send: the idle core's part)",
                BenchClock.median(mappedAfterIdle) * 1e6, BenchClock.median(mappedAfterIdle) / mapping))
        print(
            String(
                format: "  JSONDecoder right after the send  %8.1f µs, %.2f× the hot loop",
                BenchClock.median(decodedAfterSend) * 1e6,
                BenchClock.median(decodedAfterSend) / BenchClock.median(decoderOnly)))

        // 3. Throughput with 64 requests in flight, and each request's latency in that run: rounds of
        // `total` requests a side, alternating which side goes first, their latencies pooled (one run a
        // side moved p50 by 20 % from run to run on a quiet machine).
        let total = 600
        var ours64 = Throughput(rate: 0, latencies: [])
        var theirs64 = Throughput(rate: 0, latencies: [])
        let sendOurs: @Sendable () async throws -> Void = { blackHole(try await client.send(UsersRequest())) }
        let sendTheirs: @Sendable () async throws -> Void = {
            let (data, _) = try await session.data(for: URLRequest(url: requestURL))
            blackHole(try decoder.decode([CodableGithubUser].self, from: data))
        }
        // Each round's ratios too, whose median cancels the drift of a machine that is busy at times.
        var rateRatios: [Double] = []
        var p50Ratios: [Double] = []
        var p99Ratios: [Double] = []
        for round in 0..<16 {
            let our: Throughput
            let their: Throughput
            if round.isMultiple(of: 2) {
                our = try await throughput(total: total, inFlight: 64, clock, sendOurs)
                their = try await throughput(total: total, inFlight: 64, clock, sendTheirs)
            } else {
                their = try await throughput(total: total, inFlight: 64, clock, sendTheirs)
                our = try await throughput(total: total, inFlight: 64, clock, sendOurs)
            }
            ours64.add(our)
            theirs64.add(their)
            rateRatios.append(our.rate / their.rate)
            p50Ratios.append(our.percentile(0.50) / their.percentile(0.50))
            p99Ratios.append(our.percentile(0.99) / their.percentile(0.99))
        }
        print(String(format: "64 in flight: client.send           %8.0f requests/s", ours64.rate))
        print(String(format: "64 in flight: URLSession + decoder  %8.0f requests/s", theirs64.rate))
        print(
            String(
                format: "  latency, client.send              p50 %8.1f ms, p99 %8.1f ms",
                ours64.percentile(0.50) * 1e3, ours64.percentile(0.99) * 1e3))
        print(
            String(
                format: "  latency, URLSession + decoder     p50 %8.1f ms, p99 %8.1f ms",
                theirs64.percentile(0.50) * 1e3, theirs64.percentile(0.99) * 1e3))
        print(
            String(
                format:
                    "  median of 16 rounds' ratios       requests/s %.2f×, p50 %.2f×, p99 %.2f× (targets ≥ 1.00×, ≤ 1.00×, ≤ 1.00×)",
                BenchClock.median(rateRatios), BenchClock.median(p50Ratios), BenchClock.median(p99Ratios)))
        // Where the latency goes: each side's transfer alone, and the client over the app's session
        // (data(for:), whose answer resumes the client's task on the cooperative pool).
        let parts: [(String, @Sendable () async throws -> Void)] = [
            ("HTURLSessionTransport.send alone", { blackHole(try await transport.send(clientRequest)) }),
            ("URLSession data(for:) alone", { blackHole(try await session.data(for: URLRequest(url: requestURL))) }),
            ("client.send over the app's session", { blackHole(try await appSessionClient.send(UsersRequest())) }),
        ]
        for (name, body) in parts {
            let run = try await throughput(total: 3000, inFlight: 64, clock, body)
            print(
                String(
                    format: "  %@ %6.0f/s, p50 %6.1f ms, p99 %6.1f ms",
                    name.padding(toLength: 35, withPad: " ", startingAt: 0), run.rate,
                    run.percentile(0.5) * 1e3, run.percentile(0.99) * 1e3))
        }
    }

    /// The mean time of one of `count` sequential calls of `body`, in seconds.
    private static func perCall(
        _ count: Int, _ clock: ContinuousClock, _ body: () async throws -> Void
    ) async throws -> Double {
        let elapsed = try await clock.measure {
            for _ in 0..<count { try await body() }
        }
        return elapsed.seconds / Double(count)
    }

    /// What a run with many requests in flight measured: requests per second, and the latency of each
    /// request (from its start to its end, in seconds).
    struct Throughput {
        var rate: Double
        var latencies: [Double]
        /// The seconds the runs took, when rounds are pooled.
        var seconds: Double = 0

        /// Pools `run` into these figures: the latencies together, the rate over both runs' time.
        mutating func add(_ run: Throughput) {
            let seconds = Double(run.latencies.count) / run.rate
            self.seconds += seconds
            latencies += run.latencies
            rate = Double(latencies.count) / self.seconds
        }

        /// The latency that `fraction` of the requests did not exceed (nearest rank).
        func percentile(_ fraction: Double) -> Double {
            let sorted = latencies.sorted()
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((fraction * Double(sorted.count)).rounded(.up))
            return sorted[min(max(rank, 1), sorted.count) - 1]
        }
    }

    /// The mean time of `measured` on what `before` returns, over `count` sequential calls of both (only
    /// `measured` is timed), in seconds.
    private static func perCallAfter<Value>(
        _ count: Int, _ clock: ContinuousClock, _ before: () async throws -> Value,
        measured: (Value) throws -> Void
    ) async throws -> Double {
        var total = Duration.zero
        for _ in 0..<count {
            let value = try await before()
            total += try clock.measure { try measured(value) }
        }
        return total.seconds / Double(count)
    }

    /// Requests per second when `total` calls of `body` run with `inFlight` at a time, and the latency
    /// of each call.
    private static func throughput(
        total: Int, inFlight: Int, _ clock: ContinuousClock, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> Throughput {
        var latencies: [Double] = []
        latencies.reserveCapacity(total)
        let timed: @Sendable () async throws -> Double = {
            let start = ContinuousClock.now
            try await body()
            return (ContinuousClock.now - start).seconds
        }
        let elapsed = try await clock.measure {
            try await withThrowingTaskGroup(of: Double.self) { group in
                var started = 0
                while started < min(inFlight, total) {
                    group.addTask(operation: timed)
                    started += 1
                }
                while let latency = try await group.next() {
                    latencies.append(latency)
                    if started < total {
                        group.addTask(operation: timed)
                        started += 1
                    }
                }
            }
        }
        return Throughput(rate: Double(total) / elapsed.seconds, latencies: latencies)
    }

    /// The loopback test server as a child process.
    final class Server {
        let port: Int
        let baseURL: URL
        private let process: Process
        private let input: Pipe

        init(fixtures: URL) throws {
            let script = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tests/HTTestSupport/Server/test_server.py")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // The server writes a response's headers and body in two sends; on a kept-alive connection
            // Nagle's algorithm then waits for the client's delayed ACK (40 ms on Linux) before the body.
            // The tests don't care, a benchmark does: the script is loaded with TCP_NODELAY on.
            let bootstrap = """
                import importlib.util, sys
                spec = importlib.util.spec_from_file_location("test_server", sys.argv[1])
                server = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(server)
                server.Handler.disable_nagle_algorithm = True
                sys.exit(server.main(sys.argv[2:]))
                """
            process.arguments = ["python3", "-c", bootstrap, script.path, "--fixtures", fixtures.path]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8)
            {
                line += byte
            }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)),
                let url = URL(string: "http://127.0.0.1:\(port)")
            else {
                process.terminate()
                throw URLError(.cannotConnectToHost)
            }
            self.process = process
            self.input = input
            self.port = port
            self.baseURL = url
        }

        /// Ends the server (it also exits by itself when this process ends and its stdin closes).
        func stop() {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
    }
}
