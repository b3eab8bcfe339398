import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Custom transports chosen by request type (the original's `requestType` and
/// `RKRequestTypeOperation`), with an in-process "private protocol" that turns requests into frames.
@Suite("Transports by request type", .timeLimit(.minutes(3)))
struct CustomTransportTests {
    @Test("frames round-trip; truncated, foreign and mislabelled bytes are errors, never crashes")
    func frameCodec() throws {
        let request = FrameCodec.RequestFrame(
            id: 7, method: "POST", target: "/a/b?x=1", headers: ["X-One": "1", "Content-Type": "application/json"],
            body: Data(#"{"k":"ü"}"#.utf8))
        let bytes = FrameCodec.encode(request)
        #expect(try FrameCodec.decodeRequest(bytes) == request)
        let response = FrameCodec.ResponseFrame(id: 7, status: 201, headers: ["A": "b"], body: Data([0, 1, 2]))
        #expect(try FrameCodec.decodeResponse(FrameCodec.encode(response)) == response)

        for length in [0, 3, 5, 9, bytes.count - 1] {
            #expect(throws: FrameCodec.FrameError.self) { try FrameCodec.decodeRequest(bytes.prefix(length)) }
        }
        #expect(throws: FrameCodec.FrameError.badMagic) { try FrameCodec.decodeRequest(Data("HTTP/1.1 200".utf8)) }
        #expect(throws: FrameCodec.FrameError.wrongKind(1)) { try FrameCodec.decodeResponse(bytes) }
    }

    @Test("a request naming a type goes through its transport as frames; others go over HTTP")
    func routedByType() async throws {
        let server = try await sharedServer()
        let frames = FrameServer()
        let client = loopbackClient(server) {
            $0.transports["frames"] = FrameTransport(server: frames)
            $0.defaultHeaders = ["X-Client": "frames-test"]
        }
        let viaFrames = try await client.response(for: Customized(EchoIDRequest(id: 4), requestType: "frames"))
        #expect(viaFrames.value.path == "/echo/4")
        #expect(viaFrames.value.method == "GET")
        #expect(viaFrames.value.header("X-Client") == "frames-test")
        #expect(viaFrames.headers["X-Frame-Id"] == "1")
        let received = await frames.received
        #expect(received.map(\.target) == ["/echo/4"])
        #expect(received.first?.headers["X-Client"] == "frames-test")

        let viaHTTP = try await client.send(EchoIDRequest(id: 5))
        #expect(viaHTTP.path == "/echo/5")
        #expect(await frames.received.count == 1)
    }

    @Test("bodies and query strings travel in frames; interceptors apply to custom transports too")
    func bodiesAndInterceptors() async throws {
        let frames = FrameServer()
        let tag = HTBlockInterceptor(adapt: { request, context in
            request.setValue(context.requestType?.rawValue ?? "none", forHTTPHeaderField: "X-Type")
        })
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://frames.invalid/api"), interceptors: [tag],
                transports: ["frames": FrameTransport(server: frames)], logger: quietLogger),
            transport: UnreachableTransport())
        var request = Customized(StatusRequest(code: 200, body: "q"), requestType: "frames")
        request.customizing = { urlRequest in
            urlRequest.httpMethod = "PUT"
            urlRequest.httpBody = Data("payload".utf8)
        }
        let echo = try await client.send(request)
        #expect(echo["method"] == "PUT")
        #expect(echo["path"] == "/api/status/200")
        #expect(echo["body"] == "payload")
        #expect(echo["headers"]?["x-type"] == "frames")
        #expect(await frames.received.first?.target == "/api/status/200?body=q")
    }

    @Test("a type without a registered transport is an invalid request, and nothing is sent")
    func unregisteredType() async throws {
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://frames.invalid"), logger: quietLogger),
            transport: UnreachableTransport())
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(Customized(EchoIDRequest(id: 1), requestType: "carrier-pigeon"))
        }
        guard case .invalidRequest(let message)? = error?.kind else {
            Issue.record("expected an invalid request, got \(String(describing: error))")
            return
        }
        #expect(message.contains("carrier-pigeon"))
    }

    @Test("a custom transport gets the timeout and the transport-error mapping")
    func timeoutsAndGarbage() async throws {
        let frames = FrameServer()
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://frames.invalid"), timeout: 0.3,
                transports: ["frames": FrameTransport(server: frames)], logger: quietLogger),
            transport: UnreachableTransport())
        struct Hang: HTBaseRequest, Sendable {
            typealias Response = HTJSON
            static let method: HTHTTPMethod = .get
            static let path = "/hang"
            var requestType: HTRequestType? { "frames" }
        }
        struct Garbage: HTBaseRequest, Sendable {
            typealias Response = HTJSON
            static let method: HTHTTPMethod = .get
            static let path = "/garbage"
            var requestType: HTRequestType? { "frames" }
            var timeout: TimeInterval? { 30 }
        }
        let timedOut = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(Hang())
        }
        #expect(timedOut?.urlErrorCode == .timedOut)
        #expect(client.inFlightCount == 0)
        let garbage = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(Garbage())
        }
        #expect(garbage?.urlErrorCode == .cannotParseResponse)
    }
}
