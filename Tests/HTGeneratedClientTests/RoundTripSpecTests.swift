import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #37 part 4: a model generated from `Specs/round-trip.openapi.yaml` (a property per scalar
/// format) is read from the loopback server and sent back, and the server gets the very bytes it sent:
/// dates with their microseconds, integers past 2^53 and 2^63, doubles in shortest form, a decimal's
/// digits, a string's characters.
@Suite struct RoundTripSpecTests {
    /// A client whose base URL is the loopback server's root.
    static func client(_ server: LoopbackServer) -> HTClient {
        HTClient(configuration: HTClientConfiguration(baseURL: server.baseURL))
    }

    @Test func aModelReadFromTheServerIsSentBackByteForByte() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Self.client(server)
        let scalars = try await client.send(HTGetRoundTripScalarsRequest())
        #expect(scalars.createdAt.map { HTDateFormat.iso8601.json(for: $0) } == "2026-11-28T10:20:30.123456Z")
        #expect(scalars.plain == -9_007_199_254_740_993)
        #expect(scalars.serial == UInt64.max)
        #expect(scalars.history?.count == 5)

        let response = try await client.response(for: HTPutRoundTripScalarsRequest(requestBody: scalars))
        let header = try #require(response.headers.first { $0.key.lowercased() == "x-seen" }?.value)
        let seen = try HTJSON(parsing: Data(header.utf8))
        #expect(seen["body"] == seen["sent"])
        #expect(seen["same"] == true)
        // What came back maps to the same model.
        #expect(response.value == scalars)
    }

    @Test func theSameBytesComeFromBothWriters() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Self.client(server)
        let raw = try await client.response(for: HTGetRoundTripScalarsRequest())
        let scalars = raw.value
        // The model's own writer and the HTJSON serializer write what the server sent.
        let sent = try await client.response(for: HTPutRoundTripScalarsRequest(requestBody: scalars))
        let header = try #require(sent.headers.first { $0.key.lowercased() == "x-seen" }?.value)
        let text = try #require(HTJSON(parsing: Data(header.utf8))["sent"]?.stringValue)
        #expect(scalars.htJSONString() == text)
        #expect(scalars.htJSON.serializedString() == text)
    }
}
