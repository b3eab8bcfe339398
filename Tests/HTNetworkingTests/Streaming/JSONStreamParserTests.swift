import Foundation
import HTNetworking
import Testing

/// JSON Lines and JSON text sequences, fed in chunks split at every position.
@Suite struct JSONStreamParserTests {
    static func lines(_ chunks: [ArraySlice<UInt8>]) throws -> [HTStreamRecord] {
        var parser = HTJSONLinesParser()
        var records: [HTStreamRecord] = []
        for chunk in chunks { try parser.parse(chunk, into: &records) }
        parser.finish(into: &records)
        return records
    }

    static func sequence(_ chunks: [ArraySlice<UInt8>]) throws -> [HTStreamRecord] {
        var parser = HTJSONSequenceParser()
        var records: [HTStreamRecord] = []
        for chunk in chunks { try parser.parse(chunk, into: &records) }
        parser.finish(into: &records)
        return records
    }

    @Test func jsonLinesAtEverySplit() throws {
        let body = Array("{\"a\": 1}\n\n  \t\n[2, \"x\"]\r\n\"three\"\r\n4".utf8)
        let expected = [
            HTStreamRecord(bytes: Array("{\"a\": 1}".utf8), index: 1, line: 1),
            HTStreamRecord(bytes: Array("[2, \"x\"]".utf8), index: 2, line: 4),
            HTStreamRecord(bytes: Array("\"three\"".utf8), index: 3, line: 5),
            HTStreamRecord(bytes: Array("4".utf8), index: 4, line: 6),
        ]
        for split in 0...body.count {
            #expect(try Self.lines([body[..<split], body[split...]]) == expected, "split at \(split)")
        }
        #expect(try Self.lines(body.indices.map { body[$0...$0] }) == expected)
    }

    @Test func aLineIsDeliveredWhenItEnds() throws {
        var parser = HTJSONLinesParser()
        var records: [HTStreamRecord] = []
        try parser.parse(Array("{\"a\": 1}\n{\"b\"".utf8), into: &records)
        #expect(records.map(\.text) == [#"{"a": 1}"#])
    }

    @Test func jsonSequencesAtEverySplit() throws {
        let body = Array(
            "ignored\u{1E}{\"a\": \"}\\\"{\"}\n\u{1E}[1,\n 2]\n\u{1E}  \n\u{1E}3\n\u{1E}{\"last\": true}".utf8)
        let expected = [
            HTStreamRecord(bytes: Array("{\"a\": \"}\\\"{\"}".utf8), index: 1, line: 1),
            HTStreamRecord(bytes: Array("[1,\n 2]".utf8), index: 2, line: 2),
            HTStreamRecord(bytes: Array("3".utf8), index: 3, line: 5),
            HTStreamRecord(bytes: Array("{\"last\": true}".utf8), index: 4, line: 6),
        ]
        for split in 0...body.count {
            #expect(try Self.sequence([body[..<split], body[split...]]) == expected, "split at \(split)")
        }
        #expect(try Self.sequence(body.indices.map { body[$0...$0] }) == expected)
    }

    @Test func aSequenceRecordIsDeliveredAtTheLineEndThatCompletesIt() throws {
        var parser = HTJSONSequenceParser()
        var records: [HTStreamRecord] = []
        try parser.parse(Array("\u{1E}{\"a\":\n".utf8), into: &records)
        #expect(records.isEmpty)
        try parser.parse(Array("1}\n".utf8), into: &records)
        #expect(records.map(\.text) == ["{\"a\":\n1}"])
    }

    @Test func itemsOverTheLimitAreErrors() {
        var records: [HTStreamRecord] = []
        var lines = HTJSONLinesParser(maximumLineSize: 4)
        #expect(throws: (any Error).self) { try lines.parse(Array("12345".utf8), into: &records) }
        var sequence = HTJSONSequenceParser(maximumRecordSize: 4)
        #expect(throws: (any Error).self) { try sequence.parse(Array("\u{1E}12345".utf8), into: &records) }
    }
}
