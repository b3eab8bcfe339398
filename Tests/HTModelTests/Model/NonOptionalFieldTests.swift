import Foundation
@_spi(Generated) import HTModel
import Testing

/// A model in the shape the generator writes for an OpenAPI schema with `required`, `nullable` and
/// `readOnly` fields (issue #37): `name` required (non-optional), `nickname` nullable (absent, null or
/// a value), `note` required and nullable (the key must be there), `id` read-only and required in
/// responses, `owner` and `friends` optional models of the same kind.
final class HTKeeper: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: HTRequired<String> = .init()
        var nickname: HTNullable<String> = .absent
        var note: String?
        var id: Int?
        var owner: HTKeeper?
        var friends: [HTKeeper]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    /// As generated: the required field is an argument, the others are set by `build`.
    convenience init(name: String, _ build: (inout HTModelFields<Storage>) -> Void = { _ in }) {
        var fields = Storage()
        fields.name.htSlot = name
        self.init(htStorage: Self.htBuilt(fields, build))
    }

    static let htAccessors: [HTPropertyAccessor<HTKeeper>] = [
        .init("name", presence: .required, { $1(&$0.name.htSlot) }),
        .init("nickname", { $1(&$0.nickname.htSlot) }),
        .init("note", presence: .requiredNullable, { $1(&$0.note) }),
        .init("id", presence: .required, readOnly: true, { $1(&$0.id) }),
        .init("owner", { $1(&$0.owner) }),
        .init("friends", { $1(&$0.friends) }),
    ]
    static let htMapping: HTObjectMapping<HTKeeper> = .defaultMapping()
}

@Suite("Required, nullable and read-only fields")
struct NonOptionalFieldTests {
    /// A keeper as a server sends one.
    static let full: HTJSON = ["name": "Ann", "nickname": "annie", "note": nil, "id": 1]

    /// Maps `json` and returns the error, failing the test when it maps.
    static func failure(_ json: HTJSON, options: HTMappingOptions = .lenient) -> HTMappingError? {
        do {
            let keeper = try HTKeeper(json: json, options: options)
            Issue.record("mapped without a required field: \(keeper)")
            return nil
        } catch {
            return error
        }
    }

    @Test func aRequiredFieldReadsAsItsValue() throws {
        let keeper = try HTKeeper(json: Self.full)
        let name: String = keeper.name
        #expect(name == "Ann")
        #expect(keeper.note == nil && keeper.id == 1)
        let built = HTKeeper(name: "Bo") { $0.nickname = .value("b") }
        #expect(built.name == "Bo" && built.nickname == .value("b"))
        let renamed = built.with { $0.name += "b" }
        #expect(renamed.name == "Bob" && built.name == "Bo")
    }

    @Test func withoutARequiredFieldMappingFailsInLenientModeTooAtItsPath() throws {
        for options in [HTMappingOptions.lenient, .strict] {
            let missing = Self.failure(["nickname": "x", "note": nil, "id": 1], options: options)
            #expect(missing?.path.description == "name")
            #expect(missing?.message == #"missing required field "name""#)
            let null = Self.failure(["name": nil, "note": nil, "id": 1], options: options)
            #expect(null?.message == #"required field "name" is null"#)
            let wrong = Self.failure(["name": ["a": 1], "note": nil, "id": 1], options: options)
            #expect(wrong?.message == #"required field "name" has no value it can hold"#)
            // A read-only field is required in responses.
            #expect(Self.failure(["name": "a", "note": nil], options: options)?.path.description == "id")
            // The key of a required, nullable field must be there.
            #expect(Self.failure(["name": "a", "id": 1], options: options)?.path.description == "note")
        }
    }

    @Test func aNestedModelWithoutARequiredFieldFailsTheWholeMapping() throws {
        let nameless: HTJSON = ["nickname": "x", "note": nil, "id": 2]
        let json: HTJSON = ["name": "Ann", "note": nil, "id": 1, "owner": nameless]
        #expect(Self.failure(json)?.path.description == "owner.name")
        let friends: HTJSON = ["name": "Ann", "note": nil, "id": 1, "friends": [Self.full, nameless]]
        #expect(Self.failure(friends)?.path.description == "friends[1].name")
        // Through htMap (what the client's response mapper runs) the same.
        do {
            _ = try HTKeeper.htMap(friends)
            Issue.record("htMap accepted a friend without a name")
        } catch {
            #expect(error.path.description == "friends[1].name")
        }
        // An earlier value that only needed a lenient diagnostic does not hide the cause.
        let both: HTJSON = [
            "name": "Ann", "note": nil, "id": 1, "friends": [Self.full, nameless],
            "owner": ["name": "O", "nickname": ["not": "a string"], "note": nil, "id": 2],
        ]
        #expect(Self.failure(both)?.path.description == "friends[1].name")
    }

    @Test func nullIsToldFromAbsentAndSentWhenAsked() throws {
        let absent = try HTKeeper(json: ["name": "a", "note": nil, "id": 1])
        let null = try HTKeeper(json: ["name": "a", "nickname": nil, "note": nil, "id": 1])
        let value = try HTKeeper(json: ["name": "a", "nickname": "n", "note": "x", "id": 1])
        #expect(absent.nickname == .absent && null.nickname == .null && value.nickname == .value("n"))
        #expect(absent.nickname.value == nil && value.nickname.value == "n")
        // Written back as read: the key left out, `null`, the value; a required nullable nil as `null`.
        #expect(absent.htJSONString() == #"{"name":"a","note":null,"id":1}"#)
        #expect(null.htJSONString() == #"{"name":"a","nickname":null,"note":null,"id":1}"#)
        #expect(value.htJSONString() == #"{"name":"a","nickname":"n","note":"x","id":1}"#)
        let patch = HTKeeper(name: "a") { $0.nickname = .null }
        #expect(patch.htJSON == ["name": "a", "nickname": nil, "note": nil])
        #expect(patch.htJSONObject().count == 3)
    }

    @Test func equalityAndHashingTellNullFromAbsentAndCompareRequiredFields() throws {
        let absent = try HTKeeper(json: ["name": "a", "note": nil, "id": 1])
        let null = try HTKeeper(json: ["name": "a", "nickname": nil, "note": nil, "id": 1])
        #expect(absent != null)
        #expect(absent == (try HTKeeper(json: ["name": "a", "note": nil, "id": 1])))
        #expect(absent.hashValue == (try HTKeeper(json: ["name": "a", "note": nil, "id": 1])).hashValue)
        #expect(absent != absent.with { $0.name = "b" })
        // Nested models and arrays of models compare by their fields, field by field.
        let owned = HTKeeper(name: "a") {
            $0.owner = HTKeeper(name: "o")
            $0.friends = [HTKeeper(name: "f")]
        }
        #expect(
            owned
                == HTKeeper(name: "a") {
                    $0.owner = HTKeeper(name: "o")
                    $0.friends = [HTKeeper(name: "f")]
                })
        #expect(owned != owned.with { $0.friends = [HTKeeper(name: "g")] })
        #expect(Set([owned, owned.with { _ in }, absent, null]).count == 3)
    }

    @Test func readOnlyFieldsAreNeverSent() throws {
        let json: HTJSON = ["name": "Ann", "note": nil, "id": 1, "owner": Self.full, "friends": [Self.full]]
        let keeper = try HTKeeper(json: json)
        // The model's JSON keeps what the server sent (the cache, Codable, descriptions use it).
        #expect(keeper.htJSON["id"] == 1 && keeper.htJSON["owner"]?["id"] == 1)
        // A request body leaves the read-only fields out, at every level.
        let sent = keeper.htRequestJSON
        #expect(sent["id"] == nil && sent["owner"]?["id"] == nil && sent["friends"]?[0]?["id"] == nil)
        #expect(sent["name"] == "Ann" && sent["owner"]?["name"] == "Ann")
        #expect([keeper].htRequestJSON[0]?["id"] == nil)
    }

    @Test func mappingOverAModelKeepsItsRequiredFields() throws {
        let keeper = try HTKeeper(json: Self.full)
        let updated = try keeper.htUpdated(from: ["nickname": "new"])
        #expect(updated.name == "Ann" && updated.nickname == .value("new") && updated.id == 1)
    }

    @Test func codableDecodingFailsWithoutARequiredField() throws {
        let data = Data(#"{"nickname":"x","note":null,"id":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HTKeeper.self, from: data) }
        let good = try JSONDecoder().decode(HTKeeper.self, from: Data(#"{"name":"a","note":null,"id":1}"#.utf8))
        #expect(good.name == "a")
    }
}
