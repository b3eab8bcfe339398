import Foundation
@_spi(Generated) import HTModel
import HTModelFixtures
import Testing

@Suite("Object mapping")
struct ObjectMappingTests {
    @Test("attributes, a nested object and an array of strings map from the default mapping")
    func attributesAndOneRelationship() throws {
        let json = try Fixture.json(
            #"""
            {"id": 7, "name": "Ada", "email": "ada@example.com", "tags": ["math", "engines"],
             "address": {"city": "London", "street": "St James's Square", "zip": "SW1Y"}}
            """#)
        let user = try HTUser(json: json)
        #expect(user.id == 7)
        #expect(user.name == "Ada")
        #expect(user.email == "ada@example.com")
        #expect(user.tags == ["math", "engines"])
        let address = try #require(user.address)
        #expect(address.city == "London")
        #expect(address.street == "St James's Square")
        #expect(address.zip == "SW1Y")
    }

    @Test("an object and an array of objects map as relationships, recursively")
    func arrayRelationship() throws {
        let json = try Fixture.json(
            #"""
            {"id": 1, "title": "Notes", "author": {"id": 2, "name": "Ada"},
             "comments": [
                {"id": 10, "text": "first", "author": {"id": 3, "name": "Charles"}},
                {"id": 11, "text": "second"}
             ]}
            """#)
        let article = try HTArticle(json: json)
        #expect(article.id == 1)
        #expect(article.title == "Notes")
        #expect(article.author?.id == 2)
        #expect(article.author?.name == "Ada")
        let comments = try #require(article.comments)
        #expect(comments.count == 2)
        #expect(comments.map(\.id) == [10, 11])
        #expect(comments.map(\.text) == ["first", "second"])
        #expect(comments[0].author?.name == "Charles")
        #expect(comments[1].author == nil)
    }

    @Test("relationship metadata is derived from the accessor types")
    func relationshipDetection() throws {
        let author = try #require(HTArticle.htAccessor(named: "author"))
        let comments = try #require(HTArticle.htAccessor(named: "comments"))
        let title = try #require(HTArticle.htAccessor(named: "title"))
        #expect(author.isRelationship)
        #expect(author.relationshipType.map { ObjectIdentifier($0) } == ObjectIdentifier(HTUser.self))
        #expect(comments.isRelationship)
        #expect(comments.relationshipType.map { ObjectIdentifier($0) } == ObjectIdentifier(HTComment.self))
        #expect(!title.isRelationship)
        #expect(HTScalars.htAccessor(named: "numbers")?.isRelationship == false)
        #expect(HTArticle.htAccessor(named: "nope") == nil)
    }

    @Test("NEI's metadata lists are derived from the table of properties")
    func derivedMetadataLists() {
        // `HTImplicitModel` lists its properties once; `HTImplicitAccessorModel` writes the lists by hand.
        #expect(HTImplicitModel.baseTypePropertyList == HTImplicitAccessorModel.baseTypePropertyList)
        #expect(HTImplicitModel.baseTypePropertyList == ["fooBar", "userID", "createdAt", "url2x", "score"])
        let derived = HTImplicitModel.customTypePropertyDic.mapValues { ObjectIdentifier($0) }
        #expect(
            derived == [
                "child": ObjectIdentifier(HTImplicitModel.self), "children": ObjectIdentifier(HTImplicitModel.self),
            ])
        #expect(HTImplicitModel.htMapping.entries.map(\.accessor.name) == HTImplicitModel.htAccessors.map(\.name))
    }

    @Test("the generated fixtures derive NEI's lists from their tables, as the hand-written ones listed them")
    func generatedFixtureLists() {
        // HTModelFixtures' models come from the build plugin, which emits no lists: these are the lists the
        // models had when written by hand, which the mapping and descriptor tests were written against.
        func identifiers(_ dic: [String: any HTModelMappable.Type]) -> [String: ObjectIdentifier] {
            dic.mapValues { ObjectIdentifier($0) }
        }
        #expect(HTUser.baseTypePropertyList == ["id", "name", "email", "tags", "description_"])
        #expect(identifiers(HTUser.customTypePropertyDic) == ["address": ObjectIdentifier(HTAddress.self)])
        #expect(HTComment.baseTypePropertyList == ["id", "text"])
        #expect(identifiers(HTComment.customTypePropertyDic) == ["author": ObjectIdentifier(HTUser.self)])
        #expect(HTArticle.baseTypePropertyList == ["id", "title"])
        #expect(
            identifiers(HTArticle.customTypePropertyDic) == [
                "author": ObjectIdentifier(HTUser.self), "comments": ObjectIdentifier(HTComment.self),
            ])
        #expect(HTAddress.baseTypePropertyList == ["city", "street", "zip"])
        #expect(HTWikiPage.baseTypePropertyList == ["title", "body", "name"])
        #expect(HTGuideAuthor.baseTypePropertyList == ["name", "email"])
        for dic in [
            HTAddress.customTypePropertyDic, HTWikiPage.customTypePropertyDic, HTGuideAuthor.customTypePropertyDic,
        ] {
            #expect(dic.isEmpty)
        }
    }

    @Test("the default mapping follows declaration order and leaves out what hand-written lists omit")
    func defaultMappingFromTable() throws {
        let model = try HTListedModel(json: try Fixture.json(#"{"b": 2, "a": "x", "hidden": "h", "child": {"b": 1}}"#))
        #expect(model.a == "x")
        #expect(model.b == 2)
        #expect(model.child?.b == 1)
        #expect(model.hidden == nil)
        let edited = model.with { $0.hidden = "set" }
        // Declaration order (`b`, `child`, `a`), not NEI's attributes-then-relationships order.
        #expect(edited.htJSONString() == #"{"b":2,"child":{"b":1},"a":"x"}"#)
        #expect(edited.hidden == "set" && model.hidden == nil)
        #expect(edited.child === model.child)
    }

    @Test("a custom mapping reads nested key paths")
    func nestedKeyPaths() throws {
        let mapping = try HTObjectMapping<HTProfile>([
            ("user.profile.name", "name"),
            ("user.profile.address.city", "city"),
            ("plain", "secret"),
        ])
        let json = try Fixture.json(
            #"""
            {"user": {"profile": {"name": "Grace", "address": {"city": "Arlington"}}}, "plain": "s3cret",
             "name": "top-level name is not mapped"}
            """#)
        let (profile, diagnostics) = Fixture.map(json, into: HTProfile.self, mapping: mapping)
        #expect(diagnostics.isEmpty)
        #expect(profile.name == "Grace")
        #expect(profile.city == "Arlington")
        #expect(profile.secret == "s3cret")

        // And back: nested key paths rebuild the nested objects.
        let object = mapping.json(from: profile)
        #expect(object["plain"] == "s3cret")
        #expect(object["user"] == ["profile": ["name": "Grace", "address": ["city": "Arlington"]]])
    }

    @Test("keys of every length match exactly: every byte counts, short, long and non-ASCII alike")
    func keysOfEveryLength() throws {
        // The key table reads a key as two words whose make-up depends on its length (see
        // HTMappingKeyTable): a key of each length from 1 to 40 maps, and so does no key that differs
        // from it in one byte, in any position, nor one a byte shorter or longer.
        let alphabet = Array("abcdefghijkémnopqrstuvwxyz0123456789ABCD".utf8)
        for length in 1...40 {
            let key = Array(alphabet.prefix(length))
            let name = String(decoding: key, as: UTF8.self)
            if Array(name.utf8) != key { continue }  // half of the é
            let mapping = try HTObjectMapping<HTUser>([(name, "name"), ("other", "email")])
            let options = HTMappingOptions(implicitKeyMatching: false)
            func mapped(_ bytes: [UInt8]) -> String? {
                let member = HTJSONObject.Member(key: String(decoding: bytes, as: UTF8.self), value: "v")
                return Fixture.map(
                    .object(HTJSONObject(members: [member])), into: HTUser.self, mapping: mapping,
                    options: options
                ).0.name
            }
            #expect(mapped(key) == "v", "length \(length)")
            for position in 0..<key.count where key[position] < 0x80 {
                var near = key
                near[position] = UInt8(ascii: "_")
                #expect(mapped(near) == nil, "length \(length), byte \(position)")
            }
            #expect(mapped(Array(key.dropLast())) == nil, "length \(length), one shorter")
            #expect(mapped(key + [UInt8(ascii: "x")]) == nil, "length \(length), one longer")
        }
    }

    @Test("a nested key path that runs into a non-object or a missing key leaves the property alone")
    func nestedKeyPathMissing() throws {
        let mapping = try HTObjectMapping<HTProfile>([("user.profile.name", "name"), ("user.city", "city")])
        let json = try Fixture.json(#"{"user": {"profile": "not an object"}}"#)
        var model = HTProfile.Storage()
        model.name = "kept"
        var context = HTMappingContext()
        guard case .object(let object) = json else {
            Issue.record("not an object")
            return
        }
        mapping.apply(object, to: &model, context: &context)
        #expect(model.name == "kept")
        #expect(model.city == nil)
        #expect(context.diagnostics.isEmpty)
    }

    @Test("a bad value at a nested key path is reported with the full path")
    func nestedKeyPathDiagnostic() throws {
        let mapping = try HTObjectMapping<HTScalars>([("outer.inner.count", "int")])
        let json = try Fixture.json(#"{"outer": {"inner": {"count": "many"}}}"#)
        let (model, diagnostics) = Fixture.map(json, into: HTScalars.self, mapping: mapping)
        #expect(model.int == nil)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.path.description == "outer.inner.count")
        #expect(diagnostic.path.components == [.key("outer"), .key("inner"), .key("count")])
    }

    @Test("the RestKit-style initializer: attributes, renamed attributes and relationships")
    func restKitStyle() throws {
        let mapping = try HTObjectMapping<HTArticle>(
            attributes: ["id"],
            keyedAttributes: ["headline": "title"],
            relationships: ["writer": "author", "replies": "comments"]
        )
        #expect(mapping.entries.map(\.keyPathString) == ["id", "headline", "replies", "writer"])
        let json = try Fixture.json(
            #"""
            {"id": 5, "title": "ignored", "headline": "Hello", "writer": {"name": "Ada"},
             "replies": [{"text": "hi"}], "author": {"name": "ignored"}}
            """#)
        let (article, diagnostics) = Fixture.map(json, into: HTArticle.self, mapping: mapping)
        #expect(diagnostics.isEmpty)
        #expect(article.id == 5)
        #expect(article.title == "Hello")
        #expect(article.author?.name == "Ada")
        #expect(article.comments?.map(\.text) == ["hi"])
    }

    @Test("a mapping that names a missing property throws, never crashes")
    func missingPropertyThrows() throws {
        let error = #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>([("name", "name"), ("x", "doesNotExist")])
        }
        #expect(error?.model == "HTUser")
        #expect(error?.message.contains("doesNotExist") == true)
        #expect(error?.description.contains("HTUser") == true)

        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>(attributes: ["nope"])
        }
        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>(keyedAttributes: ["full_name": "fullName"])
        }
        // A relationship must be model-typed.
        let relationshipError = #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>(relationships: ["n": "name"])
        }
        #expect(relationshipError?.message.contains("name") == true)
        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>(relationships: ["a": "nowhere"])
        }
    }

    @Test("a key path mapped twice or an empty key path is rejected")
    func duplicateOrEmptyKeyPath() {
        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>([("name", "name"), ("name", "email")])
        }
        #expect(throws: HTMappingDefinitionError.self) {
            _ = try HTObjectMapping<HTUser>([("", "name")])
        }
    }

    @Test("keys outside the mapping are ignored and missing keys leave defaults")
    func unknownAndMissingKeys() throws {
        let before = HTUser {
            $0.name = "before"
            $0.email = "keep@example.com"
        }
        // With implicit key matching off, keys are case-sensitive: NAME is not name. (With it on, the
        // default, NAME reaches name through its canonical form: see ImplicitMappingTests.)
        let (user, diagnostics) = try HTUser.htMapped(
            from: try Fixture.json(#"{"id": 3, "unknown": {"deep": [1, 2]}, "NAME": "x"}"#), over: before,
            options: HTMappingOptions(implicitKeyMatching: false))
        #expect(diagnostics.isEmpty)
        #expect(user.id == 3)
        #expect(user.name == "before")
        #expect(user.email == "keep@example.com")
        #expect(user.address == nil)
        #expect(user.tags == nil)
    }

    @Test("null sets a property (attribute or relationship) to nil")
    func nullSetsNil() throws {
        let before = try HTUser(
            json: try Fixture.json(#"{"id": 1, "name": "x", "address": {"city": "c"}, "tags": ["t"]}"#))
        #expect(before.address != nil)
        let (user, diagnostics) = try HTUser.htMapped(
            from: try Fixture.json(#"{"name": null, "address": null, "tags": null}"#), over: before)
        #expect(diagnostics.isEmpty)
        #expect(user.id == 1)
        #expect(user.name == nil)
        #expect(user.address == nil)
        #expect(user.tags == nil)
    }

    @Test("duplicate keys in a document: the last one wins")
    func duplicateKeysLastWins() throws {
        let json = try Fixture.json(
            #"{"name": "first", "id": 1, "name": "second", "address": {"city": "a", "city": "b"}}"#)
        let user = try HTUser(json: json)
        #expect(user.name == "second")
        #expect(user.address?.city == "b")

        // Nested key paths follow the same rule.
        let mapping = try HTObjectMapping<HTProfile>([("user.name", "name")])
        let nested = try Fixture.json(#"{"user": {"name": "one"}, "user": {"name": "two"}}"#)
        let (profile, _) = Fixture.map(nested, into: HTProfile.self, mapping: mapping)
        #expect(profile.name == "two")
    }

    @Test("duplicate keys: an earlier bad value that a later good one replaces is not reported")
    func duplicateKeysDiagnostics() throws {
        let json = try Fixture.json(#"{"id": "oops", "id": 4}"#)
        let (user, diagnostics) = try HTUser.htMapped(from: json)
        #expect(user.id == 4)
        #expect(diagnostics.isEmpty, "diagnostics: \(diagnostics)")
        // Strict mode must not fail on a value the document itself overrides.
        let strict = try HTUser(json: json, options: .strict)
        #expect(strict.id == 4)
    }

    @Test("the two metadata lists drive defaultMapping(), not the accessor list")
    func metadataListsDriveDefaultMapping() throws {
        let mapping = HTProfile.htMapping
        // `secret` has an accessor but is in no list; `ghost` is listed but has no accessor.
        #expect(mapping.entries.map(\.accessor.name) == ["name", "city", "owner"])
        let json = try Fixture.json(#"{"name": "n", "city": "c", "secret": "s", "ghost": 1, "owner": {"id": 9}}"#)
        let profile = try HTProfile(json: json)
        #expect(profile.name == "n")
        #expect(profile.city == "c")
        #expect(profile.secret == nil)
        #expect(profile.owner?.id == 9)

        // Declaration order (the generated table's), not NEI's attributes-then-relationships order.
        #expect(HTArticle.htMapping.entries.map(\.keyPathString) == ["id", "title", "author", "comments"])
    }

    @Test("a renamed property reads and writes its JSON key")
    func renamedKey() throws {
        let accessor = try #require(HTUser.htAccessor(named: "description_"))
        #expect(accessor.key == "description")
        #expect(HTUser.htAccessor(named: "id")?.key == "id")
        let user = try HTUser(json: try Fixture.json(#"{"description": "about me", "description_": "wrong key"}"#))
        #expect(user.description_ == "about me")
        #expect(user.htJSONObject()["description"] == "about me")
        #expect(user.htJSONObject()["description_"] == nil)
        // Excluding works by Swift property name.
        #expect(user.htJSONObject(excluding: ["description_"])["description"] == nil)
    }

    @Test("an element that cannot be converted is dropped from an array and reported with its index")
    func badArrayElements() throws {
        let json = try Fixture.json(#"{"comments": [{"id": 1}, "not an object", null, {"id": 4}]}"#)
        let (article, diagnostics) = try HTArticle.htMapped(from: json)
        #expect(article.comments?.map(\.id) == [1, 4])
        #expect(diagnostics.map(\.path.description) == ["comments[1]", "comments[2]"])
        #expect(diagnostics[0].message.contains("object"))
        #expect(diagnostics[1].message.contains("null"))
    }

    @Test("a relationship given a scalar is reported and leaves the property as it was")
    func relationshipTypeMismatch() throws {
        let address = HTAddress { $0.city = "old" }
        let (user, diagnostics) = try HTUser.htMapped(
            from: try Fixture.json(#"{"address": "12 Main St", "tags": "solo"}"#), over: HTUser { $0.address = address }
        )
        #expect(user.address === address)
        #expect(user.address?.city == "old")
        #expect(user.tags == nil)
        #expect(diagnostics.map(\.path.description) == ["address", "tags"])
    }

    @Test("htMap maps top-level arrays of models and rejects null")
    func topLevelArray() throws {
        let json = try Fixture.json(#"[{"id": 1}, {"id": 2, "name": "b"}]"#)
        let users = try [HTUser].htMap(json)
        #expect(users.map(\.id) == [1, 2])
        #expect(users[1].name == "b")

        let error = #expect(throws: HTMappingError.self) {
            _ = try HTUser.htMap(.null, path: HTJSONPath(keyPath: "data.user"))
        }
        #expect(error?.path.description == "data.user")
        #expect(error?.message.contains("null") == true)

        let notObject = #expect(throws: HTMappingError.self) {
            _ = try HTUser.htMap("text")
        }
        #expect(notObject?.message.contains("string") == true)
    }
}

/// A hand-written model whose NEI lists leave `hidden` out: the default mapping skips it, copying does not.
private final class HTListedModel: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var b: Int?
        var child: HTListedModel?
        var a: String?
        var hidden: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let baseTypePropertyList = ["b", "a"]
    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["child": HTListedModel.self]
    static let htAccessors: [HTPropertyAccessor<HTListedModel>] = [
        .init("b", \.b), .init("child", \.child), .init("a", \.a), .init("hidden", \.hidden),
    ]
    static let htMapping: HTObjectMapping<HTListedModel> = .defaultMapping()
}
