import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams through the client without a server: a mock's whole body, a custom streaming transport's
/// chunks, interceptors that see the head, and the buffer's limit.
@Suite struct StreamClientTests {
    struct Ticks: HTEventStreamRequest, Sendable {
        typealias Response = String
        typealias EventPayload = Tick
        static let method: HTHTTPMethod = .get
        static let path = "/ticks"
    }

    struct Lines: HTValueStreamRequest, Sendable {
        typealias Response = Data
        typealias StreamValue = HTJSON
        static let method: HTHTTPMethod = .get
        static let path = "/lines"
        static let streamFormat = HTValueStreamFormat.jsonLines
    }

    struct Tick: HTJSONValueConvertible, Equatable {
        var n: Int
        static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Tick? {
            json["n"]?.intValue.map(Tick.init(n:))
        }
        var htJSON: HTJSON { ["n": HTJSON(integerLiteral: Int64(n))] }
        static var htTypeDescription: String { "Tick" }
    }

    /// Streams the chunks it was given, and records what it was asked.
    struct ChunkTransport: HTStreamingTransport {
        let chunks: [String]
        let seen = Recorder()

        func send(_ request: URLRequest) async throws -> HTTransportResponse {
            HTTransportResponse(statusCode: 200, body: Data(chunks.joined().utf8))
        }

        func stream(_ request: URLRequest, options: HTTransportOptions) async throws -> HTStreamedResponse {
            seen.record(request)
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish()
            return HTStreamedResponse(
                head: HTTransportResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"]),
                body: HTStreamedBody(stream))
        }
    }

    final class Recorder: Sendable {
        private let requests = LockedBox<[URLRequest]>([])
        func record(_ request: URLRequest) { requests.withLock { $0.append(request) } }
        var all: [URLRequest] { requests.value }
    }

    @Test func aCustomTransportsChunksAreDecodedAcrossTheirSplits() async throws {
        let transport = ChunkTransport(chunks: ["data: {\"n\"", ": 1}\n", "\nid: a\nda", "ta: {\"n\": 2}\r\n\r\n"])
        let client = HTClient(baseURL: try #require(URL(string: "https://api.example.com")), transport: transport)
        var ticks: [HTServerSentEvent<Tick>] = []
        for try await tick in try await client.events(Ticks()) { ticks.append(tick) }
        #expect(ticks == [HTServerSentEvent(data: Tick(n: 1)), HTServerSentEvent(data: Tick(n: 2), id: "a")])
        #expect(transport.seen.all.first?.value(forHTTPHeaderField: "Accept") == "text/event-stream")
    }

    @Test func aMockAnswersWithItsWholeBody() async throws {
        var configuration = HTClientConfiguration(baseURL: try #require(URL(string: "https://api.example.com")))
        configuration.mockMode = .always
        configuration.mock = HTMockTransport(routes: [
            "GET /lines": HTMockResponse(body: Data("{\"a\": 1}\n[2]\n3".utf8))
        ])
        let client = HTClient(configuration: configuration)
        var values: [HTJSON] = []
        for try await value in try await client.values(Lines()) { values.append(value) }
        #expect(values == [["a": 1], [2], 3])
    }

    @Test func aJSONPayloadThatIsNotJSONNamesTheEvent() async throws {
        let transport = ChunkTransport(chunks: ["data: {\"n\": 1}\n\nevent: end\ndata: [DONE]\n\n"])
        let client = HTClient(baseURL: try #require(URL(string: "https://api.example.com")), transport: transport)
        var seen: [Int] = []
        do {
            for try await tick in try await client.events(Ticks()) { seen.append(tick.data.n) }
            Issue.record("[DONE] is not a Tick")
        } catch {
            guard case .serialization(let failure) = error.kind else {
                Issue.record("expected a serialization error, got \(error)")
                return
            }
            #expect(failure.message.hasPrefix("event 2 ('end') is not JSON"), "\(failure.message)")
        }
        #expect(seen == [1])
    }

    /// A stream is read on the caller's actor: the main actor's code iterates it as any other.
    @MainActor @Test func readOnTheMainActor() async throws {
        let transport = ChunkTransport(chunks: ["data: {\"n\": 5}\n\n"])
        let client = HTClient(baseURL: try #require(URL(string: "https://api.example.com")), transport: transport)
        let events = try await client.events(Ticks())
        var ticks: [Int] = []
        for try await tick in events { ticks.append(tick.data.n) }
        #expect(ticks == [5])
    }
}
