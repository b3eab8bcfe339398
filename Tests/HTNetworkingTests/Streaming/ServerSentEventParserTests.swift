import Foundation
import HTNetworking
import Testing

/// The WHATWG "event stream interpretation", fed in chunks split at every position.
@Suite struct ServerSentEventParserTests {
    /// The loopback server's `/stream/sse` body (test_server.py, `SSE_STREAM`).
    static let stream =
        Array(
            "\u{FEFF}: a comment\r\ndata: one\r\n\r\nevent: update\ndata: {\"price\": 1}\nid: 7\n\n"
                .utf8)
        + Array("data:first\rdata: second\r\rretry: 25\rdata\r\r".utf8)
        + Array("id: 8\r\ndata: été\r\nunknown: x\r\n: another comment\r\n\r\ndata: never dispatched".utf8)

    /// What `stream` dispatches, whatever its chunks.
    static let expected: [HTServerSentEvent<String>] = [
        HTServerSentEvent(data: "one"),
        HTServerSentEvent(event: "update", data: #"{"price": 1}"#, id: "7"),
        HTServerSentEvent(data: "first\nsecond", id: "7"),
        HTServerSentEvent(data: "", id: "7", retry: 25),
        HTServerSentEvent(data: "été", id: "8"),
    ]

    static func events(_ chunks: [ArraySlice<UInt8>]) throws -> [HTServerSentEvent<String>] {
        var parser = HTServerSentEventParser()
        var events: [HTServerSentEvent<String>] = []
        for chunk in chunks { try parser.parse(chunk, into: &events) }
        return events
    }

    @Test func wholeAndByteByByte() throws {
        #expect(try Self.events([Self.stream[...]]) == Self.expected)
        #expect(try Self.events(Self.stream.indices.map { Self.stream[$0...$0] }) == Self.expected)
    }

    @Test func splitAtEveryPositionIntoTwoAndThreeChunks() throws {
        let bytes = Self.stream
        for first in 0...bytes.count {
            #expect(try Self.events([bytes[..<first], bytes[first...]]) == Self.expected, "split at \(first)")
            for second in stride(from: first, through: bytes.count, by: 7) {
                let chunks = [bytes[..<first], bytes[first..<second], bytes[second...]]
                #expect(try Self.events(chunks) == Self.expected, "split at \(first) and \(second)")
            }
        }
    }

    @Test func fieldRules() throws {
        func parse(_ text: String) throws -> [HTServerSentEvent<String>] {
            var parser = HTServerSentEventParser()
            return try parser.parse(Array(text.utf8))
        }
        // One leading space is dropped, not two; a field without a colon has an empty value.
        #expect(try parse("data:  two spaces\n\n") == [HTServerSentEvent(data: " two spaces")])
        // An id with NUL is ignored; an empty id clears the last event ID.
        #expect(try parse("id: 1\ndata: a\n\nid: x\u{0}y\ndata: b\n\nid\ndata: c\n\n").map(\.id) == ["1", "1", nil])
        // retry takes ASCII digits only.
        #expect(try parse("retry: 1x\ndata: a\n\nretry: 12\ndata: b\n\n").map(\.retry) == [nil, 12])
        // No data, no event (but the type does not leak into the next one); an event type with data.
        #expect(try parse("event: ping\n\ndata: a\n\n") == [HTServerSentEvent(data: "a")])
        // A byte order mark only at the very start; one later is part of the line (an unknown field).
        #expect(try parse("\u{FEFF}data: a\n\n\u{FEFF}data: b\n\n") == [HTServerSentEvent(data: "a")])
        // Invalid UTF-8 becomes U+FFFD.
        var parser = HTServerSentEventParser()
        #expect(try parser.parse([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A, 0x0A]).map(\.data) == ["\u{FFFD}"])
        // A CR ending one chunk and an LF starting the next are one line end.
        var split = HTServerSentEventParser()
        var events = try split.parse(Array("data: a\r".utf8))
        events += try split.parse(Array("\ndata: b\r\n\r\n".utf8))
        #expect(events == [HTServerSentEvent(data: "a\nb")])
    }

    @Test func lastEventIDAndReconnectionTimePersistAcrossRestart() throws {
        var parser = HTServerSentEventParser()
        _ = try parser.parse(Array("retry: 40\nid: 9\ndata: a\n\ndata: half".utf8))
        #expect(parser.lastEventID == "9")
        parser.restart()
        #expect(try parser.parse(Array("\ndata: b\n\n".utf8)) == [HTServerSentEvent(data: "b", id: "9")])
        #expect(parser.reconnectionTime == 40)
    }

    @Test func anEventOverTheLimitIsAnError() {
        var parser = HTServerSentEventParser(maximumEventSize: 10)
        #expect(throws: (any Error).self) { try parser.parse(Array("data: 12345\ndata: 67890\n".utf8)) }
        var long = HTServerSentEventParser(maximumEventSize: 10)
        #expect(throws: (any Error).self) { try long.parse(Array(repeating: UInt8(ascii: "x"), count: 11)) }
    }
}
