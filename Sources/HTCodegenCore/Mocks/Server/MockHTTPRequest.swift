/// One HTTP/1.1 request as the mock server reads it (``MockHTTPRequestParser``).
package struct MockHTTPRequest: Sendable {
    /// The method, as sent (`GET`).
    package var method: String
    /// The request target as sent (`/pets?limit=2`), for the log.
    package var target: String
    /// The request target's path, percent-encoded as sent (`/pets/7`).
    package var path: String
    /// The query items in order, percent-decoded (`+` read as a space).
    package var query: [(name: String, value: String)]
    /// The header fields in order, names lower-cased.
    package var headers: [(name: String, value: String)]
    /// The body (by `Content-Length`; empty without one).
    package var body: [UInt8]
    /// The connection stays open after the answer (HTTP/1.1 without `Connection: close`, or HTTP/1.0
    /// with `Connection: keep-alive`).
    package var keepsAlive: Bool

    /// The first value of the header `name` (any case), if sent.
    package func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// Every value of the query item `name`.
    package func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
