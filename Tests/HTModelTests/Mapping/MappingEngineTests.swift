import Foundation
@_spi(Generated) import HTModel
import Testing

/// The engine's fast paths: diagnostics paths built only on failure, the generated switches, and
/// models written straight to bytes.
@Suite("Mapping engine")
struct MappingEngineTests {
    static let tweet = #"""
        {"id": 9007199254740993, "text": "caf\u00e9 \"quoted\" \\ line\nbreak \u0001", "favorited": false,
         "retweet_count": 12, "score": 0.1, "created_at": "2024-03-01T12:30:00.250+08:00",
         "source": "https://example.com/a?b=c", "lang": "suspended", "coordinates": [[1.5, -2], [], [1e-7, 1e300]],
         "entities": {"hashtags": [], "x": [1, {"y": null}], "z": "s"},
         "user": {"id": 1, "name": "Ada", "address": {"city": "London"}, "tags": ["a", "b"]},
         "retweeted_status": {"id": 2, "text": "inner", "replies": [{"id": 3}, {"id": 4, "lang": "unknown-value"}]}}
        """#

    @Test("models written straight to bytes match the serializer's output of their JSON value")
    func directWriterMatchesTree() throws {
        let tweet = try HTTweet(json: try Fixture.json(Self.tweet))
        let direct = tweet.htJSONData()
        let viaTree = tweet.htJSON.serializedData()
        #expect(direct == viaTree)
        #expect(tweet.htJSONString() == String(decoding: viaTree, as: UTF8.self))
        // And it reads back to an equal model.
        let again = try HTTweet(jsonData: direct)
        #expect(again.htJSONData() == direct)
        #expect(again == tweet)
        // Accessor-only models (no generated switches) write the same way.
        let user = try #require(tweet.user)
        #expect(user.htJSONData() == user.htJSON.serializedData())
    }

    @Test("every value kind maps through the generated switch")
    func everyKind() throws {
        let tweet = try HTTweet(json: try Fixture.json(Self.tweet))
        #expect(tweet.id == 9_007_199_254_740_993)
        #expect(tweet.text == "café \"quoted\" \\ line\nbreak \u{1}")
        #expect(tweet.favorited == false)
        #expect(tweet.retweet_count == 12)
        #expect(tweet.score == 0.1)
        #expect(tweet.created_at == Date(timeIntervalSince1970: 1_709_267_400.25))
        #expect(tweet.source == URL(string: "https://example.com/a?b=c"))
        #expect(tweet.lang == .suspended)
        #expect(tweet.coordinates == [[1.5, -2], [], [1e-7, 1e300]])
        #expect(tweet.entities?["z"] == "s")
        #expect(tweet.user?.address?.city == "London")
        #expect(tweet.retweeted_status?.replies?.map(\.id) == [3, 4])
        #expect(tweet.retweeted_status?.replies?[1].lang?.isKnown == false)
    }

    @Test("diagnostic paths are complete without a path stack: keys, indices, nesting, starting path")
    func diagnosticPaths() throws {
        let json = try Fixture.json(
            #"""
            {"retweeted_status": {"replies": [{"id": 1}, {"id": "x"}, {"coordinates": [[1, "y"]]}, 5]},
             "user": {"address": {"city": 3}, "tags": ["a", null]}, "score": {}}
            """#)
        var context = HTMappingContext(path: HTJSONPath(keyPath: "data.items"))
        let tweet = try HTTweet.htMap(json, context: &context)
        #expect(tweet.retweeted_status?.replies?.count == 3)
        #expect(
            context.diagnostics.map(\.path.description) == [
                "data.items.retweeted_status.replies[1].id",
                "data.items.retweeted_status.replies[2].coordinates[0][1]",
                "data.items.retweeted_status.replies[3]",
                "data.items.user.tags[1]",
                "data.items.score",
            ])
        // The path the context was created with is unchanged after mapping.
        #expect(context.path == [.key("data"), .key("items")])
    }

    @Test("prefixDiagnostics inserts where the mapper stands, below components pushed with at()")
    func prefixing() {
        var context = HTMappingContext(path: HTJSONPath(keyPath: "root"))
        context.at(.key("pushed")) { context in
            let before = context.diagnosticCount
            context.report("inner")
            context.prefixDiagnostics(since: before, with: .index(2))
            context.prefixDiagnostics(since: before, with: [.key("a"), .key("b")])
        }
        #expect(context.diagnostics.map(\.path.description) == ["root.pushed.a.b[2]"])
        #expect(context.path == [.key("root")])
    }

    @Test("a long array of models maps every element in order")
    func longArray() throws {
        var elements: [HTJSON] = []
        for index in 0..<5000 {
            elements.append([
                "id": .integer(Int64(index)), "text": .string("t\(index)"), "user": ["id": .integer(Int64(index))],
            ])
        }
        let tweet = try HTTweet(json: ["replies": .array(elements)])
        let replies = try #require(tweet.replies)
        #expect(replies.count == 5000)
        #expect(
            replies.enumerated().allSatisfy { $0.element.id == Int64($0.offset) && $0.element.user?.id == $0.offset })
    }

    @Test("HTJSONWriter writes what the serializer writes, piece by piece")
    func writer() {
        let writer = HTJSONWriter()
        writer.beginObject()
        writer.writeKey("a\"b")
        writer.beginArray()
        writer.write(Int64.min)
        writer.writeComma()
        writer.write(2.5)
        writer.writeComma()
        writer.write(Double.nan)
        writer.writeComma()
        writer.write(true)
        writer.writeComma()
        writer.writeNull()
        writer.writeComma()
        writer.write(["k": [1, "v"]] as HTJSON)
        writer.endArray()
        let mark = writer.count
        writer.writeComma()
        writer.writeKey("dropped")
        writer.truncate(to: mark)
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"a\"b":[-9223372036854775808,2.5,null,true,null,{"k":[1,"v"]}]}"#)
        #expect(writer.data == Data(writer.bytes))
    }
}
