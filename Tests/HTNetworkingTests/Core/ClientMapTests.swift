import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `client.map(_:for:)` on a response received some other way: it maps as `send` does, and names the
/// request (its URL, as it would have been sent) only in what goes wrong.
@Suite("Client: mapping a received response")
struct ClientMapTests {
    private func client(logger: HTLogger = quietLogger) throws -> HTClient {
        var configuration = HTClientConfiguration(baseURL: try TestSupport.url("https://api.example.com/v1"))
        configuration.logger = logger
        return HTClient(configuration: configuration, transport: UnreachableTransport())
    }

    private func response(_ status: Int, _ body: String, contentType: String = "application/json")
        throws -> HTTransportResponse
    {
        HTTransportResponse(
            statusCode: status, headers: ["Content-Type": contentType], body: Data(body.utf8),
            url: try TestSupport.url("https://elsewhere.example.com/user"))
    }

    @Test("maps at the request's key path, like send")
    func maps() throws {
        let raw = try response(200, #"{"data": {"id": 7, "name": "Ann", "address": {"city": "Hangzhou"}}}"#)
        let mapped = try client().map(raw, for: GetUserRequest(id: 7))
        #expect(mapped.value.id == 7)
        #expect(mapped.value.name == "Ann")
        #expect(mapped.value.address?.city == "Hangzhou")
        #expect(mapped.diagnostics.isEmpty)
    }

    @Test("an error names the request by the URL it would have been sent to")
    func errorsNameTheRequest() throws {
        let request = GetUserRequest(id: 7, verbose: true)
        let expectedURL = "https://api.example.com/v1/users/7?verbose=true"

        let status = try #require(throws: HTNetworkingError.self) {
            try client().map(try response(404, "{}"), for: request)
        }
        guard case .status(let code, _) = status.kind else {
            Issue.record("expected a status error, got \(status.kind)")
            return
        }
        #expect(code == 404)
        #expect(status.request.url == expectedURL)
        #expect(status.request.method == "GET")
        #expect(status.request.requestType.contains("GetUserRequest"))

        let decoding = try #require(throws: HTNetworkingError.self) {
            try client().map(try response(200, #"{"data": "#), for: request)
        }
        #expect(decoding.request.url == expectedURL)

        let missing = try #require(throws: HTNetworkingError.self) {
            try client().map(try response(200, #"{"other": 1}"#), for: request)
        }
        #expect(missing.request.url == expectedURL)
    }

    @Test("a mapping diagnostic is logged with the request")
    func diagnosticsAreLogged() throws {
        let (logger, sink) = recordingLogger()
        let raw = try response(200, #"{"data": {"id": "not a number", "name": "Ann"}}"#)
        let mapped = try client(logger: logger).map(raw, for: GetUserRequest(id: 7))
        #expect(mapped.value.name == "Ann")
        #expect(!mapped.diagnostics.isEmpty)
        let warnings = sink.messages(.warning, .mapping)
        #expect(warnings.contains { $0.contains("GET https://api.example.com/v1/users/7") })
    }
}
