/// Reads HTTP/1.1 requests from the bytes a connection has received so far. Bodies are read by
/// `Content-Length` only; a chunked body is refused with 411, a head beyond ``Limits/headerBytes`` with
/// 431, a body beyond ``Limits/bodyBytes`` with 413, anything else malformed with 400. Never traps on
/// any input: a failure is an answer to send before closing the connection.
package struct MockHTTPRequestParser: Sendable {
    /// The largest request the server reads.
    package struct Limits: Sendable {
        /// Request line and header fields, with their line ends.
        package var headerBytes = 16 * 1024
        /// The body.
        package var bodyBytes = 8 * 1024 * 1024

        package init(headerBytes: Int = 16 * 1024, bodyBytes: Int = 8 * 1024 * 1024) {
            self.headerBytes = headerBytes
            self.bodyBytes = bodyBytes
        }
    }

    /// What the bytes so far hold.
    package enum Outcome: Sendable {
        /// Not a whole request yet: read more.
        case incomplete
        /// A request, which took the first `consumed` bytes.
        case request(MockHTTPRequest, consumed: Int)
        /// Bad input: send this answer, then close the connection.
        case failure(MockHTTPResponse, reason: String)
    }

    package var limits: Limits

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads the first request in `buffer`.
    package func parse(_ buffer: [UInt8]) -> Outcome {
        guard let headEnd = Self.headEnd(in: buffer, limit: limits.headerBytes) else {
            if buffer.count > limits.headerBytes {
                return fail(431, "the request line and header fields exceed \(limits.headerBytes) bytes")
            }
            return .incomplete
        }
        guard let head = String(validating: buffer[..<headEnd], as: UTF8.self) else {
            return fail(400, "the request head is not UTF-8")
        }
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenCharacter),
            parts[1].hasPrefix("/") || parts[1] == "*"
        else {
            return fail(400, "malformed request line '\(requestLine.prefix(80))'")
        }
        let version = parts[2]
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return fail(505, "unsupported HTTP version '\(version.prefix(20))'")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                line[..<colon].allSatisfy(Self.isTokenCharacter)
            else {
                return fail(400, "malformed header field '\(line.prefix(80))'")
            }
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            headers.append((line[..<colon].lowercased(), value))
        }
        if let encoding = headers.first(where: { $0.name == "transfer-encoding" }) {
            return fail(
                411, "request bodies must be sent with Content-Length, not Transfer-Encoding '\(encoding.value)'")
        }
        let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
        var length = 0
        if let first = lengths.first {
            guard let value = Int(first), value >= 0, lengths.allSatisfy({ $0 == first }) else {
                return fail(400, "bad Content-Length '\(first.prefix(20))'")
            }
            length = value
        }
        guard length <= limits.bodyBytes else {
            return fail(413, "the body of \(length) bytes exceeds \(limits.bodyBytes) bytes")
        }
        let bodyStart = headEnd + 4
        guard buffer.count - bodyStart >= length else { return .incomplete }
        let target = parts[1]
        let question = target.firstIndex(of: "?")
        let path = String(target[..<(question ?? target.endIndex)])
        let query = question.map { Self.queryItems(target[target.index(after: $0)...]) } ?? []
        let connection = headers.first { $0.name == "connection" }?.value.lowercased() ?? ""
        let keepsAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        let request = MockHTTPRequest(
            method: String(parts[0]), target: String(target), path: path, query: query, headers: headers,
            body: Array(buffer[bodyStart..<(bodyStart + length)]), keepsAlive: keepsAlive)
        return .request(request, consumed: bodyStart + length)
    }

    private func fail(_ status: Int, _ reason: String) -> Outcome {
        .failure(.error(status, reason), reason: reason)
    }

    /// Where `\r\n\r\n` starts, looked for in the first `limit` bytes (and the 3 after, for a line end
    /// that straddles it).
    private static func headEnd(in buffer: [UInt8], limit: Int) -> Int? {
        let end = min(buffer.count, limit + 3)
        guard end >= 4 else { return nil }
        var index = 0
        while index + 3 < end {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii > 32, ascii < 127 else { return false }
        return !"\"(),/:;<=>?@[\\]{}".contains(character)
    }

    /// `a=1&b=x%20y` as decoded pairs; `+` is a space.
    static func queryItems(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(pair[0], plusIsSpace: true)
            let value = pair.count > 1 ? percentDecoded(pair[1], plusIsSpace: true) : ""
            return (name, value)
        }
    }

    /// `text` with `%XX` escapes decoded (left as written when not valid UTF-8 or not an escape).
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
