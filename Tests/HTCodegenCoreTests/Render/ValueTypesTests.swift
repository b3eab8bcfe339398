import Testing

@testable import HTCodegenCore

/// The value types (`Int32` ... `Data`), maps and nested arrays: parsed, resolved and rendered in fields,
/// inputs and responses.
@Suite struct ValueTypesTests {
    /// The generated files and the diagnostics, as printed.
    static func generate(_ spec: String, prefix: String = "HT") throws -> (models: String, requests: String, [String]) {
        var config = GeneratorConfig()
        config.namePrefix = prefix
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "v.htspec.json", config: config)
        return (files.contents[0].text, files.contents[1].text, diagnostics.map(\.description))
    }

    /// The errors of a spec that must not generate.
    static func errors(_ spec: String) -> [String] {
        do {
            _ = try Generator.generate(specBytes: Array(spec.utf8), file: "v.htspec.json", config: GeneratorConfig())
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    @Test(arguments: [
        ("Int32", "Int32"), ("Int64", "Int64"), ("UInt64", "UInt64"), ("Decimal", "Decimal"), ("Date", "Date"),
        ("URL", "URL"), ("UUID", "UUID"), ("Data", "Data"), ("Integer", "Int"), ("Number", "Double"),
        ("Variable", "HTJSON"), ("[String: Decimal]", "[String: Decimal]"), ("[[Number]]", "[[Double]]"),
        ("[String: [Int64]]", "[String: [Int64]]"), ("[[String: Number]]", "[[String: Double]]"),
        ("[String: [String: Int64]]", "[String: [String: Int64]]"), ("[String: Item]", "[String: HTItem]"),
    ])
    func everyTypeIsItsSwiftTypeInFieldsAndInputs(spec type: String, swift: String) throws {
        let spec = """
            {"htspec": 1, "types": {"Item": {"fields": {"x": "\(type)"}}},
             "interfaces": {"Send": {"method": "POST", "path": "/send", "inputs": {"x": "\(type)"}}}}
            """
        let (models, requests, diagnostics) = try Self.generate(spec)
        #expect(diagnostics.isEmpty)
        #expect(models.contains("internal let x: \(swift)?"), "model field \(type)")
        #expect(requests.contains("internal var x: \(swift)?"), "input \(type)")
        #expect(requests.contains("if let value = self.x { parameters.append(\"x\", value.htJSON) }"))
    }

    @Test func foundationIsImportedOnlyByFilesThatUseIt() throws {
        let spec = """
            {"htspec": 1, "types": {"Price": {"fields": {"amount": "Decimal"}}, "Tag": {"fields": {"name": "String"}}},
             "interfaces": {"Tags": {"method": "GET", "path": "/tags", "inputs": {"page": "Integer"}, "outputs": {"tags": "[Tag]"}}}}
            """
        let (models, requests, _) = try Self.generate(spec)
        #expect(models.contains("import Foundation\n@_spi(Generated) import HTNetworking\n"))
        #expect(!requests.contains("import Foundation"))
        let (_, dated, _) = try Self.generate(
            #"{"htspec": 1, "interfaces": {"Since": {"method": "GET", "path": "/s", "inputs": {"since": "[String: [Date]]"}}}}"#
        )
        #expect(dated.contains("import Foundation\n"))
        let (plain, _, _) = try Self.generate(#"{"htspec": 1, "types": {"Tag": {"fields": {"name": "String"}}}}"#)
        #expect(!plain.contains("import Foundation"))
    }

    @Test func mapsAndNestedArraysAreResponses() throws {
        let spec = """
            {"htspec": 1, "types": {
               "Price": {"fields": {"amount": "Decimal"}},
               "Envelope": {"fields": {"code": "Integer", "data": "Variable"}}},
             "interfaces": {
               "Table": {"method": "GET", "path": "/table", "outputs": {"table": "[String: [Price]]"}},
               "Grid": {"method": "GET", "path": "/grid", "outputs": {"grid": "[[Price]]"}},
               "Bound": {"method": "GET", "path": "/bound", "output": {"import": "Envelope", "bind": {"data": "[String: Price]"}}},
               "Numbers": {"method": "GET", "path": "/numbers", "outputs": {"values": "[[Number]]"}}}}
            """
        let (_, requests, _) = try Self.generate(spec)
        #expect(requests.contains("internal typealias Response = [String: [HTPrice]]"))
        #expect(requests.contains("internal typealias Response = [[HTPrice]]"))
        #expect(requests.contains("internal typealias Response = [String: HTPrice]"))
        // No model in it: rule 5, the raw JSON, as for [Number] before.
        #expect(requests.contains("internal typealias Response = HTJSON"))
    }

    @Test func aSpecTypeNamedLikeAValueTypeTakesItOverWithAWarning() throws {
        let spec = """
            {"htspec": 1, "types": {
              "Date": {"fields": {"day": "Integer"}},
              "Event": {"fields": {"when": "Date", "stamp": "Int64"}}}}
            """
        let (models, _, diagnostics) = try Self.generate(spec)
        #expect(models.contains("internal let when: HTDate?"))
        #expect(models.contains("internal let stamp: Int64?"))
        #expect(
            diagnostics == [
                "v.htspec.json:2:3: warning: the type 'Date' takes the name of the built-in type Date: in this spec 'Date' means this type; rename it to use the built-in one"
            ])
    }

    @Test func anNEIDatatypeNamedLikeAValueTypeStaysAModelWithoutAWarning() throws {
        let export = """
            {"datatypes": [
               {"id": 10001, "type": 1, "name": "String", "format": 3, "params": []},
               {"id": 1, "type": 0, "name": "Data", "format": 0, "params": [{"id": 1, "type": 10001, "name": "note", "isArray": 0}]},
               {"id": 2, "type": 0, "name": "URL", "format": 0, "params": [{"id": 2, "type": 1, "name": "payload", "isArray": 1}]}],
             "interfaces": [], "specs": []}
            """
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(export.utf8), file: "d.nei.json", config: GeneratorConfig())
        let models = files.contents[0].text
        #expect(diagnostics.isEmpty)
        #expect(models.contains("final class HTData: HTHTTPModel"))
        #expect(models.contains("internal let payload: [HTData]?"))
        #expect(!models.contains("import Foundation"))
    }

    @Test func generatedNamesNeverShadowTheValueTypes() throws {
        let spec = """
            {"htspec": 1, "types": {
              "Int32": {"fields": {}}, "UInt64": {"fields": {}}, "TimeZone": {"enum": [{"key": "utc"}]}}}
            """
        var config = GeneratorConfig()
        config.namePrefix = ""
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "v.htspec.json", config: config)
        #expect(files.contents[0].text.contains("final class Int32_: HTTPModel"))
        #expect(files.contents[0].text.contains("final class UInt64_: HTTPModel"))
        #expect(files.contents[2].text.contains("struct TimeZone_: HTStringEnum"))
        // Native types named like value types also take the names over (see the test above): 2 more.
        #expect(diagnostics.count == 5)
        #expect(
            diagnostics.map(\.description).contains(
                "v.htspec.json:2:54: warning: the enumeration 'TimeZone' would be named 'TimeZone', which is a Swift, Foundation or runtime type; it is generated as 'TimeZone_'"
            ))
    }

    @Test func swiftSpellingsOfSpecTypesGetAHint() {
        #expect(
            Self.errors(#"{"htspec": 1, "types": {"P": {"fields": {"grid": "[[String: Double]]"}}}}"#) == [
                "v.htspec.json:1:50: error: unknown type 'Double'; a spec writes the Swift Double as 'Number'"
            ])
        #expect(
            Self.errors(#"{"htspec": 1, "types": {"P": {"fields": {"n": "Int"}}}}"#) == [
                "v.htspec.json:1:47: error: unknown type 'Int'; a spec writes the Swift Int as 'Integer'"
            ])
    }

    @Test func namedArrayTypesOfMapsAreInlined() throws {
        let spec = """
            {"htspec": 1, "types": {
              "Row": {"array": "[String: Number]"}, "Rows": {"array": "Row"},
              "Sheet": {"fields": {"rows": "Rows", "byName": "[String: Row]"}}}}
            """
        let (models, _, diagnostics) = try Self.generate(spec)
        #expect(diagnostics.isEmpty)
        #expect(models.contains("internal let rows: [[[String: Double]]]?"))
        #expect(models.contains("internal let byName: [String: [[String: Double]]]?"))
    }
}
