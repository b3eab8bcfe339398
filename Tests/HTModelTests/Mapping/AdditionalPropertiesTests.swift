import Foundation
@_spi(Generated) import HTModel
import Testing

/// A model whose other keys are integers, as generated for OpenAPI `additionalProperties: {type: integer}`
/// beside `properties` (the field has another name here, as a hand-written model may choose).
private final class HTScores: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var name: String?
        var city: String?
        var extra: [String: Int] = [:]
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let htAccessors: [HTPropertyAccessor<HTScores>] = [
        .init("name", { $1(&$0.name) }),
        .init("city", { $1(&$0.city) }),
        .init(additionalProperties: "extra", { $1(&$0.extra) }),
    ]
    static let htMapping: HTObjectMapping<HTScores> = .defaultMapping()
}

/// A model that has nothing but other keys.
private final class HTOnlyOthers: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var others: [String: HTJSON] = [:]
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let htAccessors: [HTPropertyAccessor<HTOnlyOthers>] = [
        .init(additionalProperties: "others", { $1(&$0.others) })
    ]
    static let htMapping: HTObjectMapping<HTOnlyOthers> = .defaultMapping()
}

@Suite("Additional properties: the keys no property maps, kept in a typed map")
struct AdditionalPropertiesTests {
    @Test("other keys map into the map, matched exactly, and are written back after the properties")
    func mapsAndWrites() throws {
        let text = #"{"name":"Ann","Name":1,"city_":2,"zeta":3}"#
        let (scores, diagnostics) = try HTScores.htMapped(from: try HTJSON(parsing: text))
        #expect(diagnostics.isEmpty)
        #expect(scores.name == "Ann")
        // `Name` and `city_` would reach `name` and `city` through implicit key matching: not here.
        #expect(scores.city == nil)
        #expect(scores.extra == ["Name": 1, "zeta": 3, "city_": 2])
        #expect(scores.htJSONString() == #"{"name":"Ann","Name":1,"city_":2,"zeta":3}"#)
        #expect(scores.htJSON == (try HTJSON(parsing: text)))
        #expect(HTScores.baseTypePropertyList == ["name", "city", "extra"])
    }

    @Test("models with other keys compare and hash by them too")
    func equality() throws {
        let scores = try HTScores(jsonString: #"{"name":"Ann","zeta":3}"#)
        #expect(scores == (try HTScores(jsonString: #"{"zeta":3,"name":"Ann"}"#)))
        #expect(scores.hashValue == (try HTScores(jsonString: #"{"zeta":3,"name":"Ann"}"#)).hashValue)
        #expect(scores != (try HTScores(jsonString: #"{"name":"Ann","zeta":4}"#)))
        #expect(scores != (try HTScores(jsonString: #"{"name":"Ann"}"#)))
    }

    @Test("a value that does not convert is left out with a diagnostic, or fails strict mapping")
    func badValues() throws {
        let text = #"{"a":"x","b":null,"c":4}"#
        let (scores, diagnostics) = try HTScores.htMapped(from: try HTJSON(parsing: text))
        #expect(scores.extra == ["c": 4])
        #expect(diagnostics.map(\.path.description) == ["a", "b"])
        #expect(diagnostics.last?.message.hasSuffix("found null") == true)
        #expect(throws: HTMappingError.self) { try HTScores(json: try HTJSON(parsing: text), options: .strict) }
    }

    @Test("a key a nested key path starts with is not another key; naming the map in a mapping is refused")
    func customMappings() throws {
        let mapping = try HTObjectMapping<HTScores>([("name", "name"), ("address.city", "city")])
        var context = HTMappingContext()
        let object = try #require(try HTJSON(parsing: #"{"name":"Ann","address":{"city":"Oslo"},"n":1}"#).objectValue)
        let scores = try #require(mapping.model(from: object, context: &context))
        #expect(context.diagnostics.isEmpty)
        #expect(scores.city == "Oslo")
        #expect(scores.extra == ["n": 1])
        #expect(HTJSON.object(mapping.json(from: scores)) == .object(object))
        #expect(throws: HTMappingDefinitionError.self) { try HTObjectMapping<HTScores>([("extra", "extra")]) }
    }

    @Test("mapping over a model adds to its other keys; excluding the map leaves them all out")
    func updateAndExclude() throws {
        let scores = HTScores {
            $0.name = "Ann"
            $0.extra = ["a": 1]
        }
        let updated = try scores.htUpdated(from: try HTJSON(parsing: #"{"b":2}"#))
        #expect(updated.extra == ["a": 1, "b": 2])
        #expect(updated.name == "Ann")
        #expect(HTJSON.object(updated.htJSONObject(excluding: ["extra"])) == ["name": "Ann"])
        #expect(HTScores().htJSONString() == "{}")
    }

    @Test("a model of other keys only keeps every member, null included")
    func onlyOthers() throws {
        let text = #"{"a":null,"b":[true]}"#
        let model = try HTOnlyOthers(json: try HTJSON(parsing: text), options: .strict)
        #expect(model.others == ["a": .null, "b": [true]])
        #expect(model.htJSONString() == text)
    }

    @Test("descriptions and mirrors redact the values of secret keys")
    func redaction() throws {
        let scores = HTScores {
            $0.name = "Ann"
            $0.extra = ["accessToken": 7, "n": 1]
        }
        #expect(scores.description == #"HTScores(name: "Ann", extra: ["accessToken": <redacted>, "n": 1])"#)
        let mirror = Mirror(reflecting: scores)
        let extra = try #require(mirror.children.first { $0.label == "extra" }?.value)
        let children = Mirror(reflecting: extra).children.map { "\($0.label ?? ""): \($0.value)" }
        #expect(children == ["accessToken: <redacted>", "n: 1"])
        #expect(HTScores { $0.name = "Ann" }.description == #"HTScores(name: "Ann")"#)
    }
}
