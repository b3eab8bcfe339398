import Foundation
import HTNetworking
import Testing

// Helpers of the transport suites (TransportSafetyTests, HostileServerTests): raw exchanges whose
// failure is a value to inspect, and what the loopback echo route saw.

/// Sends `request` and returns the raw response, or the error, as a value.
func raw<R: HTBaseRequest>(_ client: HTClient, _ request: sending R) async -> Result<
    HTTransportResponse, HTNetworkingError
> {
    do {
        return .success(try await client.rawResponse(for: request))
    } catch {
        return .failure(error)
    }
}

/// The headers the echo server saw, from a raw response's body.
func echoedHeaders(_ response: HTTransportResponse) throws -> HTJSON {
    try #require(try HTJSON(parsing: response.body)["headers"])
}
