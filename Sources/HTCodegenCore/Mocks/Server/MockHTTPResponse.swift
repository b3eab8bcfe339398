/// An answer of the mock server: status, header fields and body, written by ``bytes(keepsAlive:)``.
package struct MockHTTPResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The `Content-Type`, if the answer has a body.
    package var contentType: String?
    /// Other header fields (`Allow`, `Location`).
    package var extraHeaders: [String: String] = [:]
    /// The body.
    package var body: [UInt8]

    package init(status: Int, contentType: String?, body: [UInt8], extraHeaders: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.extraHeaders = extraHeaders
    }

    /// A JSON error answer, `{"error":"<reason phrase>","reason":"<reason>"}`.
    package static func error(_ status: Int, _ reason: String) -> MockHTTPResponse {
        let json = MockJSON.object([
            MockJSONMember(key: "error", value: .string(reasonPhrase(status).lowercased())),
            MockJSONMember(key: "reason", value: .string(reason)),
        ])
        return MockHTTPResponse(status: status, contentType: "application/json", body: Array(json.text.utf8))
    }

    /// The whole answer on the wire: status line, `Content-Length`, `Connection` and the body. `HEAD`
    /// answers pass `includesBody: false` and keep the length of the body they leave out.
    package func bytes(keepsAlive: Bool, includesBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += keepsAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var out = Array(head.utf8)
        if includesBody { out += body }
        return out
    }

    /// The reason phrase of `status`.
    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 505: "HTTP Version Not Supported"
        default: status < 300 ? "OK" : status < 400 ? "Redirect" : status < 500 ? "Client Error" : "Server Error"
        }
    }
}
