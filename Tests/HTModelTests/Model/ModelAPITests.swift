import Foundation
import HTModel
import Testing

@Suite("Model API")
struct ModelAPITests {
    private let userText = #"""
        {"id": 7, "name": "Ada", "address": {"city": "London", "zip": "SW1Y"}, "tags": ["a", "b"]}
        """#

    @Test("init from a JSON value, a string and data give the same model")
    func initializers() throws {
        let fromValue = try HTUser(json: try Fixture.json(userText))
        let fromString = try HTUser(jsonString: userText)
        let fromData = try HTUser(jsonData: Data(userText.utf8))
        for user in [fromValue, fromString, fromData] {
            #expect(user.id == 7)
            #expect(user.name == "Ada")
            #expect(user.address?.city == "London")
            #expect(user.tags == ["a", "b"])
        }
        #expect(fromValue == fromString)
        #expect(fromString == fromData)
    }

    @Test("init rejects non-objects and invalid JSON")
    func initFailures() throws {
        let arrayError = #expect(throws: HTMappingError.self) {
            _ = try HTUser(json: [1, 2])
        }
        #expect(arrayError?.message.contains("array") == true)
        #expect(throws: HTJSONParseError.self) {
            _ = try HTUser(jsonString: #"{"id": 1,"#)
        }
        #expect(throws: HTJSONParseError.self) {
            _ = try HTUser(jsonData: Data("nope".utf8))
        }
        // Strict mode through the string initializer.
        let strictError = #expect(throws: HTMappingError.self) {
            _ = try HTUser(jsonString: #"{"id": "seven"}"#, options: .strict)
        }
        #expect(strictError?.path.description == "id")
    }

    @Test("htSet(from:) updates an existing model and returns the diagnostics")
    func htSet() throws {
        let user = try HTUser(jsonString: userText)
        let address = try #require(user.address)
        let diagnostics = try user.htSet(
            from: try Fixture.json(#"{"name": "Grace", "id": "x", "address": {"city": "Arlington"}}"#))
        #expect(user.name == "Grace")
        #expect(user.id == 7)  // unconvertible: left as it was
        #expect(user.tags == ["a", "b"])  // missing: left as it was
        #expect(diagnostics.map(\.path.description) == ["id"])
        // A nested object replaces the nested model (it is mapped afresh, as RestKit did without identification).
        #expect(user.address?.city == "Arlington")
        #expect(user.address?.zip == nil)
        #expect(address.city == "London")

        let error = #expect(throws: HTMappingError.self) {
            try user.htSet(from: "text")
        }
        #expect(error?.path.description == "<root>")
        #expect(user.name == "Grace")

        #expect(throws: HTMappingError.self) {
            try user.htSet(from: try Fixture.json(#"{"tags": "not-an-array"}"#), options: .strict)
        }
    }

    @Test("htJSON and htJSONObject leave out nil properties and keep declaration order")
    func toJSON() throws {
        let user = HTUser()
        user.id = 1
        user.name = "Ada"
        user.tags = []
        let address = HTAddress()
        address.city = "London"
        user.address = address
        let object = user.htJSONObject()
        // The order of the model's table of properties (`htAccessors`), relationships included.
        #expect(object.keys == ["id", "name", "address", "tags"])
        #expect(object["email"] == nil)
        #expect(object["tags"] == .array([]))
        #expect(object["address"] == ["city": "London"])
        #expect(user.htJSON == .object(object))

        let excluded = user.htJSONObject(excluding: ["name", "address", "notAProperty"])
        #expect(excluded.keys == ["id", "tags"])
    }

    @Test("htJSONString and htJSONData serialize, and parse back to an equal model")
    func jsonStringRoundTrip() throws {
        let user = try HTUser(jsonString: userText)
        let text = user.htJSONString()
        #expect(text == #"{"id":7,"name":"Ada","address":{"city":"London","zip":"SW1Y"},"tags":["a","b"]}"#)
        let sorted = user.htJSONString(options: [.sortedKeys])
        #expect(sorted == #"{"address":{"city":"London","zip":"SW1Y"},"id":7,"name":"Ada","tags":["a","b"]}"#)
        #expect(try HTUser(jsonString: text) == user)
        #expect(try HTUser(jsonData: user.htJSONData()) == user)

        let scalars = HTScalars()
        scalars.double = 0.1
        scalars.bool = false
        scalars.int64 = Int64.max
        scalars.state = "custom"
        scalars.json = ["k": nil]
        let back = try HTScalars(jsonString: scalars.htJSONString())
        #expect(back == scalars)
        #expect(back.double == 0.1)
        #expect(back.int64 == Int64.max)
        #expect(back.json == ["k": nil])
    }

    @Test("htCopy() is deep: nested models and arrays of models are copied")
    func deepCopy() throws {
        let article = try HTArticle(
            json: try Fixture.json(
                #"""
                {"id": 1, "title": "t", "author": {"name": "Ada", "address": {"city": "London"}},
                 "comments": [{"id": 1, "text": "c1", "author": {"name": "Bob"}}]}
                """#))
        let copy = article.htCopy()
        #expect(copy == article)
        #expect(copy !== article)
        #expect(copy.author !== article.author)
        #expect(copy.author?.address !== article.author?.address)
        #expect(copy.comments?.first !== article.comments?.first)

        copy.author?.name = "Grace"
        copy.author?.address?.city = "Arlington"
        copy.comments?.first?.text = "edited"
        copy.comments?.first?.author?.name = "Carol"
        copy.comments?.append(HTComment())
        copy.title = "changed"

        #expect(article.author?.name == "Ada")
        #expect(article.author?.address?.city == "London")
        #expect(article.comments?.first?.text == "c1")
        #expect(article.comments?.first?.author?.name == "Bob")
        #expect(article.comments?.count == 1)
        #expect(article.title == "t")
        #expect(copy != article)
    }

    @Test("htCopy() copies every scalar kind, including renamed properties")
    func copyScalars() throws {
        let scalars = try HTScalars(
            json: try Fixture.json(
                #"""
                {"int": 1, "int64": 2, "double": 3.5, "bool": true, "string": "s", "url": "https://e.com",
                 "date": 0, "json": [1], "state": "active", "states": ["x"], "numbers": [1, 2]}
                """#))
        let copy = scalars.htCopy()
        #expect(copy.int == 1)
        #expect(copy.int64 == 2)
        #expect(copy.double == 3.5)
        #expect(copy.bool == true)
        #expect(copy.string == "s")
        #expect(copy.url == URL(string: "https://e.com"))
        #expect(copy.date == Date(timeIntervalSince1970: 0))
        #expect(copy.json == [1])
        #expect(copy.state == .active)
        #expect(copy.states == ["x"])
        #expect(copy.numbers == [1, 2])
        #expect(copy == scalars)

        let user = HTUser()
        user.description_ = "renamed"
        #expect(user.htCopy().description_ == "renamed")
    }

    @Test("Equatable and Hashable compare type and JSON")
    func equality() throws {
        let a = try HTUser(jsonString: userText)
        let b = try HTUser(jsonString: userText)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)

        b.tags = ["a"]
        #expect(a != b)
        #expect(Set([a, b]).count == 2)

        // Same JSON, different types: not equal.
        let address = HTAddress()
        let profile = HTProfile()
        let equal: Bool = address == profile
        #expect(equal == false)
        #expect((address as HTHTTPModel) != (profile as HTHTTPModel))
        let emptyUser = HTUser()
        #expect(emptyUser == HTUser())
        #expect(emptyUser.htJSONValue == .object(HTJSONObject()))
        // A dictionary keyed by models.
        var counts: [HTUser: Int] = [:]
        counts[a, default: 0] += 1
        counts[try HTUser(jsonString: userText), default: 0] += 1
        #expect(counts[a] == 2)
    }

    @Test("description is the type name and the JSON, sorted and indented")
    func description() throws {
        let user = HTUser()
        user.name = "Ada"
        user.id = 3
        let text = user.description
        #expect(text.hasPrefix("HTUser "))
        let json = try HTJSON(parsing: String(text.dropFirst("HTUser ".count)))
        #expect(json == ["id": 3, "name": "Ada"])
        // Sorted keys, and indented over several lines.
        let idRange = try #require(text.range(of: "\"id\""))
        let nameRange = try #require(text.range(of: "\"name\""))
        #expect(idRange.lowerBound < nameRange.lowerBound)
        #expect(text.contains("\n"))
        #expect(user.debugDescription == text)
        #expect("\(user)" == text)
    }

    @Test("models are safe to create and map concurrently")
    func concurrentMapping() async throws {
        let text = userText
        let ids = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let user = try HTUser(jsonString: text)
                    user.id = index
                    return user.htCopy().id
                }
            }
            var ids: [Int] = []
            for try await id in group {
                if let id { ids.append(id) }
            }
            return ids.sorted()
        }
        #expect(ids == Array(0..<16))
    }
}
