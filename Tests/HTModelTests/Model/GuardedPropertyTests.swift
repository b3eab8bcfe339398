import HTModel
import Testing

/// A hand-written `Sendable` model, declared as generated models are.
final class GuardedCounter: HTHTTPModel, HTModelMappable, HTGuardedModel, @unchecked Sendable {
    // @unchecked Sendable: the one stored property, _htStorage, is read and written only under the
    // model's lock (HTGuardedModel, HTPropertyAccessor); HTHTTPModel has no stored properties.
    struct Storage: Sendable {
        var name: String?
        var count: Int?
        var child: GuardedCounter?
    }
    var _htStorage = Storage()

    static let htAccessors: [HTPropertyAccessor<GuardedCounter>] = [
        .init("name", guarded: { $1(&$0._htStorage.name) }),
        .init("count", key: "n", required: true, guarded: { $1(&$0._htStorage.count) }),
        .init("child", guarded: { $1(&$0._htStorage.child) }),
    ]
    static let htMapping: HTObjectMapping<GuardedCounter> = .defaultMapping()
}

@Suite struct GuardedPropertyTests {
    @Test func guardedAccessorsMapEncodeAndCopy() throws {
        let model = try GuardedCounter(jsonString: #"{"name": "a", "n": 2, "child": {"name": "b", "n": 3}}"#)
        #expect(model.name == "a" && model.count == 2 && model.child?.count == 3)
        #expect(GuardedCounter.customTypePropertyDic["child"] == GuardedCounter.self)
        #expect(GuardedCounter.baseTypePropertyList == ["name", "count"])
        #expect(model.htJSONString(options: [.sortedKeys]) == #"{"child":{"n":3,"name":"b"},"n":2,"name":"a"}"#)
        let copy = model.htCopy()
        copy.child?.name = "changed"
        #expect(model.child?.name == "b" && copy.child !== model.child)
        // Required and null handling go through the guarded path as through get/set accessors.
        let diagnostics = try model.htSet(from: ["n": .null, "name": "z"])
        #expect(model.count == nil && model.name == "z")
        #expect(diagnostics.map(\.message) == [#"required field "count" is null"#])
        #expect(throws: HTMappingError.self) { try GuardedCounter(json: ["name": "x"], options: .strict) }
        // Key paths through the model reach the stored properties.
        #expect([model, copy].map(\.name) == ["z", "a"])
    }

    /// Many tasks write, read, encode and re-map one model: each access is atomic, so every value read
    /// is one that some task wrote, and the model ends with one of them.
    @Test func concurrentReadersAndWriters() async {
        let model = GuardedCounter()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<500 {
                        model.count = task * 1000 + round
                        model.child = round.isMultiple(of: 2) ? GuardedCounter() : nil
                        if let value = model.count { #expect(value % 1000 < 500) }
                        _ = model.htJSONData()
                        if round.isMultiple(of: 50) { _ = try? model.htSet(from: ["name": .string("t\(task)")]) }
                    }
                }
            }
        }
        #expect((model.count ?? -1) % 1000 == 499)
        #expect(model.name?.hasPrefix("t") == true)
    }
}
