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
        let name: HTRequired<String>
        let nickname: HTNullable<String>
        let note: String?
        let id: Int?
        let owner: HTKeeper?
        let friends: [HTKeeper]?
        init() {
            name = .init()
            nickname = .absent
            note = nil
            id = nil
            owner = nil
            friends = nil
        }
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    /// As generated: the required field is an argument, the others are set by `build`.
    convenience init(name: String, _ build: (inout HTModelFields<Storage>) -> Void = { _ in }) {
        var fields = HTModelFields(Storage())
        fields.htSet(\.name, to: name)
        self.init(htStorage: Self.htBuilt(fields, build))
    }

    static let htAccessors: [HTPropertyAccessor<HTKeeper>] = [
        .init("name", presence: .required, \.name.htSlot),
        .init("nickname", nullable: \.nickname),
        .init("note", presence: .requiredNullable, \.note),
        .init("id", presence: .required, readOnly: true, \.id),
        .init("owner", \.owner),
        .init("friends", \.friends),
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

    /// The storage's fields are `let`s: the builder and `with` write them at their offsets, and an edit
    /// in place edits the field itself.
    @Test func buildersWriteLetFieldsAndEditThemInPlace() throws {
        let keeper = HTKeeper(name: "a") {
            $0.friends = []
            $0.note = "n"
            $0.id = 7
        }
        #expect(keeper.name == "a" && keeper.note == "n" && keeper.friends == [])
        var buffers: [UnsafeRawPointer?] = []
        let grown = keeper.with {
            $0.name += "b"
            $0.friends?.reserveCapacity(8)  // copies the array once: `keeper` shares it
            buffers.append($0.friends?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
            // In place: an append to a copy of the field would copy the array to a new buffer.
            $0.friends?.append(HTKeeper(name: "f") { $0.id = 1 })
            $0.friends?.append(HTKeeper(name: "g") { $0.id = 2 })
            buffers.append($0.friends?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
            $0.nickname = .value("k")
        }
        #expect(buffers.count == 2 && buffers[0] != nil && buffers[0] == buffers[1])
        #expect(grown.name == "ab" && grown.friends?.map(\.name) == ["f", "g"] && grown.nickname == .value("k"))
        // The original is unchanged.
        #expect(keeper.name == "a" && keeper.friends == [] && keeper.nickname == .absent)
        // Mapped and written back through the key-path accessors.
        let mapped = try HTKeeper(json: grown.htJSON)
        #expect(mapped == grown && mapped.htJSON == grown.htJSON)
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
