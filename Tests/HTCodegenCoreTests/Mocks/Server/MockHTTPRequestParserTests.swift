import Testing

@testable import HTCodegenCore

/// ``MockHTTPRequestParser``: whole requests, pipelined ones, and every kind of bad input answered
/// with its status rather than a trap.
@Suite struct MockHTTPRequestParserTests {
    private func parse(_ text: String, limits: MockHTTPRequestParser.Limits = .init()) -> MockHTTPRequestParser.Outcome
    {
        MockHTTPRequestParser(limits: limits).parse(Array(text.utf8))
    }

    private func status(_ outcome: MockHTTPRequestParser.Outcome) -> Int? {
        if case .failure(let response, _) = outcome { return response.status }
        return nil
    }

    @Test func aRequestWithQueryHeadersAndBody() throws {
        let text = "POST /pets?tag=a%20b&tag=c+d&x HTTP/1.1\r\nHost: h\r\nX-A:  1 \r\nContent-Length: 2\r\n\r\n{}GET"
        guard case .request(let request, let consumed) = parse(text) else {
            Issue.record("not parsed")
            return
        }
        #expect(request.method == "POST")
        #expect(request.path == "/pets")
        #expect(request.queryValues("tag") == ["a b", "c d"])
        #expect(request.queryValues("x") == [""])
        #expect(request.header("x-a") == "1")
        #expect(request.body == Array("{}".utf8))
        #expect(request.keepsAlive)
        #expect(consumed == text.utf8.count - 3)
    }

    @Test func incompleteHeadsAndBodiesAskForMore() {
        if case .incomplete = parse("GET / HTTP/1.1\r\nHost: h\r\n") {} else { Issue.record("head") }
        if case .incomplete = parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab") {} else { Issue.record("body") }
    }

    @Test func connectionCloseAndHTTP10() {
        if case .request(let request, _) = parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") {
            #expect(!request.keepsAlive)
        }
        if case .request(let request, _) = parse("GET / HTTP/1.0\r\n\r\n") { #expect(!request.keepsAlive) }
    }

    @Test(arguments: [
        ("garbage\r\n\r\n", 400),
        ("GET /a b HTTP/1.1\r\n\r\n", 400),
        ("GET nopath HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", 413),
        ("\u{FF}\r\n\r\n", 400),
    ])
    func badInputIsAnsweredWithItsStatus(text: String, expected: Int) {
        #expect(status(parse(text)) == expected)
    }

    @Test func aHeadBeyondTheLimitIs431() {
        let limits = MockHTTPRequestParser.Limits(headerBytes: 64)
        let text = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 100)
        #expect(status(parse(text, limits: limits)) == 431)
        #expect(status(MockHTTPRequestParser(limits: limits).parse([UInt8](repeating: 0x41, count: 10_000))) == 431)
    }
}
