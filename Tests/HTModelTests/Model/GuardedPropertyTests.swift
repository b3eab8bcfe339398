import HTModel
import Testing

/// A hand-written `Sendable` model, declared as generated models are.
final class GuardedCounter: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable: every stored property is @HTGuarded (a Sendable value read and written under a
    // lock); HTHTTPModel has no stored properties.
    @HTGuarded var name: String?
    @HTGuarded var count: Int?
    @HTGuarded var child: GuardedCounter?

    static let htAccessors: [HTPropertyAccessor<GuardedCounter>] = [
        .init("name", guarded: { $1(&$0._name) }),
        .init("count", key: "n", required: true, guarded: { $1(&$0._count) }),
        .init("child", guarded: { $1(&$0._child) }),
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
    }

    /// Many tasks increment through the lock-free-looking API: each access is atomic, so the value read
    /// is always one that some task wrote, and the model ends with one of them.
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
                    }
                }
            }
        }
        #expect((model.count ?? -1) % 1000 == 499)
    }
}
