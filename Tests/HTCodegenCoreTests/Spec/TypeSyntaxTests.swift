import Testing

@testable import HTCodegenCore

/// The written form of types: names, arrays and string-keyed maps, printed back as written.
@Suite struct TypeSyntaxTests {
    static let here = SourceLocation(file: "t.htspec.json", line: 3, column: 7)

    func parse(_ text: String) throws -> TypeRef {
        do {
            return try TypeSyntax.parse(text, at: Self.here)
        } catch {
            Issue.record("'\(text)': \(error.message)")
            throw error
        }
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try TypeSyntax.parse(text, at: Self.here)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ("Price", "Price", [TypeRef.Wrapper]()),
        ("[Price]", "Price", [.array]),
        ("Array<Price>", "Price", [.array]),
        ("[[Number]]", "Number", [.array, .array]),
        ("[String: Price]", "Price", [.map]),
        ("[String: [Price]]", "Price", [.map, .array]),
        ("[[String: Number]]", "Number", [.array, .map]),
        ("[String: [String: Int64]]", "Int64", [.map, .map]),
        ("Array<[String: Date]>", "Date", [.array, .map]),
        (" [ String :Price ] ", "Price", [.map]),
        ("[String:String]", "String", [.map]),
    ])
    func parsesNamesArraysAndMaps(text: String, name: String, wrappers: [TypeRef.Wrapper]) throws {
        let type = try parse(text)
        #expect(type.name == name)
        #expect(type.wrappers == wrappers)
        #expect(type.location == Self.here)
    }

    @Test func printsTheSpecSyntaxBack() throws {
        for text in ["Price", "[Price]", "[[Number]]", "[String: Price]", "[String: [Price]]", "[[String: Number]]"] {
            #expect(try parse(text).description == text)
        }
        #expect(try parse("Array<[String:Date]>").description == "[[String: Date]]")
        #expect(TypeRef(name: "Todo", arrayDepth: 2, location: Self.here).description == "[[Todo]]")
    }

    @Test func aMapKeyOtherThanStringSaysSo() {
        #expect(
            failure("[Int: Price]")
                == "'[Int: Price]' has the map key type 'Int'; map keys are always String (JSON object keys are strings): write [String: T]"
        )
        #expect(failure("[String: [Integer: Price]]")?.contains("the map key type 'Integer'") == true)
        #expect(
            failure("[[String]: Price]")
                == "'[[String]: Price]' is not a type; a map is written [String: T] (its keys are always String), an array [T]"
        )
        #expect(failure("[String: ]") != nil)
        #expect(failure("Dictionary<String, Price>") != nil)
    }

    @Test func mapsCountTowardsTheNestingLimit() {
        let deep = String(repeating: "[String: ", count: 33) + "Int64" + String(repeating: "]", count: 33)
        #expect(
            failure(deep)
                == "the type nests arrays and maps 33 levels deep; at most \(TypeRef.maxArrayDepth) are supported")
        let fine = String(repeating: "[String: ", count: 32) + "Int64" + String(repeating: "]", count: 32)
        #expect(failure(fine) == nil)
    }

    @Test func aMapTypeInASpecIsPositioned() throws {
        let spec = """
            {"htspec": 1, "types": {"T": {"fields": {
              "ok": "[String: [Number]]",
              "bad": "[Integer: Number]"
            }}}}
            """
        do {
            _ = try Generator.generate(specBytes: Array(spec.utf8), file: "m.htspec.json", config: GeneratorConfig())
            Issue.record("a map keyed by Integer generated")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "m.htspec.json:3:10: error: '[Integer: Number]' has the map key type 'Integer'; map keys are always String (JSON object keys are strings): write [String: T]"
                ])
        }
    }
}
