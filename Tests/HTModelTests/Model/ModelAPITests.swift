import Foundation
import HTModel
import HTModelFixtures
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

    @Test("htUpdated(from:) applies the JSON over a copy; the model itself never changes")
    func htUpdated() throws {
        let user = try HTUser(jsonString: userText)
        let address = try #require(user.address)
        let (updated, diagnostics) = try HTUser.htMapped(
            from: try Fixture.json(#"{"name": "Grace", "id": "x", "address": {"city": "Arlington"}}"#), over: user)
        #expect(updated.name == "Grace")
        #expect(updated.id == 7)  // unconvertible: left as it was
        #expect(updated.tags == ["a", "b"])  // missing: left as it was
        #expect(diagnostics.map(\.path.description) == ["id"])
        // A nested object replaces the nested model (it is mapped afresh, as RestKit did without identification).
        #expect(updated.address?.city == "Arlington")
        #expect(updated.address?.zip == nil)
        // The original and its nested model are unchanged.
        #expect(user.name == "Ada" && user.address === address && address.city == "London")
        #expect(try user.htUpdated(from: ["name": "Grace"]).name == "Grace")

        let error = #expect(throws: HTMappingError.self) {
            try user.htUpdated(from: "text")
        }
        #expect(error?.path.description == "<root>")
        #expect(throws: HTMappingError.self) {
            try user.htUpdated(from: try Fixture.json(#"{"tags": "not-an-array"}"#), options: .strict)
        }
    }

    @Test("htJSON and htJSONObject leave out nil properties and keep declaration order")
    func toJSON() throws {
        let user = HTUser {
            $0.id = 1
            $0.name = "Ada"
            $0.tags = []
            $0.address = HTAddress { $0.city = "London" }
        }
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

        let scalars = HTScalars {
            $0.double = 0.1
            $0.bool = false
            $0.int64 = Int64.max
            $0.state = "custom"
            $0.json = ["k": nil]
        }
        let back = try HTScalars(jsonString: scalars.htJSONString())
        #expect(back == scalars)
        #expect(back.double == 0.1)
        #expect(back.int64 == Int64.max)
        #expect(back.json == ["k": nil])
    }

    @Test("with { } makes a new model with the changes; the original and what it shares are unchanged")
    func withMakesANewModel() throws {
        let article = try HTArticle(
            json: try Fixture.json(
                #"""
                {"id": 1, "title": "t", "author": {"name": "Ada", "address": {"city": "London"}},
                 "comments": [{"id": 1, "text": "c1", "author": {"name": "Bob"}}]}
                """#))
        let edited = article.with {
            $0.title = "changed"
            $0.author = $0.author?.with { $0.name = "Grace" }
            $0.comments?.append(HTComment { $0.text = "c2" })
        }
        #expect(edited !== article && edited != article)
        #expect(edited.title == "changed" && edited.author?.name == "Grace" && edited.comments?.count == 2)
        // Unchanged fields are shared, not copied: nothing can change them.
        #expect(edited.author?.address === article.author?.address)
        #expect(edited.comments?.first === article.comments?.first)
        #expect(article.title == "t" && article.author?.name == "Ada" && article.comments?.count == 1)

        let same = article.with { _ in }
        #expect(same !== article && same == article)

        let renamed = HTUser { $0.description_ = "renamed" }
        #expect(renamed.with { $0.name = "x" }.description_ == "renamed")
    }

    @Test("Equality and hashing are field by field, only between models of one type")
    func equality() throws {
        let a = try HTUser(jsonString: userText)
        let b = try HTUser(jsonString: userText)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)

        let c = b.with { $0.tags = ["a"] }
        #expect(a != c)
        #expect(Set([a, c]).count == 2)
        // Nested models compare by their fields too.
        #expect(
            a.with {
                $0.address = HTAddress {
                    $0.city = "London"
                    $0.zip = "SW1Y"
                }
            } == a)

        // Same fields (none), different types: not equal, and no JSON is made to find out.
        let address = HTAddress()
        let profile = HTProfile()
        let equal: Bool = address == profile
        #expect(equal == false)
        #expect((address as HTHTTPModel) != (profile as HTHTTPModel))
        #expect(HTUser() == HTUser())
        #expect(HTUser().htJSONValue == .object(HTJSONObject()))
        // A dictionary keyed by models.
        var counts: [HTUser: Int] = [:]
        counts[a, default: 0] += 1
        counts[try HTUser(jsonString: userText), default: 0] += 1
        #expect(counts[a] == 2)
    }

    @Test("A model in a Set is found again; an edited copy is another element")
    func setMembership() throws {
        let user = try HTUser(jsonString: userText)
        var set: Set<HTUser> = [user]
        let renamed = user.with { $0.name = "Ann" }
        #expect(set.contains(user))
        #expect(!set.contains(renamed))
        set.insert(renamed)
        #expect(set.count == 2)
        #expect(set.contains(user) && set.contains(renamed))
        #expect(set.contains(try HTUser(jsonString: userText)))
    }

    @Test("description, dump and Mirror show the fields by their Swift names")
    func description() throws {
        let user = HTUser {
            $0.name = "Ada"
            $0.id = 3
            $0.description_ = "renamed"
            $0.address = HTAddress { $0.city = "London" }
        }
        #expect(
            user.description
                == #"HTUser(id: 3, name: "Ada", address: HTAddress(city: "London"), description_: "renamed")"#)
        #expect(user.debugDescription == user.description)
        #expect("\(user)" == user.description)

        let mirror = Mirror(reflecting: user)
        #expect(mirror.children.map(\.label) == ["id", "name", "email", "address", "tags", "description_"])
        #expect(mirror.children.first?.value as? Int == 3)
        var dumped = ""
        dump(user, to: &dumped)
        #expect(dumped.contains("name: \"Ada\""))
        #expect(dumped.contains("city: \"London\""))
        #expect(!dumped.contains("htStorage"))
    }

    @Test("one model is read from many tasks at once, with no lock")
    func concurrentReading() async throws {
        let user = try HTUser(jsonString: userText)
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let mine = user.with { $0.id = index }
                    #expect(user.id == 7)
                    return mine.id == index ? user.name : nil
                }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        #expect(names == Array(repeating: "Ada", count: 16))
    }
}
