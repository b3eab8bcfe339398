import Foundation
import HTNetworking
import HTTestSupport

/// A client whose base URL is the loopback server's `/echo` route, so every request is echoed back as
/// JSON (method, path, query, headers, body).
func makeEchoClient(
    _ server: LoopbackServer, encoding: HTBodyEncoding = .json, defaultHeaders: [String: String] = [:]
) -> HTClient {
    HTClient(
        configuration: HTClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent("echo"), defaultHeaders: defaultHeaders,
            bodyEncoding: encoding))
}
