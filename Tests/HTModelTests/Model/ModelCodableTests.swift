import Foundation
import HTModel
import HTModelFixtures
import Testing

@Suite("Model API: Codable, equality, description and copies on generated-shaped models")
struct ModelCodableTests {
    /// A photo with every property kind set; `exif`'s keys are sorted, as Codable decoding sorts them.
    private func photo() throws -> HTShotPhoto {
        try HTShotPhoto(
            jsonString: #"""
                {"id": 42, "title": "西湖", "width": 4032.5, "visibility": "1", "tags": ["lake", "hangzhou"],
                 "exif": {"f": 1.8, "iso": 100, "lens": null, "raw": false, "tags": ["a", {"b": 1}]},
                 "takenAt": "2024-03-01T12:30:00.250+08:00", "url": "https://example.com/p/42.jpg", "isPublic": true,
                 "bytes": 9007199254740993,
                 "owner": {"id": 7, "name": "Ada", "address": {"city": "London", "zip": "SW1Y"}, "tags": ["x"]},
                 "likedBy": [{"id": 8, "name": "Bob"}, {"id": 9, "description": "renamed property"}]}
                """#, options: .strict)
    }

    @Test("HTJSON round-trips through JSONEncoder and JSONDecoder, objects sorted by key")
    func jsonValueRoundTrip() throws {
        let value: HTJSON = [
            "z": [1, 2.5, "three", true, nil, ["nested": [:]]], "a": .integer(Int64.max),
            "m": ["y": -0.125, "x": "é\u{0}\"\n"],
        ]
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(HTJSON.self, from: data)
        let sorted: HTJSON = [
            "a": .integer(Int64.max), "m": ["x": "é\u{0}\"\n", "y": -0.125],
            "z": [1, 2.5, "three", true, nil, ["nested": [:]]],
        ]
        #expect(back == sorted)
        // Our own parser reads the encoder's output as the same value (whatever order the encoder chose).
        #expect(Self.sortingKeys(try HTJSON(parsing: data)) == sorted)
        #expect(try JSONDecoder().decode(HTJSON.self, from: Data("null".utf8)) == .null)
        #expect(
            try JSONDecoder().decode(HTJSON.self, from: Data("[1.0, 1.5, 1e2, -7]".utf8)) == [1, 1.5, 100, -7],
            "numbers a decoder gives as Int64 become integers")
        #expect(try JSONDecoder().decode(HTJSON.self, from: Data(#""s""#.utf8)) == "s")
    }

    /// `json` with every object's members sorted by key.
    private static func sortingKeys(_ json: HTJSON) -> HTJSON {
        switch json {
        case .array(let elements):
            return .array(elements.map(sortingKeys))
        case .object(let object):
            let members = object.members.sorted { $0.key < $1.key }.map {
                HTJSONObject.Member(key: $0.key, value: sortingKeys($0.value))
            }
            return .object(HTJSONObject(members: members))
        default:
            return json
        }
    }

    @Test("HTJSON through property lists, and duplicate keys write their last value")
    func propertyListsAndDuplicates() throws {
        let value: HTJSON = ["list": [1, "two", nil, false], "object": ["k": 2.5]]
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let back = try PropertyListDecoder().decode(HTJSON.self, from: try encoder.encode(value))
            #expect(back == value)
        }
        let duplicate = HTJSON.object(
            HTJSONObject(members: [
                .init(key: "a", value: 1), .init(key: "b", value: 2),
                .init(key: "a", value: 3),
            ]))
        let decoded = try JSONDecoder().decode(HTJSON.self, from: try JSONEncoder().encode(duplicate))
        #expect(decoded == ["a": 3, "b": 2])
        #expect(decoded["a"] == duplicate["a"], "the value lookups see is the one written")
        let nan = HTJSON.double(.nan)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(nan) }
    }

    @Test("a generated-shaped model round-trips through JSON, every property kind intact")
    func modelRoundTrip() throws {
        let original = try photo()
        let data = try JSONEncoder().encode(original)
        let back = try JSONDecoder().decode(HTShotPhoto.self, from: data)
        #expect(back == original)
        #expect(back !== original)
        #expect(back.id == 42)
        #expect(back.title == "西湖")
        #expect(back.width == 4032.5)
        #expect(back.visibility == .friends)
        #expect(back.tags == ["lake", "hangzhou"])
        #expect(back.exif == original.exif)
        #expect(back.takenAt == original.takenAt)
        #expect(back.takenAt == Date(timeIntervalSince1970: 1_709_267_400.25))
        #expect(back.url == URL(string: "https://example.com/p/42.jpg"))
        #expect(back.isPublic == true)
        #expect(back.bytes == 9_007_199_254_740_993, "64-bit integers survive exactly")
        #expect(back.owner?.address?.city == "London")
        #expect(back.likedBy?.map(\.id) == [8, 9])
        #expect(back.likedBy?.last?.description_ == "renamed property")
        // The encoder wrote the model's JSON: our parser maps it back to an equal model. (Sorted keys, as
        // `exif`'s members are: HTJSON objects compare in member order, and JSONEncoder's is unspecified.)
        let sortedEncoder = JSONEncoder()
        sortedEncoder.outputFormatting = [.sortedKeys]
        #expect(try HTShotPhoto(jsonData: sortedEncoder.encode(original)) == original)
        // Properties left nil stay nil.
        let sparse = HTShotPhoto {
            $0.title = "only"
        }
        let sparseBack = try JSONDecoder().decode(HTShotPhoto.self, from: try JSONEncoder().encode(sparse))
        #expect(sparseBack.title == "only")
        #expect(sparseBack.id == nil && sparseBack.owner == nil && sparseBack.exif == nil)
        #expect(sparseBack == sparse)
    }

    @Test("models inside other Codable types and through property lists")
    func nestedInCodable() throws {
        struct Saved: Codable {
            var photo: HTShotPhoto
            var users: [HTUser]
            var feed: HTFeed?
            var missing: HTUser?
        }
        let feed = try HTFeed(
            jsonString: #"{"total": 2, "articles": [{"id": 1, "comments": [{"id": 5, "text": "c"}]}]}"#)
        let user = try HTUser(jsonString: #"{"id": 1, "name": "Ada"}"#)
        let saved = Saved(photo: try photo(), users: [user, HTUser()], feed: feed, missing: nil)

        let json = try JSONDecoder().decode(Saved.self, from: try JSONEncoder().encode(saved))
        #expect(json.photo == saved.photo)
        #expect(json.users == saved.users)
        #expect(json.feed == feed)
        #expect(json.feed?.articles?.first?.comments?.first?.text == "c")
        #expect(json.missing == nil)

        let plist = try PropertyListDecoder().decode(Saved.self, from: try PropertyListEncoder().encode(saved))
        #expect(plist.photo == saved.photo)
        #expect(plist.users.first?.name == "Ada")
        #expect(plist.feed == feed)
    }

    @Test("decoding is strict by default and names the coding path; lenient through userInfo")
    func decodingErrors() throws {
        struct Wrapper: Decodable {
            var photo: HTShotPhoto
        }
        let text = #"{"photo": {"id": 1, "owner": {"id": "seven", "name": "Ada"}, "likedBy": [{"id": 1}, {"id": []}]}}"#
        do {
            _ = try JSONDecoder().decode(
                Wrapper.self, from: Data(#"{"photo": {"id": 1, "owner": {"id": "seven"}}}"#.utf8))
            Issue.record("expected a decoding error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["photo", "owner", "id"])
            #expect(context.debugDescription == #"expected integer, found string "seven""#)
            #expect(context.underlyingError is HTMappingError)
        }
        do {
            _ = try JSONDecoder().decode(Wrapper.self, from: Data(text.utf8))
            Issue.record("expected a decoding error")
        } catch DecodingError.dataCorrupted(let context) {
            // The first value that fails in mapping order: `likedBy` comes before `owner` (sorted relationships).
            #expect(context.codingPath.map(\.stringValue) == ["photo", "likedBy", "1", "id"])
            #expect(context.codingPath.map(\.intValue) == [nil, nil, 1, nil])
            #expect(context.debugDescription == "expected integer, found array of 0")
        }

        let lenient = JSONDecoder()
        lenient.userInfo[.htMappingOptions] = HTMappingOptions.lenient
        let wrapper = try lenient.decode(Wrapper.self, from: Data(text.utf8))
        #expect(wrapper.photo.id == 1)
        #expect(wrapper.photo.owner?.name == "Ada")
        #expect(wrapper.photo.owner?.id == nil, "lenient: left unset")
        #expect(wrapper.photo.likedBy?.map(\.id) == [1, nil])

        // Not an object at all.
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(HTShotPhoto.self, from: Data("[1, 2]".utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(HTUser.self, from: Data("\"text\"".utf8))
        }
    }

    @Test("Equatable and Hashable compare type and JSON, including nested models")
    func equality() throws {
        let a = try photo()
        let b = try photo()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        let moved = b.with { $0.owner = $0.owner?.with { $0.address = $0.address?.with { $0.zip = "EC1" } } }
        #expect(a != moved, "a nested difference is a difference")
        let movedBack = moved.with { $0.owner = $0.owner?.with { $0.address = $0.address?.with { $0.zip = "SW1Y" } } }
        #expect(a == movedBack)
        let other = b.with { $0.exif = ["f": 2.0] }
        #expect(a != other)
        #expect(Set([a, other]).count == 2)
        let page = HTWikiPage()
        let author = HTGuideAuthor()
        #expect((page as HTHTTPModel) != (author as HTHTTPModel), "same (empty) JSON, different types")
    }

    @Test("description names the fields, nested models included")
    func description() throws {
        let original = try photo()
        let text = original.description
        #expect(text.hasPrefix("HTShotPhoto(id: "))
        #expect(text.contains(#"owner: HTUser(id: 7, name: "Ada", address: HTAddress(city: "London", zip: "SW1Y")"#))
        #expect(text.contains(#"exif: {"f":1.8,"iso":100,"lens":null,"raw":false,"tags":["a",{"b":1}]}"#))
        #expect(original.debugDescription == text)
    }

    @Test("Encoding a model and decoding it gives an equal model of the same type")
    func codableRoundTripIsEqual() throws {
        let original = try photo()
        let decoded = try JSONDecoder().decode(HTShotPhoto.self, from: JSONEncoder().encode(original))
        #expect(decoded == original && decoded !== original)
    }
}
