import Foundation
@_spi(Generated) import HTModel
import HTModelFixtures
import HTTestSupport
import Testing

/// A model using every hook.
final class HTHookedModel: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var name: String?
        var created: Date?
        var password: String?
        var version: Int?
        var stringValue: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["name", "created", "password", "version", "stringValue"]
    static let htAccessors: [HTPropertyAccessor<HTHookedModel>] = [
        HTPropertyAccessor<HTHookedModel>("name", \HTHookedModel.Storage.name),
        HTPropertyAccessor<HTHookedModel>("created", \HTHookedModel.Storage.created),
        HTPropertyAccessor<HTHookedModel>("password", \HTHookedModel.Storage.password),
        HTPropertyAccessor<HTHookedModel>("version", \HTHookedModel.Storage.version),
        HTPropertyAccessor<HTHookedModel>("stringValue", \HTHookedModel.Storage.stringValue),
    ]
    static let htMapping: HTObjectMapping<HTHookedModel> = .defaultMapping()

    /// Counts reads of a hook, to show hooks are read once per model type.
    static let shouldTransformReads = LockedBox(0)

    /// RestGoatee's example: `super_secret_str` feeds `stringValue`.
    static var htOverrideKeys: [String: String] { ["super_secret_str": "stringValue"] }

    /// `created` is epoch seconds as a string on the wire; `meta.version` has no property of its own name.
    static var htValueTransforms: [String: HTValueTransform<HTHookedModel>] {
        [
            "created": HTValueTransform(
                fromJSON: { model, json, context in
                    if let text = json.stringValue, let seconds = Double(text) {
                        model.created = Date(timeIntervalSince1970: seconds)
                    } else {
                        context.report("expected epoch seconds as a string")
                    }
                },
                toJSON: { model in model.created.map { .string(String(Int($0.timeIntervalSince1970))) } }),
            "meta.version": HTValueTransform(
                fromJSON: { model, json, _ in model.version = json.intValue },
                toJSON: { model in model.version.map { .integer(Int64($0)) } }),
        ]
    }

    /// The model upper-cases `name` itself; every other property maps normally.
    static var htShouldTransformValue: HTShouldTransformValue<HTHookedModel>? {
        shouldTransformReads.withLock { $0 += 1 }
        return { model, value, property in
            guard property == "name" else { return true }
            model.name = value.stringValue?.uppercased()
            return false
        }
    }

    static var htSerializationBlacklist: Set<String> { ["password"] }
}

@Suite("Mapping hooks")
struct MappingHooksTests {
    static let text = #"""
        {"name": "ada", "created": "1700000000", "password": "hunter2", "version": 1,
         "meta": {"version": 7}, "super_secret_str": "secret", "stringValue": "not this one"}
        """#

    @Test("a transform from JSON replaces the standard conversion of its key path")
    func transformFromJSON() throws {
        let model = try HTHookedModel(json: try Fixture.json(Self.text))
        #expect(model.created == Date(timeIntervalSince1970: 1_700_000_000))
        // `version` is mapped from "version" and set again by the "meta.version" transform afterwards.
        #expect(model.version == 7)
    }

    @Test("a transform reports what it cannot use with the key's path")
    func transformDiagnostics() throws {
        let (model, diagnostics) = try HTHookedModel.htMapped(from: try Fixture.json(#"{"created": 12}"#))
        #expect(model.created == nil)
        #expect(diagnostics.map(\.path.description) == ["created"])
        #expect(throws: HTMappingError.self) {
            _ = try HTHookedModel(json: try Fixture.json(#"{"created": 12}"#), options: .strict)
        }
    }

    @Test("should-transform lets the model set a property itself; the others map normally")
    func shouldTransform() throws {
        let model = try HTHookedModel(json: try Fixture.json(Self.text))
        #expect(model.name == "ADA")
        #expect(model.password == "hunter2")
        let nulled = try HTHookedModel(json: try Fixture.json(#"{"name": null}"#))
        #expect(nulled.name == nil)
    }

    @Test("override keys: the property reads and writes the override key, not its own")
    func overrideKeys() throws {
        let model = try HTHookedModel(json: try Fixture.json(Self.text))
        #expect(model.stringValue == "secret")
        let object = model.htJSONObject()
        #expect(object["super_secret_str"] == "secret")
        #expect(object["stringValue"] == nil)
    }

    @Test("the blacklist leaves properties out of every serialisation, not out of mapping")
    func blacklist() throws {
        let model = try HTHookedModel(json: try Fixture.json(Self.text))
        #expect(model.password == "hunter2")
        let expected =
            #"{"name":"ADA","created":"1700000000","version":7,"super_secret_str":"secret","meta":{"version":7}}"#
        #expect(model.htJSONString() == expected)
        #expect(String(decoding: model.htJSONData(), as: UTF8.self) == expected)
        #expect(model.htJSON.serializedString() == expected)
        #expect(model.htJSONObject()["password"] == nil)
        #expect(model.htJSONString(options: [.sortedKeys]).contains("hunter2") == false)
        // The raw mapping still writes it when asked for everything.
        #expect(HTHookedModel.htMapping.json(from: model)["password"] == "hunter2")
    }

    @Test("hooks are read once per model type, not per key or per object")
    func hooksReadOnce() throws {
        _ = try HTHookedModel(json: try Fixture.json(Self.text))
        let reads = HTHookedModel.shouldTransformReads.value
        #expect(reads >= 1)
        for _ in 0..<50 {
            _ = try HTHookedModel(json: try Fixture.json(Self.text))
        }
        #expect(HTHookedModel.shouldTransformReads.value == reads)
    }

    @Test("models without hooks get the defaults")
    func defaults() {
        #expect(HTUser.htOverrideKeys.isEmpty)
        #expect(HTUser.htValueTransforms.isEmpty)
        #expect(HTUser.htShouldTransformValue == nil)
        #expect(HTUser.htSerializationBlacklist.isEmpty)
    }
}
