import Foundation
import Testing

@testable import HTCodegenCore

/// `htcodegen.json`'s `fieldTypes`: read with positions, applied to data-type fields and interface
/// inputs of NEI exports and native specs, and every mistake reported where it is written.
@Suite struct FieldTypeOverridesTests {
    static func config(_ json: String) -> (GeneratorConfig, [String]) {
        do {
            let root = try JSONDocumentParser.parse(Array(json.utf8), file: "htcodegen.json")
            let (config, diagnostics) = GeneratorConfig.read(root)
            return (config, diagnostics.map(\.description))
        } catch {
            Issue.record("the config does not parse: \(error)")
            return (GeneratorConfig(), [])
        }
    }

    /// Generates `spec` with the `fieldTypes` of `json`; the files and every diagnostic, or the errors.
    static func generate(_ spec: String, file: String, fieldTypes json: String) -> (
        models: String, requests: String, diagnostics: [String]
    ) {
        let (config, configDiagnostics) = Self.config(json)
        #expect(configDiagnostics.isEmpty, "\(configDiagnostics)")
        do {
            let (files, diagnostics) = try Generator.generate(
                specBytes: Array(spec.utf8), file: file, config: config)
            return (files.contents[0].text, files.contents[1].text, diagnostics.map(\.description))
        } catch {
            return ("", "", error.diagnostics.map(\.description))
        }
    }

    /// A v3 export: `Item` with Number and String fields, an interface with Number inputs.
    static let export = """
        {"datatypes": [
           {"id": 10001, "type": 1, "name": "String", "format": 3, "params": []},
           {"id": 10002, "type": 1, "name": "Number", "format": 4, "params": []},
           {"id": 1, "type": 0, "name": "Item", "format": 0, "params": [
             {"id": 1, "type": 10002, "name": "id", "isArray": 0},
             {"id": 2, "type": 10002, "name": "price", "isArray": 0},
             {"id": 3, "type": 10002, "name": "history", "isArray": 1},
             {"id": 4, "type": 10001, "name": "day", "isArray": 0}]},
           {"id": 2, "type": 0, "name": "Shop", "format": 0, "params": [{"id": 5, "type": 10002, "name": "id", "isArray": 0}]}],
         "interfaces": [{"id": 7, "name": "查询商品", "className": "FindItems", "path": "/items/:id", "method": "GET",
           "params": {"inputs": [
             {"id": 8, "type": 10002, "name": "id", "isArray": 0}, {"id": 9, "type": 10002, "name": "since", "isArray": 0},
             {"id": 10, "type": 10002, "name": "ids", "isArray": 1}],
           "outputs": [{"id": 11, "type": 1, "name": "items", "isArray": 1}], "reqHeaders": [], "resHeaders": []}}],
         "specs": []}
        """

    @Test func overridesDataTypeFieldsInputsAndEveryFieldOfAName() {
        let (models, requests, diagnostics) = Self.generate(
            Self.export, file: "o.nei.json",
            fieldTypes: """
                {"fieldTypes": {
                  "*.id": "Int64", "Shop.id": "UInt64", "Item.price": "Decimal", "Item.history": "Decimal",
                  "Item.day": {"type": "Date", "format": "dateOnly"},
                  "查询商品.since": {"type": "Date", "format": "secondsSince1970"}, "FindItemsRequest.ids": "[String: Int64]"}}
                """)
        #expect(diagnostics.isEmpty)
        #expect(models.contains("internal let id: Int64?"))
        #expect(models.contains("internal let id: UInt64?"), "Shop.id wins over *.id")
        #expect(models.contains("internal let price: Decimal?"))
        #expect(models.contains("internal let history: [Decimal]?"), "the field's isArray is kept")
        #expect(models.contains(".init(\"day\", dateFormat: .dateOnly, \\.day),"))
        #expect(requests.contains("internal var id: Int64\n"), "a path parameter, required")
        #expect(requests.contains("value.htJSON(dateFormat: .secondsSince1970)"))
        #expect(requests.contains("internal var ids: [[String: Int64]]?"))
        #expect(models.contains("import Foundation") && requests.contains("import Foundation"))
    }

    @Test func overridesApplyToNativeSpecsToo() {
        let spec = """
            {"htspec": 1, "types": {"Item": {"fields": {"price": "Number", "tags": "[String]"}}},
             "interfaces": {"Find": {"method": "GET", "path": "/f", "inputs": {"price": "Number"}}}}
            """
        let (models, requests, diagnostics) = Self.generate(
            spec, file: "n.htspec.json", fieldTypes: #"{"fieldTypes": {"*.price": "Decimal", "Item.tags": "UUID"}}"#)
        #expect(diagnostics.isEmpty)
        #expect(models.contains("internal let price: Decimal?"))
        #expect(models.contains("internal let tags: [UUID]?"))
        #expect(requests.contains("internal var price: Decimal?"))
    }

    @Test func anUnknownOverrideTypeIsAnErrorInTheConfig() {
        let (_, _, diagnostics) = Self.generate(
            Self.export, file: "o.nei.json",
            fieldTypes: """
                {"fieldTypes": {
                  "Item.price": "Decmal"}}
                """)
        #expect(diagnostics == ["htcodegen.json:2:17: error: unknown type 'Decmal'; did you mean 'Decimal'?"])
    }

    @Test func aFormatOnANonDateOverrideIsAnErrorInTheConfig() {
        let (_, _, diagnostics) = Self.generate(
            Self.export, file: "o.nei.json",
            fieldTypes: """
                {"fieldTypes": {
                  "Item.price": {"type": "Decimal", "format": "iso8601"}}}
                """)
        #expect(
            diagnostics == [
                "htcodegen.json:2:47: error: a date format applies only to a field whose type holds a Date (Date, [Date], [String: Date], ...); 'price' of type 'Item' is Decimal"
            ])
    }

    @Test func aKeyThatMatchesNothingIsAWarningAtTheKey() {
        let (_, _, diagnostics) = Self.generate(
            Self.export, file: "o.nei.json",
            fieldTypes: """
                {"fieldTypes": {
                  "Item.prise": "Decimal",
                  "*.uuid": "UUID",
                  "Item.id": "Int64"}}
                """)
        #expect(
            diagnostics == [
                "htcodegen.json:2:3: warning: the \"fieldTypes\" key 'Item.prise' matches nothing: 'Item' is no data type with a field 'prise' and no interface with an input 'prise'",
                "htcodegen.json:3:3: warning: the \"fieldTypes\" key '*.uuid' matches nothing: no field of a data type and no input of an interface is named 'uuid'",
            ])
    }

    @Test func anOverrideNamingTheExportsOwnTypeSaysSo() {
        let export = """
            {"datatypes": [
               {"id": 10002, "type": 1, "name": "Number", "format": 4, "params": []},
               {"id": 1, "type": 0, "name": "Date", "format": 0, "params": [{"id": 1, "type": 10002, "name": "day", "isArray": 0}]},
               {"id": 2, "type": 0, "name": "Event", "format": 0, "params": [{"id": 2, "type": 10002, "name": "at", "isArray": 0}]}],
             "interfaces": [], "specs": []}
            """
        let (models, _, diagnostics) = Self.generate(
            export, file: "o.nei.json", fieldTypes: #"{"fieldTypes": {"Event.at": "Date"}}"#)
        #expect(models.contains("internal let at: HTDate?"))
        #expect(
            diagnostics == [
                "htcodegen.json:1:29: warning: 'Date' names the spec's own type 'Date' here, not the built-in Date"
            ])
    }

    @Test func badSettingsAreErrorsAtTheirPositions() {
        let (_, diagnostics) = Self.config(
            """
            {"fieldTypes": {
              "format:": "Decimal",
              "Item.": "Decimal",
              "Item.a": 3,
              "Item.b": {"format": "iso8601"},
              "Item.c": {"type": "Date", "format": "unix", "extra": 1},
              "Item.d": "[Int: Date]",
              "Item.e": {"type": "Date", "format": {"pattern": ""}}
            }}
            """)
        #expect(
            diagnostics == [
                "htcodegen.json:2:3: error: the \"fieldTypes\" key 'format:' must be 'Type.field', 'Interface.input', '*.field', a data type ('Money', 'schema:v1.Money') or 'format:name'",
                "htcodegen.json:3:3: error: the \"fieldTypes\" key 'Item.' must be 'Type.field', 'Interface.input', '*.field', a data type ('Money', 'schema:v1.Money') or 'format:name'",
                "htcodegen.json:4:13: error: the override of 'Item.a' must be a type such as \"Decimal\" or an object such as {\"type\": \"Date\", \"format\": \"iso8601\"}, found a number",
                "htcodegen.json:5:13: error: the override of 'Item.b' needs \"type\", such as {\"type\": \"Date\", \"format\": \"iso8601\"}, or \"appType\"",
                "htcodegen.json:6:48: error: unknown key 'extra' in the override of 'Item.c'; expected one of: type, format, appType",
                "htcodegen.json:6:40: error: unknown date format 'unix'; use one of iso8601, iso8601WithFractionalSeconds, dateOnly, secondsSince1970, millisecondsSince1970, or {\"pattern\": \"yyyy-MM-dd HH:mm\"}",
                "htcodegen.json:7:13: error: '[Int: Date]' has the map key type 'Int'; map keys are always String (JSON object keys are strings): write [String: T]",
                "htcodegen.json:8:52: error: \"pattern\" must be a DateFormatter pattern such as \"yyyy-MM-dd HH:mm\", found an empty string",
            ])
        let (_, notAnObject) = Self.config(#"{"fieldTypes": ["Item.price"]}"#)
        #expect(
            notAnObject == [
                "htcodegen.json:1:16: error: \"fieldTypes\" must be an object such as {\"Product.price\": \"Decimal\"}, found an array"
            ])
    }

    /// An OpenAPI document: fields of schemas and inputs of operations by name, a whole schema (every
    /// reference to it, and its own declaration gone), a format (fields, items, a named alias), and the
    /// app's own types.
    @Test func overridesApplyToOpenAPIFieldsSchemasAndFormats() {
        let spec = OpenAPITestSupport.document(
            schemas: """
                    Money: {type: object, properties: {amount: {type: string}, currency: {type: string}}}
                    AccountID: {type: string, format: uuid}
                    Account:
                      type: object
                      properties:
                        id: {$ref: '#/components/schemas/AccountID'}
                        balance: {$ref: '#/components/schemas/Money'}
                        history: {type: array, items: {$ref: '#/components/schemas/Money'}}
                        owners: {type: array, items: {type: string, format: uuid}}
                        opened: {type: string, format: date-time}
                        rate: {type: number}
                """,
            paths: """
                  /accounts/{id}:
                    get:
                      operationId: getAccount
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
                        - {name: limit, in: query, schema: {type: integer}}
                      responses:
                        '200': {description: An account., content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
                """)
        let (models, requests, diagnostics) = Self.generate(
            spec, file: "bank.openapi.yaml",
            fieldTypes: """
                {"fieldTypes": {
                  "Money": {"appType": "AppMoney"},
                  "format:uuid": {"appType": "AppID"},
                  "Account.opened": {"type": "Date", "format": "secondsSince1970"},
                  "Account.rate": "Decimal",
                  "getAccount.limit": "Int64",
                  "Account.owners": "String",
                  "format:money": "Decimal",
                  "Mony": "Decimal"}}
                """)
        #expect(
            diagnostics == [
                "htcodegen.json:8:3: warning: the \"fieldTypes\" key 'format:money' matches nothing: no schema has the format 'money'",
                "htcodegen.json:9:3: warning: the \"fieldTypes\" key 'Mony' matches nothing: no data type is named 'Mony'",
            ])
        #expect(!models.contains("class HTMoney"))
        #expect(models.contains("internal let balance: AppMoney?"))
        #expect(models.contains("internal let history: [AppMoney]?"))
        #expect(models.contains("internal let id: AppID?"))
        // A field key wins over a format key, and keeps the field's own arrays.
        #expect(models.contains("internal let owners: [String]?"))
        #expect(models.contains("internal let opened: Date?"))
        #expect(models.contains(".secondsSince1970"))
        #expect(models.contains("internal let rate: Decimal?"))
        #expect(requests.contains("internal let id: AppID") || requests.contains("internal var id: AppID"))
        #expect(requests.contains("internal var limit: Int64?"))
    }

    @Test func anAppTypeMustBeASwiftName() {
        let (_, diagnostics) = Self.config(
            #"{"fieldTypes": {"Money": {"appType": "[Money]"}, "Cash": {"appType": "Money", "type": "Decimal"}}}"#)
        #expect(
            diagnostics == [
                "htcodegen.json:1:38: error: \"appType\" must name a Swift type of the app's own, such as \"Money\"",
                "htcodegen.json:1:58: error: the override of 'Cash' has \"appType\": it takes no \"type\" or \"format\"",
            ])
    }

    /// The build plugin runs once per spec with the others as `--also`: a key that matches in any spec
    /// of the target is no warning, and one that matches in none is reported by one run only.
    @Test func aTargetsSpecsAreCheckedTogetherAndReportedOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ht-overrides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appending(path: "a.htspec.json")
        let b = directory.appending(path: "b.htspec.json")
        try Data(#"{"htspec": 1, "types": {"A": {"fields": {"price": "Number"}}}}"#.utf8).write(to: a)
        try Data(#"{"htspec": 1, "types": {"B": {"fields": {"cost": "Number"}}}}"#.utf8).write(to: b)
        let config = directory.appending(path: "htcodegen.json")
        let output = directory.appending(path: "out").path
        func run(_ spec: URL, also other: URL) -> Int32 {
            CodegenCommand.run(arguments: [
                "generate", spec.path, "--also", other.path, "--config", config.path, "--output-dir", output,
                "--quiet", "--warnings-as-errors",
            ])
        }
        // Each key matches in one of the two specs: no warning in either run.
        try Data(#"{"fieldTypes": {"A.price": "Decimal", "B.cost": "Decimal"}}"#.utf8).write(to: config)
        #expect(run(a, also: b) == 0)
        #expect(run(b, also: a) == 0)
        #expect(try String(contentsOfFile: output + "/b+Models.swift", encoding: .utf8).contains("let cost: Decimal?"))
        // A key that matches nothing: reported by the run of the first spec only.
        try Data(#"{"fieldTypes": {"A.price": "Decimal", "C.none": "Decimal"}}"#.utf8).write(to: config)
        #expect(run(a, also: b) == 1)
        #expect(run(b, also: a) == 0)
        // One spec alone reports it too.
        #expect(
            CodegenCommand.run(arguments: [
                "check", b.path, "--config", config.path, "--quiet", "--warnings-as-errors",
            ]) == 1)
    }
}
