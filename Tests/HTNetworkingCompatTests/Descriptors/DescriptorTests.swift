import Foundation
import HTModelFixtures
import HTNetworking
import HTNetworkingCompat
import Testing

@Suite("Descriptors: status codes, methods, path patterns")
struct DescriptorPartsTests {
    @Test("status code sets from codes, ranges and classes")
    func statusCodes() {
        let single: HTStatusCodeSet = 200
        #expect(single.contains(200))
        #expect(!single.contains(201))
        #expect(single.description == "200")

        let listed: HTStatusCodeSet = [204, 200, 201, 304]
        #expect(listed.ranges == [200...201, 204...204, 304...304], "sorted, adjacent codes merged")
        #expect(listed.description == "200-201,204,304")
        #expect(listed.count == 4)
        for code in [200, 201, 204, 304] { #expect(listed.contains(code)) }
        for code in [199, 202, 203, 205, 303, 305, 0, -1, 1000] { #expect(!listed.contains(code)) }

        #expect(HTStatusCodeSet.successful.ranges == [200...299])
        #expect(HTStatusCodeSet.class(.clientError) == .clientError)
        #expect(HTStatusCodeSet.Class.serverError.codes == 500...599)
        #expect(HTStatusCodeSet.successful.contains(299))
        #expect(!HTStatusCodeSet.successful.contains(300))
        #expect(HTStatusCodeSet.informational.contains(100) && HTStatusCodeSet.redirection.contains(304))
        let errors = HTStatusCodeSet.clientError.union(.serverError)
        #expect(errors.ranges == [400...599])
        #expect(errors.description == "400-599")
        #expect(
            HTStatusCodeSet.any.contains(100) && HTStatusCodeSet.any.contains(599) && !HTStatusCodeSet.any.contains(600)
        )
        #expect(HTStatusCodeSet(200..<204).ranges == [200...203])
        #expect(HTStatusCodeSet(200..<200).isEmpty)
        #expect(!HTStatusCodeSet([]).contains(200))
        #expect(HTStatusCodeSet(ranges: [200...250, 240...260, 261...270]).ranges == [200...270])
        // Extreme values neither trap nor overflow.
        let extreme = HTStatusCodeSet(ranges: [Int.min...0, 5...Int.max])
        #expect(extreme.contains(Int.min) && extreme.contains(Int.max) && !extreme.contains(3))
        #expect(extreme.count == Int.max)
        #expect(HTStatusCodeSet(ranges: [Int.min...Int.max]).count == Int.max)
    }

    @Test("method sets: any, one, several; case-insensitive")
    func methods() {
        #expect(HTMethodSet.any.contains("PATCH"))
        #expect(HTMethodSet.any.isAny)
        #expect(HTMethodSet.any.description == "ANY")
        let get: HTMethodSet = "get"
        #expect(get.contains("GET") && get.contains("Get"))
        #expect(!get.contains("POST"))
        #expect(!get.isAny)
        let writes: HTMethodSet = ["post", "PUT"]
        #expect(writes.contains("put") && writes.contains("POST") && !writes.contains("GET"))
        #expect(writes.description == "POST|PUT")
        #expect(HTMethodSet([]).contains("GET") == false)
    }

    @Test("path patterns capture parameters, segment by segment")
    func pathPatterns() {
        let photos: HTPathPattern = "/users/:id/photos"
        #expect(photos.match("/users/7/photos") == ["id": "7"])
        #expect(photos.match("users/7/photos/") == ["id": "7"], "leading and trailing slashes do not matter")
        #expect(photos.match("/users/7/photos?page=2#top") == ["id": "7"], "the query and fragment are ignored")
        #expect(photos.match("/users//7/photos") == ["id": "7"])
        #expect(photos.match("/users/7") == nil)
        #expect(photos.match("/users/7/photos/1") == nil)
        #expect(photos.match("/users//photos") == nil, "a parameter needs at least one character")
        #expect(photos.match("/people/7/photos") == nil)
        #expect(photos.parameterNames == ["id"])
        #expect(photos.description == "/users/:id/photos")

        // Percent-decoding after splitting: %2F stays inside the parameter.
        #expect(photos.match("/users/li%20lei/photos") == ["id": "li lei"])
        #expect(photos.match("/users/a%2Fb/photos") == ["id": "a/b"])
        #expect(HTPathPattern("/caf%C3%A9").match("/caf%C3%A9") == nil, "patterns are literal text, not encoded")
        #expect(HTPathPattern("/café").match("/caf%C3%A9") == [:])

        // Parameters sharing a segment with literals, braces, several per segment.
        let json: HTPathPattern = "/users/:id.json"
        #expect(json.match("/users/12.json") == ["id": "12"])
        #expect(json.match("/users/12.xml") == nil)
        #expect(json.match("/users/a.b.json") == ["id": "a.b"])
        #expect(
            HTPathPattern("/files/{name}.{ext}").match("/files/report.final.pdf") == [
                "name": "report", "ext": "final.pdf",
            ])
        #expect(
            HTPathPattern("/r/:a:b").match("/r/xyz") == ["a": "x", "b": "yz"],
            "the first parameter takes as few as it can")
        #expect(HTPathPattern("/v/{version}/items").match("/v/2/items") == ["version": "2"])
        #expect(HTPathPattern("/t/:snake_name").parameterNames == ["snake_name"])

        // Text that does not start a parameter is literal.
        #expect(HTPathPattern("/a:/b").match("/a:/b") == [:])
        #expect(HTPathPattern("/x/{}").match("/x/{}") == [:])
        #expect(HTPathPattern("/x/{open").match("/x/{open") == [:])
        #expect(HTPathPattern("/x/:-y").match("/x/:-y") == [:])
        #expect(HTPathPattern("/").match("/") == [:])
        #expect(HTPathPattern("").match("") == [:])
        #expect(HTPathPattern("/").match("/a") == nil)
    }

    @Test("many parameters in one segment stay fast")
    func pathologicalPattern() {
        // Twelve parameters and a final literal the path lacks: every split must be tried and fail.
        let pattern = HTPathPattern("/" + (0..<12).map { ":p\($0)" }.joined(separator: "-") + "-z")
        let path = "/" + String(repeating: "a-", count: 100) + "b"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(pattern.match(path) == nil)
        }
        // Exponential backtracking would take far longer than this generous bound.
        #expect(elapsed < .seconds(30))
        let fits = "/" + (0..<12).map { "v\($0)" }.joined(separator: "-") + "-z"
        #expect(pattern.match(fits)?["p11"] == "v11")
        #expect(pattern.match(fits)?.count == 12)
    }

    @Test("specificity: literal over mixed over parameter, from the left")
    func specificity() {
        let patterns: [HTPathPattern] = ["/users/:id", "/users/me", "/:kind/:id", "/users/:id.json", "/:kind/me"]
        let sorted = patterns.sorted { $0.isMoreSpecific(than: $1) }
        #expect(sorted.map(\.pattern) == ["/users/me", "/users/:id.json", "/users/:id", "/:kind/me", "/:kind/:id"])
        #expect(!HTPathPattern("/a/:x").isMoreSpecific(than: "/a/:y"), "equally specific")
        #expect(HTPathPattern("/a/:x.json").isMoreSpecific(than: "/a/:x.js"), "more literal characters")
    }
}

@Suite("Descriptors: response descriptors, the registry, request descriptors")
struct DescriptorTests {
    private func body(_ text: String) throws -> HTJSON { try HTJSON(parsing: text) }

    @Test("RestKit's wiki page: a key path, any path pattern, status 200")
    func wikiPage() throws {
        let mapping = try HTObjectMapping<HTWikiPage>(attributes: ["title", "body"])
        let descriptor = HTResponseDescriptor(mapping: mapping, keyPath: "page", statusCodes: 200)
        let registry = HTDescriptorRegistry(responseDescriptors: [descriptor])
        let json = try body(
            #"{"page": {"title": "An Example Page", "body": "Some example content", "random": "hehe"}}"#)

        let result = try registry.mapResponse(json, method: "POST", path: "/pages", statusCode: 200)
        let page = try #require(result.firstObject as? HTWikiPage)
        #expect(page.title == "An Example Page")
        #expect(page.body == "Some example content")
        #expect(page.name == nil, "not in the mapping")
        #expect(result.keyPaths == ["page"])
        #expect(result.count == 1)

        // 201 is not 200.
        let wrongStatus = #expect(throws: HTResponseMappingError.self) {
            try registry.mapResponse(json, method: "POST", path: "/pages", statusCode: 201)
        }
        #expect(wrongStatus == .noMatchingDescriptor(method: "POST", path: "/pages", statusCode: 201))
        #expect(wrongStatus?.description == "no response descriptor matches POST /pages with status 201")

        // Without the outer key: the key path becomes nil, the mapping stays.
        let bare = HTDescriptorRegistry(responseDescriptors: [HTResponseDescriptor(mapping: mapping, keyPath: nil)])
        let bareResult = try bare.mapResponse(
            try body(#"{"title": "T", "body": "B"}"#), method: "GET", path: "/", statusCode: 200)
        #expect(bareResult.keyPaths == [nil])
        #expect(bareResult.first(HTWikiPage.self)?.body == "B")
        #expect(
            HTResponseDescriptor(mapping: mapping, keyPath: "").keyPath == nil, "an empty key path is the whole body")

        // A mapping naming a property the model lacks is rejected when it is built (the guide's `bodyWrong`).
        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTWikiPage>(attributes: ["title", "bodyWrong", "name"])
        }
    }

    @Test("one object or an array of objects under the same descriptor, with nested relationships")
    func articles() throws {
        let articleMapping = try HTObjectMapping<HTGuideArticle>(
            keyedAttributes: ["title": "title", "body": "body", "publication_date": "publicationDate"],
            relationships: ["author": "author", "authors": "authors"])
        let registry = HTDescriptorRegistry(responseDescriptors: [
            HTResponseDescriptor(mapping: articleMapping, keyPath: "articles", statusCodes: .successful)
        ])
        let many = try body(
            #"""
            {"articles": [
              {"title": "RestKit Object Mapping Intro", "body": "This article details…",
               "author": {"name": "Blake Watters", "email": "blake@restkit.org"}, "publication_date": "2011-07-04"},
              {"title": "RestKit 1.0 Released", "body": "RestKit 1.0 has been released…",
               "authors": [{"name": "Blake Watters", "email": "blake@restkit.org"}, {"name": "lwang", "email": "lwang@restkit.org"}],
               "publication_date": "2011-09-04"}
            ]}
            """#)
        let result = try registry.mapResponse(many, method: "GET", path: "/articles", statusCode: 203)
        let articles = result.objects(atKeyPath: "articles", as: HTGuideArticle.self)
        #expect(articles.map(\.title) == ["RestKit Object Mapping Intro", "RestKit 1.0 Released"])
        #expect(articles[0].author?.email == "blake@restkit.org")
        #expect(articles[1].authors?.map(\.name) == ["Blake Watters", "lwang"])
        #expect(articles[0].publicationDate == HTValueCoercion.iso8601Date("2011-07-04"))
        #expect(result.diagnostics.isEmpty)

        let one = try body(#"{"articles": {"title": "Alone", "author": {"name": "Ada"}}}"#)
        let single = try registry.mapResponse(one, method: "GET", path: "/articles", statusCode: 200)
        #expect(single.objects(ofType: HTGuideArticle.self).map(\.title) == ["Alone"])
        #expect(single.first(HTGuideArticle.self)?.author?.name == "Ada")
    }

    @Test("several descriptors fill several key paths from one response")
    func severalKeyPaths() throws {
        let registry = HTDescriptorRegistry(responseDescriptors: [
            HTResponseDescriptor(for: HTUser.self, pathPattern: "/home", keyPath: "data.user"),
            HTResponseDescriptor(for: HTArticle.self, pathPattern: "/home", keyPath: "data.articles"),
            HTResponseDescriptor(for: HTComment.self, pathPattern: "/home", keyPath: "pinned"),
            HTResponseDescriptor(for: HTAddress.self, pathPattern: "/elsewhere", keyPath: "data.user.address"),
        ])
        let json = try body(
            #"""
            {"data": {"user": {"id": 1, "name": "Ada", "address": {"city": "London"}},
                      "articles": [{"id": 10, "title": "a"}, {"id": 11, "title": "b"}, "oops", {"id": "x"}]}}
            """#)
        let result = try registry.mapResponse(json, method: "GET", path: "/home", statusCode: 200)
        #expect(
            result.keyPaths == ["data.user", "data.articles"],
            "pinned holds nothing; the /elsewhere descriptor does not apply")
        #expect(result.objects(atKeyPath: "data.user", as: HTUser.self).first?.address?.city == "London")
        #expect(result.objects(atKeyPath: "data.articles", as: HTArticle.self).map(\.id) == [10, 11, nil])
        #expect(result.objects(atKeyPath: "pinned").isEmpty)
        #expect(result.objects(atKeyPath: nil).isEmpty)
        #expect(result.count == 4)
        #expect(result.array.count == 4)
        #expect((result.firstObject as? HTUser)?.name == "Ada")
        #expect(result.first(HTArticle.self)?.title == "a")
        #expect(result.first(HTAddress.self) == nil)
        #expect(result.entries.map { $0.descriptor.modelType == HTUser.self } == [true, false])
        // Lenient: the string element and the unconvertible id are reported with their paths.
        #expect(result.diagnostics.map(\.path.description) == ["data.articles[2]", "data.articles[3].id"])
        #expect(result.diagnostics[0].message == #"expected object (HTArticle), found string "oops""#)

        let strict = #expect(throws: HTResponseMappingError.self) {
            try registry.mapResponse(json, method: "GET", path: "/home", statusCode: 200, options: .strict)
        }
        guard case .mapping(let error)? = strict else {
            Issue.record("expected a mapping error, got \(String(describing: strict))")
            return
        }
        #expect(error.path.description == "data.articles[2]")
    }

    @Test("the most specific descriptor wins for a key path; ties go to the one added last")
    func selection() throws {
        let byID = HTResponseDescriptor(for: HTUser.self, pathPattern: "/users/:id", keyPath: "data")
        let me = HTResponseDescriptor(for: HTProfile.self, pathPattern: "/users/me", keyPath: "data")
        let anyPath = HTResponseDescriptor(for: HTAddress.self, keyPath: "data")
        let errors = HTResponseDescriptor(
            for: HTComment.self, keyPath: "error", statusCodes: .clientError.union(.serverError))
        // Registered general first and specific first: the same choice.
        for order in [[anyPath, byID, me, errors], [me, byID, anyPath, errors]] {
            let registry = HTDescriptorRegistry(responseDescriptors: order)
            #expect(
                registry.responseDescriptors(method: "GET", path: "/users/me", statusCode: 200).map(\.pathPattern) == [
                    me.pathPattern
                ])
            #expect(
                registry.responseDescriptors(method: "GET", path: "/users/7", statusCode: 200).map(\.pathPattern) == [
                    byID.pathPattern
                ])
            #expect(
                registry.responseDescriptors(method: "GET", path: "/posts", statusCode: 200).map(\.pathPattern) == [nil]
            )
            let failure = registry.responseDescriptors(method: "GET", path: "/users/7", statusCode: 404)
            #expect(failure.map(\.keyPath) == ["error"])
        }

        // Named methods beat any; fewer status codes beat more; otherwise the last added wins.
        let anyMethod = HTResponseDescriptor(for: HTUser.self, method: .any, pathPattern: "/x", keyPath: "k")
        let getOnly = HTResponseDescriptor(for: HTProfile.self, method: "GET", pathPattern: "/x", keyPath: "k")
        let ok = HTResponseDescriptor(
            for: HTAddress.self, method: "GET", pathPattern: "/x", keyPath: "k", statusCodes: 200)
        var registry = HTDescriptorRegistry()
        registry.add(ok)
        registry.add(getOnly)
        registry.add(anyMethod)
        #expect(
            registry.responseDescriptors(method: "GET", path: "/x", statusCode: 200).first?.modelType == HTAddress.self)
        #expect(
            registry.responseDescriptors(method: "GET", path: "/x", statusCode: 201).first?.modelType == HTProfile.self)
        #expect(
            registry.responseDescriptors(method: "POST", path: "/x", statusCode: 200).first?.modelType == HTUser.self)
        let twin = HTResponseDescriptor(for: HTComment.self, method: "GET", pathPattern: "/x", keyPath: "k")
        registry.add(twin)
        #expect(
            registry.responseDescriptors(method: "GET", path: "/x", statusCode: 201).first?.modelType == HTComment.self,
            "equally specific: the last added wins, as in RestKit")
        #expect(registry.responseDescriptors.count == 4)
    }

    @Test("empty bodies, key paths holding nothing, and values that are not objects")
    func edgeCases() throws {
        let registry = HTDescriptorRegistry(responseDescriptors: [
            HTResponseDescriptor(for: HTUser.self, keyPath: "user"),
            HTResponseDescriptor(for: HTArticle.self, keyPath: "article.deep"),
        ])
        let empty = try registry.mapResponse(.null, method: "DELETE", path: "/users/1", statusCode: 204)
        #expect(empty.isEmpty)
        #expect(empty.firstObject == nil)

        let nothing = #expect(throws: HTResponseMappingError.self) {
            try registry.mapResponse(
                try body(#"{"user": null, "article": {"deep": null}, "other": 1}"#), method: "GET", path: "/",
                statusCode: 200)
        }
        #expect(nothing == .nothingAtKeyPaths(["user", "article.deep"]))
        #expect(nothing?.description == "nothing to map at the key paths searched: user, article.deep")

        // A key path through a non-object holds nothing; a scalar at the key path is reported.
        let scalar = try registry.mapResponse(
            try body(#"{"user": "ada", "article": [1]}"#), method: "GET", path: "/", statusCode: 200)
        #expect(scalar.keyPaths == ["user"])
        #expect(scalar.isEmpty)
        #expect(
            scalar.diagnostics.map(\.description) == [
                #"user: expected object or array of objects (HTUser), found string "ada""#
            ])

        let emptyArray = try registry.mapResponse(try body(#"{"user": []}"#), method: "GET", path: "/", statusCode: 200)
        #expect(emptyArray.keyPaths == ["user"], "an empty array is something: zero objects")
        #expect(emptyArray.count == 0)
        let root = HTDescriptorRegistry(responseDescriptors: [HTResponseDescriptor(for: HTUser.self)])
        #expect(
            try root.mapResponse([["name": "a"], ["name": "b"]], method: "GET", path: "/", statusCode: 200).count == 2)
        #expect(throws: HTResponseMappingError.self) {
            try HTDescriptorRegistry().mapResponse(["user": [:]], method: "GET", path: "/", statusCode: 200)
        }
    }

    @Test("URLs are matched relative to the base URL")
    func relativeURLs() throws {
        let base = try #require(URL(string: "https://api.example.com/v1/"))
        func relative(_ text: String, _ baseURL: URL? = nil) throws -> String? {
            HTDescriptorRegistry.relativePath(of: try #require(URL(string: text)), baseURL: baseURL)
        }
        #expect(try relative("https://api.example.com/v1/users/7?x=1", base) == "/users/7")
        #expect(try relative("https://API.example.com/v1", base) == "/")
        #expect(try relative("https://api.example.com/v10/users", base) == nil)
        #expect(try relative("https://api.example.com/users", base) == nil)
        #expect(try relative("http://api.example.com/v1/users", base) == nil)
        #expect(try relative("https://api.example.com:8443/v1/users", base) == nil)
        #expect(try relative("https://other.example.com/v1/users", base) == nil)
        #expect(try relative("https://api.example.com/v1/a%2Fb", base) == "/a%2Fb")
        #expect(try relative("https://h", nil) == "/")
        #expect(try relative("https://h/x/y", URL(string: "https://h")) == "/x/y")

        let registry = HTDescriptorRegistry(responseDescriptors: [
            HTResponseDescriptor(for: HTUser.self, pathPattern: "/users/:id")
        ])
        let url = try #require(URL(string: "https://api.example.com/v1/users/7"))
        let result = try registry.mapResponse(["name": "Ada"], method: "GET", url: url, baseURL: base, statusCode: 200)
        #expect(result.first(HTUser.self)?.name == "Ada")
        let outside = try #require(URL(string: "https://elsewhere.example.com/v1/users/7"))
        #expect(throws: HTResponseMappingError.self) {
            try registry.mapResponse(["name": "Ada"], method: "GET", url: outside, baseURL: base, statusCode: 200)
        }
    }

    @Test("request descriptors nest the object under the root key path")
    func requestDescriptors() throws {
        let page = HTWikiPage {
            $0.title = "An Example Page"
            $0.body = "Some example content"
        }
        // A dictionary has no order, so the ordered forms keep the JSON's member order predictable.
        let requestMapping = try HTObjectMapping<HTWikiPage>(attributes: ["title", "body"])
        let descriptor = HTRequestDescriptor(mapping: requestMapping, rootKeyPath: "page")
        #expect(
            descriptor.parameters(for: page) == ["page": ["title": "An Example Page", "body": "Some example content"]])
        #expect(descriptor.parameters(for: HTUser()) == nil, "another type")
        #expect(descriptor.description == "<HTRequestDescriptor HTWikiPage rootKeyPath=page methods=ANY>")

        // No root: the object's own JSON; nested roots; renamed keys; a blacklist; arrays.
        #expect(
            HTRequestDescriptor(mapping: requestMapping, rootKeyPath: nil).parameters(for: page)
                == ["title": "An Example Page", "body": "Some example content"])
        #expect(
            HTRequestDescriptor(mapping: requestMapping, rootKeyPath: "data.page").parameters(for: page)
                == ["data": ["page": ["title": "An Example Page", "body": "Some example content"]]])
        let renamed = try HTObjectMapping<HTWikiPage>([
            (keyPath: "serverTitle", property: "title"), (keyPath: "meta.body", property: "body"),
        ])
        #expect(
            HTRequestDescriptor(mapping: renamed, rootKeyPath: "page").parameters(for: page)
                == ["page": ["serverTitle": "An Example Page", "meta": ["body": "Some example content"]]])
        #expect(
            HTRequestDescriptor(for: HTWikiPage.self, rootKeyPath: "page", excluding: ["body"]).parameters(for: page)
                == ["page": ["title": "An Example Page"]])
        let other = HTWikiPage {
            $0.title = "Second"
        }
        #expect(
            descriptor.parameters(for: [page, other])
                == ["page": [["title": "An Example Page", "body": "Some example content"], ["title": "Second"]]])
        #expect(
            HTRequestDescriptor(mapping: requestMapping, rootKeyPath: nil).parameters(for: [other]) == [
                ["title": "Second"]
            ])
        #expect(descriptor.parameters(for: [page, HTUser()]) == nil)

        // The registry picks by exact type, then named methods over any, then the last added.
        var registry = HTDescriptorRegistry()
        registry.add(descriptor)
        registry.add(HTRequestDescriptor(mapping: renamed, rootKeyPath: "edit", method: "PUT"))
        registry.add(HTRequestDescriptor(for: HTUser.self, rootKeyPath: "user"))
        #expect(registry.parameters(for: page, method: "POST")?.keys == ["page"])
        #expect(registry.parameters(for: page, method: "put")?.keys == ["edit"])
        let user = HTUser {
            $0.name = "Ada"
        }
        #expect(registry.parameters(for: user, method: "PATCH") == ["user": ["name": "Ada"]])
        #expect(registry.parameters(for: HTAddress(), method: "POST") == nil)
        #expect(registry.requestDescriptor(for: page, method: "PUT")?.rootKeyPath == "edit")
        registry.add(HTRequestDescriptor(for: HTWikiPage.self, rootKeyPath: "latest"))
        #expect(registry.requestDescriptor(for: page, method: "PUT")?.rootKeyPath == "edit", "named methods still win")
        #expect(registry.requestDescriptor(for: page, method: "POST")?.rootKeyPath == "latest")
        #expect(registry.requestDescriptors.count == 4)
    }

    @Test("descriptors describe themselves")
    func descriptions() {
        let descriptor = HTResponseDescriptor(
            for: HTUser.self, method: "GET", pathPattern: "/users/:id", keyPath: "data")
        #expect(
            descriptor.description == "<HTResponseDescriptor GET /users/:id keyPath=data statusCodes=200-299 → HTUser>")
        #expect(
            HTResponseDescriptor(for: HTUser.self).description
                == "<HTResponseDescriptor ANY * keyPath=nil statusCodes=200-299 → HTUser>")
        #expect(descriptor.matches(method: "get", path: "/users/1", statusCode: 299))
        #expect(!descriptor.matches(method: "GET", path: "/users/1", statusCode: 300))
        #expect(!descriptor.matches(method: "POST", path: "/users/1", statusCode: 200))
    }
}
