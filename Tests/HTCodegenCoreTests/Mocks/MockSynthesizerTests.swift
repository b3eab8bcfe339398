import Foundation
import Testing

@testable import HTCodegenCore

/// The mock answers made from a spec (``MockAnswer``, ``MockSynthesizer``, ``MockChecker``): the spec's
/// own values first, then values generated from the type; the same seed gives the same bytes.
@Suite struct MockSynthesizerTests {
    /// The resolved API of an OpenAPI document written inline.
    static func api(_ yaml: String) throws -> ResolvedAPI {
        let (document, diagnostics) = Generator.parseSpec(Array(yaml.utf8), file: "mocks.openapi.yaml")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        let (api, resolveDiagnostics) = Resolver.resolve(try #require(document))
        #expect(!resolveDiagnostics.contains { $0.severity == .error }, "\(resolveDiagnostics)")
        return try #require(api)
    }

    /// The answer of the operation `operationID` (its class name without `Request`) and its checked problems.
    static func answer(_ className: String, in api: ResolvedAPI, seed: UInt64 = MockAnswer.defaultSeed) throws
        -> MockAnswer
    {
        let request = try #require(api.requests.first { $0.className.hasPrefix(className) })
        let answer = MockAnswer.make(for: request, in: api, seed: seed)
        #expect(answer.problems(MockChecker(api)).isEmpty, "\(answer.problems(MockChecker(api)))")
        return answer
    }

    /// `Specs/mocks.openapi.yaml`, whose `+Mocks.swift` also has a golden (`Goldens/mocks/`).
    static let document: String = {
        let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Specs/mocks.openapi.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test func aModelTakesExamplesThenDefaultsThenGeneratedValues() throws {
        let api = try Self.api(Self.document)
        let answer = try Self.answer("GetPet", in: api)
        #expect(answer.statusCode == 200)
        #expect(answer.contentType == "application/json")
        let json = try #require(answer.json)
        #expect(json["name"] == .string("Rex"))
        #expect(json["tag"] == .string("friendly"))
        #expect(json["secret"] == nil)
        guard case .number(let id)? = json["id"] else {
            return #expect(Bool(false), "id is \(String(describing: json["id"]))")
        }
        #expect(Int64(id) != nil)
        // The example that does not fit its type is not taken.
        guard case .number(let wrong)? = json["wrong"] else { return #expect(Bool(false), "wrong is not a number") }
        #expect(Int(wrong) != nil)
        guard case .string(let status)? = json["status"] else { return #expect(Bool(false), "no status") }
        #expect(["available", "sold"].contains(status))
    }

    @Test func formatsAreWrittenAsTheirTypesRead() throws {
        let api = try Self.api(Self.document)
        let json = try #require(try Self.answer("GetPet", in: api).json)
        guard case .string(let born)? = json["born"], case .string(let day)? = json["day"],
            case .string(let uuid)? = json["uuid"], case .string(let home)? = json["home"],
            case .string(let photo)? = json["photo"], case .number(let weight)? = json["weight"]
        else { return #expect(Bool(false), "\(json.text)") }
        #expect(ISO8601DateFormatter().date(from: born) != nil)
        #expect(day.count == 10 && day.split(separator: "-").count == 3)
        #expect(UUID(uuidString: uuid) != nil)
        #expect(uuid == uuid.lowercased() && uuid.split(separator: "-")[2].hasPrefix("4"))
        #expect(URL(string: home)?.scheme == "https")
        #expect(Data(base64Encoded: photo) != nil)
        #expect(Double(weight) != nil)
    }

    @Test func generatedValuesStayInsideTheSchemasBounds() throws {
        let api = try Self.api(Self.document)
        for seed in UInt64(0)..<8 {
            let json = try #require(try Self.answer("GetBounded", in: api, seed: seed).json)
            guard case .number(let small)? = json["small"], case .number(let below)? = json["below"],
                case .number(let unit)? = json["unit"], case .string(let long)? = json["long"],
                case .string(let short)? = json["short"], case .array(let many)? = json["many"],
                case .array(let none)? = json["none"]
            else { return #expect(Bool(false), "\(json.text)") }
            #expect((10...12).contains(Int(small) ?? 0))
            #expect((Int(below) ?? 0) < -5)
            #expect((0...1).contains(Double(unit) ?? -1))
            #expect(long.count >= 20)
            #expect(short.count <= 3)
            #expect((4...5).contains(many.count))
            #expect(many.allSatisfy { $0 == .number("100") })
            #expect(none.isEmpty)
            guard case .string(let code)? = json["code"] else { return #expect(Bool(false), "no code") }
            #expect(code.count == 6 && code.dropFirst(3).hasPrefix("-") && code.prefix(3).allSatisfy(\.isUppercase))
        }
    }

    @Test(arguments: [
        #"^\d{3}-\d{4}$"#, "^[a-z][a-z0-9_]{2,7}$", "^(GET|POST)$", #"^[A-Z]{2}\.v[0-9]+(-beta)?$"#, "x+y*z?",
    ])
    func aPatternIsMatchedWhereFeasible(pattern: String) throws {
        var random = MockRandom(seed: 7)
        let text = try #require(MockPattern.string(matching: pattern, random: &random))
        let expression = try NSRegularExpression(pattern: pattern)
        #expect(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(text)")
    }

    @Test func aPatternBeyondTheSubsetGivesNothing() {
        var random = MockRandom(seed: 7)
        #expect(MockPattern.string(matching: "^(?=a)a$", random: &random) == nil)
        #expect(MockPattern.string(matching: "[^a]", random: &random) == nil)
        #expect(MockPattern.string(matching: #"(a)\1"#, random: &random) == nil)
    }

    @Test func recursionIsBoundedAndRequiredFieldsStay() throws {
        let api = try Self.api(Self.document)
        let json = try #require(try Self.answer("GetNode", in: api).json)
        // Follow `parent` down: every level has its required name, and the chain ends.
        var level: MockJSON? = json
        var depth = 0
        while let node = level {
            #expect(node["name"] != nil)
            level = node["parent"]
            depth += 1
        }
        #expect(depth > 1 && depth <= MockSynthesizer.optionalDepth + 1)
        guard case .array(let children)? = json["children"] else { return #expect(Bool(false), "no children") }
        #expect((1...3).contains(children.count))
    }

    @Test func aUnionWithADiscriminatorNamesTheAlternativeItGenerates() throws {
        let api = try Self.api(Self.document)
        var kinds: Set<String> = []
        for seed in UInt64(0)..<16 {
            let answer = try Self.answer("GetShape", in: api, seed: seed)
            #expect(answer.statusCode == 201)
            let json = try #require(answer.json)
            guard case .string(let kind)? = json["kind"] else { return #expect(Bool(false), "no kind: \(json.text)") }
            kinds.insert(kind)
            #expect(kind == "circle" ? json["radius"] != nil : json["side"] != nil)
        }
        #expect(kinds == ["circle", "square"])
    }

    @Test func aTypeExampleAndAnEmptyResponse() throws {
        let api = try Self.api(Self.document)
        #expect(try Self.answer("GetThing", in: api).body == #"{"label":"the example"}"#)
        let deleted = try Self.answer("DeleteThing", in: api)
        #expect(deleted.statusCode == 204)
        #expect(deleted.contentType == nil)
        #expect(deleted.body.isEmpty)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws {
        let api = try Self.api(Self.document)
        let bodies = { (seed: UInt64) in api.requests.map { MockAnswer.make(for: $0, in: api, seed: seed).body } }
        #expect(bodies(1) == bodies(1))
        #expect(bodies(1) != bodies(2))
        // SplitMix64's published first output for seed 0 (so no platform's arithmetic differs).
        var random = MockRandom(seed: 0)
        #expect(random.next() == 0xe220_a839_7b1d_cdaf)
    }

    @Test func theCheckerReportsWhatStrictMappingWould() throws {
        let api = try Self.api(Self.document)
        let checker = MockChecker(api)
        let pet = ResolvedType.model("Pet")
        #expect(checker.problems(.object([]), as: pet).count == 2)  // id and name missing
        let named: MockJSON = .object([
            MockJSONMember(key: "id", value: .number("1")), MockJSONMember(key: "name", value: .string("a")),
        ])
        #expect(checker.problems(named, as: pet).isEmpty)
        #expect(!checker.problems(.string("x"), as: .int32).isEmpty)
        #expect(!checker.problems(.number("3000000000"), as: .int32).isEmpty)
        #expect(!checker.problems(.string("not-a-uuid"), as: .uuid).isEmpty)
        #expect(!checker.problems(.string("gone"), as: .enumeration("PetStatus")).isEmpty)
        #expect(
            checker.problems(.object([MockJSONMember(key: "kind", value: .string("square"))]), as: .union("Shape"))
                .count == 1)
    }

    @Test func anEnvelopeWritesAPayloadOfABuiltInTypeBesideItsFields() throws {
        let spec = #"""
            {"htspec": 1,
             "types": {"ResultData": {"fields": {"code": "Integer", "message": "String", "result": "Variable"}}},
             "interfaces": {
               "GetServerTime": {"method": "GET", "path": "/time",
                                 "output": {"import": "ResultData", "bind": {"result": "Number"}}},
               "GetTags": {"method": "GET", "path": "/tags",
                           "output": {"import": "ResultData", "bind": {"result": "[String]"}}}}}
            """#
        let (document, diagnostics) = Generator.parseSpec(Array(spec.utf8), file: "envelope.htspec.json")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let parsed = try #require(document)
        let api = try #require(Resolver.resolve(parsed).0)
        let isNumber: @Sendable (MockJSON) -> Bool = { if case .number = $0 { true } else { false } }
        let isStrings: @Sendable (MockJSON) -> Bool = {
            guard case .array(let items) = $0 else { return false }
            return items.allSatisfy { if case .string = $0 { true } else { false } }
        }
        for (className, isPayload) in [("GetServerTime", isNumber), ("GetTags", isStrings)] {
            let answer = try Self.answer(className, in: api)
            guard case .object(let members)? = answer.json else {
                Issue.record("\(className): \(answer.body)")
                continue
            }
            #expect(members.map(\.key) == ["code", "message", "result"], "\(answer.body)")
            #expect(members.last.map { isPayload($0.value) } == true, "\(answer.body)")
        }
    }

    @Test func jsonTextEscapesWhatJSONNeeds() {
        let value: MockJSON = .object([MockJSONMember(key: "a\"b", value: .string("line\nbreak\u{1}\\"))])
        #expect(value.text == #"{"a\"b":"line\nbreak\u0001\\"}"#)
    }
}
