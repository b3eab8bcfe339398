import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Errors", .timeLimit(.minutes(3)))
struct NetworkingErrorTests {
    private let request = HTRequestDescription(
        method: "GET", url: "https://api.example.com/users/7", requestType: "GetUser")

    @Test("every kind says what went wrong and which request it was")
    func descriptions() throws {
        let parseError: HTJSONParseError
        do {
            _ = try HTJSONParser().parse("{")
            Issue.record("expected a parse error")
            return
        } catch {
            parseError = error
        }
        let kinds: [(HTNetworkingError.Kind, String)] = [
            (.invalidRequest("no id"), "invalid request GET https://api.example.com/users/7 (GetUser): no id"),
            (.transport(code: -1004, message: "refused"), "(GetUser) failed to send (code -1004): refused"),
            (.status(code: 404, body: Data("gone".utf8)), "(GetUser) answered status 404 with a body of 4 bytes"),
            (.decoding(parseError), "(GetUser) returned a body that is not valid JSON"),
            (
                .serialization(HTSerializationError(serializer: "XML", mimeType: "text/xml", message: "bad")),
                "(GetUser): the XML serializer could not read the text/xml body: bad"
            ),
            (
                .validation(HTValidationFailure(code: 1001, message: "no user")),
                "(GetUser) returned a result that is not valid: code 1001: no user"
            ),
            (
                .mapping(HTMappingError(path: HTJSONPath(keyPath: "data.id"), message: "expected integer")),
                "(GetUser): mapping failed at data.id"
            ),
            (.cancelled, "(GetUser) was cancelled"),
            (.frozen(id: "f-1"), "(GetUser) was frozen to be sent later (id f-1)"),
        ]
        for (kind, expected) in kinds {
            let description = HTNetworkingError(kind, request: request).description
            #expect(description.contains(expected), "\(description)")
            #expect(description.contains("GET https://api.example.com/users/7"))
        }
    }

    @Test("Retry-After in seconds or as an HTTP date (three forms); anything else is nil")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 784_111_717)  // Sun, 06 Nov 1994 08:48:37 GMT
        func wait(_ value: String?) -> TimeInterval? {
            HTTransportResponse(statusCode: 429, headers: value.map { ["retry-after": $0] } ?? [:]).retryAfter(now: now)
        }
        #expect(wait("120") == 120)
        #expect(wait(" 0 ") == 0)
        #expect(wait("Sun, 06 Nov 1994 08:49:37 GMT") == 60)
        #expect(wait("Sunday, 06-Nov-94 08:49:37 GMT") == 60)
        #expect(wait("Sun Nov  6 08:49:37 1994") == 60)
        #expect(wait("Sun, 06 Nov 1994 08:00:00 GMT") == 0)
        for invalid in [nil, "", "-5", "1.5", "soon", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT"]
        {
            #expect(wait(invalid) == nil, "\(String(describing: invalid))")
        }
    }

    @Test("429 from the server: a status error with Retry-After and the headers surfaced")
    func tooManyRequests() async throws {
        let server = try await sharedServer()
        let request = StatusRequest(code: 429, retryAfter: "7")
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await loopbackClient(server).send(request)
        }
        guard case .status(429, let body)? = error?.kind else {
            Issue.record("expected a 429, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("429"))
        #expect(error?.retryAfter == 7)
        #expect(error?.responseHeaders.first { $0.key.lowercased() == "retry-after" }?.value == "7")
        #expect(error?.description.contains("(retry after 7.0 s)") == true)
        #expect(error?.statusCode == 429)
    }

    @Test("URLError codes, connectivity failures and cancellation are easy to test for")
    func classification() {
        func transport(_ code: URLError.Code) -> HTNetworkingError {
            HTNetworkingError(.transport(code: code.rawValue, message: ""), request: request)
        }
        #expect(transport(.cannotConnectToHost).isConnectivityFailure)
        #expect(transport(.networkConnectionLost).isConnectivityFailure)
        #expect(transport(.timedOut).urlErrorCode == .timedOut)
        #expect(!transport(.badURL).isConnectivityFailure)
        #expect(!HTNetworkingError(.status(code: 503, body: Data()), request: request).isConnectivityFailure)
        #expect(HTNetworkingError(.cancelled, request: request).isCancelled)
        #expect(HTNetworkingError(.status(code: 503, body: Data()), request: request).urlErrorCode == nil)
        let withResponse = HTNetworkingError(
            .status(code: 503, body: Data()), request: request,
            response: HTTransportResponse(statusCode: 503, headers: ["Retry-After": "3"]))
        #expect(withResponse.statusCode == 503)
        #expect(withResponse.retryAfter == 3)
    }
}
