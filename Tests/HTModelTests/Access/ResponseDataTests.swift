import Foundation
import HTModel
import HTModelFixtures
import Testing

@Suite("Dynamic accessor (ResponseData)")
struct ResponseDataTests {
    /// The seed's example document, plus a null, a boolean and a duplicate key.
    private static let text = #"""
        {"code": 200,
         "data": {"name": "xiongzenghui", "age": 19, "isVip": 0, "favorates": ["打篮球", "看电影", "爬山"],
                  "key": {"key1": "value1", "key2": "value2", "key3": "value3"},
                  "nickname": null, "verified": true, "id": "4900111000", "score": "1234.54", "bad": "aNumber"},
         "dup": {"a": 1, "b": 2, "a": 3}}
        """#

    private func document() throws -> HTResponseData {
        try HTResponseData(parsing: Self.text)
    }

    @Test("every kind, including none for absent values")
    func kinds() throws {
        let body = try document()
        #expect(body.kind == .dictionary)
        #expect(body["code"].kind == .number)
        #expect(body["data"]["name"].kind == .string)
        #expect(body["data"]["favorates"].kind == .array)
        #expect(body["data"]["key"].kind == .dictionary)
        #expect(body["data"]["nickname"].kind == .null)
        #expect(body["data"]["verified"].kind == .bool)
        #expect(body["absent"].kind == .none)
        #expect(body["absent"].json == nil)
        #expect(body["data"]["nickname"].json == .null)
        #expect(body["data"].kind(forKey: "age") == .number)
        #expect(body["data"].kind(forKey: "nope") == .none)
        #expect(body["code"].kind(forKey: "x") == .none, "a key on a number is nothing")
        #expect(HTResponseData.Kind.dictionary.description == "object")
    }

    @Test("isNull covers none and null; isNull(forKey:) also non-objects")
    func nulls() throws {
        let data = try document()["data"]
        #expect(data["nickname"].isNull)
        #expect(data["missing"].isNull)
        #expect(!data["name"].isNull)
        #expect(!data["isVip"].isNull, "0 is a value")
        #expect(data.isNull(forKey: "nickname"))
        #expect(data.isNull(forKey: "missing"))
        #expect(data.isNull(forKey: ""))
        #expect(!data.isNull(forKey: "name"))
        #expect(data["name"].isNull(forKey: "name"), "a string has no keys")
        #expect(data["favorates"].isNull(forKey: "0"))
    }

    @Test("chains of keys and indices never fail and remember their path")
    func chains() throws {
        let body = try document()
        #expect(body["data"]["favorates"][1].string == "看电影")
        #expect(body["data"]["favorates"][1].path.description == "data.favorates[1]")
        #expect(body["data"]["key"]["key2"].string == "value2")

        let outOfRange = body["data"]["favorates"][5]["name"]
        #expect(outOfRange.kind == .none)
        #expect(outOfRange.path.description == "data.favorates[5].name")
        #expect(body["data"]["favorates"][-1].kind == .none)
        #expect(body["data"]["name"][0].kind == .none)
        #expect(body["data"][0].kind == .none, "an index on an object is nothing")
        #expect(body["data"]["favorates"]["0"].kind == .none, "a key on an array is nothing")
        #expect(body["nope"]["deeper"]["deepest"][3].path.description == "nope.deeper.deepest[3]")

        // Key paths and explicit paths reach the same values.
        #expect(body.child(atKeyPath: "data.key.key3").string == "value3")
        #expect(body.child(atKeyPath: "data.key.nope").kind == .none)
        #expect(body.child(atKeyPath: "").kind == .dictionary)
        #expect(body[path: HTJSONPath([.key("data"), .key("favorates"), .index(2)])].string == "爬山")
        // The last of duplicate keys wins, as in the mapper.
        #expect(body["dup"]["a"].int == 3)
    }

    @Test("count, allKeys and elements")
    func counts() throws {
        let body = try document()
        #expect(body.count == 3)
        #expect(body.allKeys == ["code", "data", "dup"])
        #expect(body["data"]["favorates"].count == 3)
        #expect(body["data"]["key"].allKeys == ["key1", "key2", "key3"])
        #expect(body["dup"].allKeys == ["a", "b"], "each key once, in document order")
        #expect(body["dup"].count == 2)
        #expect(body["code"].count == 0)
        #expect(body["code"].allKeys.isEmpty)
        #expect(body["missing"].count == 0)
        let elements = body["data"]["favorates"].elements
        #expect(elements.map(\.string) == ["打篮球", "看电影", "爬山"])
        #expect(elements.map(\.path.description) == ["data.favorates[0]", "data.favorates[1]", "data.favorates[2]"])
        #expect(body["data"].elements.isEmpty)
    }

    @Test("lenient scalars coerce like the mapper and give nil otherwise")
    func lenientScalars() throws {
        let data = try document()["data"]
        #expect(data["name"].string == "xiongzenghui")
        #expect(data["age"].string == "19", "numbers read as their text")
        #expect(data["age"].int == 19)
        #expect(data["isVip"].bool == false)
        #expect(data["verified"].bool == true)
        #expect(data["verified"].string == "true")
        #expect(data["id"].int64 == 4_900_111_000)
        #expect(data["score"].double == 1234.54)
        #expect(data["score"].int == nil, "1234.54 is not an integer")
        #expect(data["bad"].int == nil)
        #expect(data["bad"].double == nil)
        #expect(data["bad"].bool == nil)
        #expect(data["nickname"].string == nil)
        #expect(data["missing"].string == nil)
        #expect(data["favorates"].string == nil)
        #expect((data["missing"].int ?? -1) == -1)
        #expect(data["key"]["key1"].url == URL(string: "value1"))
        #expect(data["age"].url == nil)
        #expect(data["favorates"].value(as: [String].self) == ["打篮球", "看电影", "爬山"])
        #expect(data["name"].value(as: [String].self) == nil)
    }

    @Test(
        "the accessor and the mapper agree on every sample value",
        arguments: [
            HTJSON.integer(1), .integer(0), .integer(-7), .double(2.0), .double(2.5), .string("42"), .string("4.0"),
            .string("yes"), .string("No"), .string("TRUE"), .string("abc"), .string(""), .bool(true), .bool(false),
            .string("2016-01-17T16:13:00-08:00"), .integer(1_453_075_980_000), .string("https://e.com/x"),
            .array([1]), .object(["a": 1]),
        ])
    func agreesWithMapper(value: HTJSON) throws {
        let fields = ["int", "int64", "double", "bool", "string", "url", "date"]
        let object = HTJSONObject(members: fields.map { HTJSONObject.Member(key: $0, value: value) })
        let model = try HTScalars(json: .object(object))
        let accessor = HTResponseData(value)
        #expect(model.int == accessor.int)
        #expect(model.int64 == accessor.int64)
        #expect(model.double == accessor.double)
        #expect(model.bool == accessor.bool)
        #expect(model.string == accessor.string)
        #expect(model.url == accessor.url)
        #expect(model.date == accessor.date)
    }

    @Test("timestamps: seconds, milliseconds and numeric strings; ISO strings are not timestamps")
    func timestamps() throws {
        let body = try HTResponseData(
            parsing: #"""
                {"s": 1453075980, "ms": 1453075980000, "text": "1453075980", "iso": "2016-01-17T16:13:00-08:00",
                 "frac": 1453075980.5, "day": "2016-01-17 16:13", "slash": "17/01/2016", "neg": -1}
                """#)
        let expected = Date(timeIntervalSince1970: 1_453_075_980)
        #expect(body["s"].timestamp == expected)
        #expect(body["ms"].timestamp == expected)
        #expect(body["text"].timestamp == expected)
        #expect(body["frac"].timestamp == Date(timeIntervalSince1970: 1_453_075_980.5))
        #expect(body["neg"].timestamp == Date(timeIntervalSince1970: -1))
        #expect(body["iso"].timestamp == nil)
        #expect(body["iso"].date == expected, "the mapper's rule reads ISO 8601")
        #expect(body["s"].date == expected, "and epoch numbers")
        #expect(body["iso"].date(.iso8601) == expected)
        #expect(body["s"].date(.iso8601) == nil)
        // Milliseconds read as seconds would be the year 48014: outside 1...9999, so nil (issue #35).
        #expect(body["ms"].date(.secondsSince1970) == nil)
        #expect(body["s"].date(.secondsSince1970) == expected)
        #expect(body["s"].date(.millisecondsSince1970) == Date(timeIntervalSince1970: 1_453_075.98))

        // Formatted dates, in UTC unless a time zone is given.
        #expect(body["day"].date(.pattern("yyyy-MM-dd HH:mm")) == Date(timeIntervalSince1970: 1_453_047_180))
        let pacific = try #require(TimeZone(secondsFromGMT: -8 * 3600))
        #expect(body["day"].date(.pattern("yyyy-MM-dd HH:mm", timeZone: pacific)) == expected)
        #expect(body["slash"].date(.pattern("yyyy-MM-dd HH:mm")) == nil)
        #expect(body["s"].date(.pattern("yyyy")) == nil, "patterns read strings only")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "dd/MM/yyyy"
        #expect(body["slash"].date(using: formatter) == Date(timeIntervalSince1970: 1_452_988_800))
        #expect(body["missing"].date(using: formatter) == nil)
    }

    @Test("decode returns converted values and throws with the path and what was found")
    func throwingScalars() throws {
        let data = try document()["data"]
        #expect(try data["age"].decode(Int.self) == 19)
        #expect(try data["id"].decode(Int64.self) == 4_900_111_000)
        #expect(try data["age"].decode(String.self) == "19")
        #expect(try data["isVip"].decode(Bool.self) == false)
        let inferred: Double = try data["score"].decode()
        #expect(inferred == 1234.54)

        let mismatch = #expect(throws: HTResponseDataError.self) { try data["bad"].decode(Int.self) }
        #expect(mismatch?.path.description == "data.bad")
        #expect(mismatch?.found == .string)
        #expect(mismatch?.description == #"data.bad: expected integer, found string "aNumber""#)

        let null = #expect(throws: HTResponseDataError.self) { try data["nickname"].decode(String.self) }
        #expect(null?.found == .null)
        #expect(null?.description == "data.nickname: expected string, found null")

        let missing = #expect(throws: HTResponseDataError.self) { try data["favorates"][5]["name"].decode(String.self) }
        #expect(missing?.found == HTResponseData.Kind.none)
        #expect(missing?.path.description == "data.favorates[5].name")
        #expect(
            missing?.message
                == "expected string, found nothing (at data.favorates: index 5 is out of range (3 elements))")

        let wrongStep = #expect(throws: HTResponseDataError.self) { try data["name"]["first"].decode(String.self) }
        #expect(wrongStep?.message.contains(#"at data.name: it is string "xiongzenghui", not an object"#) == true)

        let noKey = #expect(throws: HTResponseDataError.self) { try data["nmae"].decode(String.self) }
        #expect(noKey?.message.contains(#"at data: it has no key "nmae""#) == true)

        // HTJSON itself accepts null, as the mapper's HTJSON properties do.
        #expect(try data["nickname"].decode(HTJSON.self) == .null)
        #expect(try data["key"].decode(HTJSON.self) == ["key1": "value1", "key2": "value2", "key3": "value3"])
    }

    @Test("decodeIfPresent: nil for missing or null when null is allowed, an error when it is not")
    func allowsNull() throws {
        let data = try document()["data"]
        #expect(data.allowsNull)
        #expect(try data["nickname"].decodeIfPresent(String.self) == nil)
        #expect(try data["missing"].decodeIfPresent(Int.self) == nil)
        #expect(try data["age"].decodeIfPresent(Int.self) == 19)
        #expect(throws: HTResponseDataError.self) { try data["bad"].decodeIfPresent(Int.self) }

        let strict = data.allowingNull(false)
        #expect(!strict.allowsNull)
        #expect(!strict["nickname"].allowsNull, "children inherit the setting")
        let nullError = #expect(throws: HTResponseDataError.self) {
            try strict["nickname"].decodeIfPresent(String.self)
        }
        #expect(nullError?.found == .null)
        #expect(throws: HTResponseDataError.self) { try strict["missing"].decodeIfPresent(String.self) }
        #expect(try strict["age"].decodeIfPresent(Int.self) == 19)
        // Lenient accessors return nil either way.
        #expect(strict["nickname"].string == nil)

        var mutable = HTResponseData(["a": nil], allowsNull: false)
        #expect(throws: HTResponseDataError.self) { try mutable["a"].decodeDateIfPresent() }
        mutable.allowsNull = true
        #expect(try mutable["a"].decodeDateIfPresent() == nil)
    }

    @Test("throwing dates name the format they expected")
    func throwingDates() throws {
        let body = try HTResponseData(
            parsing: #"{"s": 1453075980, "iso": "2016-01-17T16:13:00-08:00", "x": "soon", "n": null}"#)
        let expected = Date(timeIntervalSince1970: 1_453_075_980)
        #expect(try body["s"].decodeDate(.timestamp) == expected)
        #expect(try body["iso"].decodeDate() == expected)
        #expect(try body["n"].decodeDateIfPresent(.timestamp) == nil)
        #expect(try body["s"].decodeDateIfPresent(.timestamp) == expected)

        let notTimestamp = #expect(throws: HTResponseDataError.self) { try body["iso"].decodeDate(.timestamp) }
        #expect(
            notTimestamp?.message.hasPrefix("expected timestamp (epoch seconds or milliseconds), found string") == true)
        let pattern = #expect(throws: HTResponseDataError.self) { try body["x"].decodeDate(.pattern("yyyy-MM-dd")) }
        #expect(pattern?.description == #"x: expected date in the format "yyyy-MM-dd", found string "soon""#)
        #expect(throws: HTResponseDataError.self) { try body["x"].decodeDateIfPresent() }

        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy"
        let byFormatter = #expect(throws: HTResponseDataError.self) { try body["missing"].decodeDate(using: formatter) }
        #expect(byFormatter?.message.hasPrefix(#"expected date in the format "yyyy", found nothing"#) == true)
    }

    @Test("decode maps models and arrays; strict mode reports the nested path")
    func models() throws {
        let body = try HTResponseData(
            parsing: #"""
                {"data": {"users": [{"id": 1, "name": "Ada"}, {"id": "two", "name": "Bob"}], "user": {"id": 3}}}
                """#)
        let user = try body["data"]["user"].decode(HTUser.self)
        #expect(user.id == 3)
        let users = try body["data"]["users"].decode([HTUser].self)
        #expect(users.map(\.name) == ["Ada", "Bob"])
        #expect(users.map(\.id) == [1, nil], "lenient: the unconvertible id is left unset")

        let strict = #expect(throws: HTResponseDataError.self) {
            try body["data"]["users"].decode([HTUser].self, options: .strict)
        }
        #expect(strict?.path.description == "data.users[1].id")
        #expect(strict?.found == .string)
        #expect(strict?.message == #"expected integer, found string "two""#)

        let notObject = #expect(throws: HTResponseDataError.self) { try body["data"]["users"].decode(HTUser.self) }
        #expect(notObject?.found == .array)
        #expect(notObject?.path.description == "data.users")
        #expect(body["data"]["users"].value(as: HTUser.self) == nil)
    }

    @Test("entry points: HTJSON.responseData, parse errors, descriptions")
    func entryPoints() throws {
        let json: HTJSON = ["a": [1, 2]]
        #expect(json.responseData["a"][1].int == 2)
        #expect(json.responseData["a"][1].description == "a[1]: number 2")
        #expect(json.responseData["b"]["c"].description == #"b.c: nothing (at <root>: it has no key "b")"#)
        #expect(throws: HTJSONParseError.self) { try HTResponseData(parsing: "{") }
        #expect(try HTResponseData(parsing: Data("[true]".utf8))[0].bool == true)
        // The optional-returning HTJSON subscripts keep working beside the accessor.
        #expect(json["a"]?[0] == 1)
        #expect(json["b"] == nil)
    }
}
