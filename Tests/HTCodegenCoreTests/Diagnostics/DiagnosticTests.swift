import Testing

@testable import HTCodegenCore

/// Every kind of invalid spec and config, each with its exact diagnostic.
@Suite struct DiagnosticTests {
    /// Generates `spec` (named `x.htspec.json`) and returns every diagnostic as printed.
    func diagnostics(_ spec: String) -> [String] {
        do {
            let (_, warnings) = try Generator.generate(
                specBytes: Array(spec.utf8), file: "x.htspec.json", config: GeneratorConfig())
            return warnings.map(\.description)
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "empty file", spec: "",
            expected: ["x.htspec.json:1:1: error: the file is empty; a spec is a JSON object"]),
        Case(
            name: "syntax: missing comma", spec: "{\"htspec\": 1\n \"types\": {}}",
            expected: ["x.htspec.json:2:2: error: expected ',' or '}' after the value of 'htspec', found '\"'"]),
        Case(
            name: "syntax: trailing comma", spec: "{\"htspec\": 1,}",
            expected: ["x.htspec.json:1:14: error: trailing comma before '}' is not allowed in JSON"]),
        Case(
            name: "syntax: unterminated string", spec: "{\"htspec\": 1, \"description\": \"abc",
            expected: ["x.htspec.json:1:30: error: unterminated string"]),
        Case(
            name: "duplicate key",
            spec: "{\"htspec\": 1,\n \"types\": {\"A\": {\"fields\": {}},\n  \"A\": {\"fields\": {}}}}",
            expected: ["x.htspec.json:3:3: error: duplicate key 'A' (first defined at line 2, column 12)"]),
        Case(
            name: "not an object", spec: "[1, 2]",
            expected: ["x.htspec.json:1:1: error: a spec must be an object (a mapping in YAML), found an array"]),
        Case(
            name: "missing version", spec: "{\"types\": {}}",
            expected: [
                "x.htspec.json:1:1: error: missing \"htspec\": 1 at the top of the spec (it marks the file as a native spec)"
            ]),
        Case(
            name: "unknown top-level key", spec: "{\"htspec\": 1, \"Types\": {}}",
            expected: [
                "x.htspec.json:1:15: error: unknown key 'Types' in the spec (did you mean 'types'?); expected one of: $schema, htspec, description, dateFormat, types, interfaces"
            ]),
        Case(
            name: "unknown type, with a suggestion",
            spec: "{\"htspec\": 1, \"types\": {\"User\": {\"fields\": {\"friend\": \"Usr\"}}}}",
            expected: ["x.htspec.json:1:55: error: unknown type 'Usr'; did you mean 'User'?"]),
        Case(
            name: "unknown type, no suggestion",
            spec: "{\"htspec\": 1, \"types\": {\"User\": {\"fields\": {\"friend\": \"Nope\"}}}}",
            expected: [
                "x.htspec.json:1:55: error: unknown type 'Nope'; use a built-in type (String, Number, Integer, Boolean, Variable, Int32, Int64, UInt64, Decimal, Date, URL, UUID, Data) or a type defined in \"types\""
            ]),
        Case(
            name: "type with two kinds",
            spec: "{\"htspec\": 1, \"types\": {\"T\": {\"fields\": {}, \"array\": \"String\"}}}",
            expected: [
                "x.htspec.json:1:25: error: type 'T' must have exactly one of \"fields\" (a model), \"enum\" (an enumeration) or \"array\" (an array type)"
            ]),
        Case(
            name: "closed on a model",
            spec: "{\"htspec\": 1, \"types\": {\"T\": {\"fields\": {}, \"closed\": true}}}",
            expected: [
                "x.htspec.json:1:45: error: \"closed\" applies to enumerations only; type 'T' is not one"
            ]),
        Case(
            name: "closed not a boolean",
            spec: "{\"htspec\": 1, \"types\": {\"T\": {\"enum\": [{\"key\": \"a\"}], \"closed\": \"yes\"}}}",
            expected: ["x.htspec.json:1:65: error: \"closed\" must be true or false, found a string"]),
        Case(
            name: "system type redefined", spec: "{\"htspec\": 1, \"types\": {\"String\": {\"fields\": {}}}}",
            expected: ["x.htspec.json:1:25: error: 'String' is a system type; give this type another name"]),
        Case(
            name: "bad type syntax", spec: "{\"htspec\": 1, \"types\": {\"T\": {\"fields\": {\"a\": \"[String\"}}}}",
            expected: [
                "x.htspec.json:1:47: error: '[String' is not a type; write a name such as \"User\", \"[User]\" for an array, or \"[String: User]\" for a map"
            ]),
        Case(
            name: "field type not a string", spec: "{\"htspec\": 1, \"types\": {\"T\": {\"fields\": {\"a\": 3}}}}",
            expected: [
                "x.htspec.json:1:47: error: field 'a' must be a type name such as \"String\" or an object with \"type\", found a number"
            ]),
        Case(
            name: "array type cycle",
            spec: "{\"htspec\": 1, \"types\": {\"A\": {\"array\": \"B\"}, \"B\": {\"array\": \"A\"}}}",
            expected: ["x.htspec.json:1:40: error: array type 'A' contains itself (A → B → A)"]),
        Case(
            name: "duplicate enum key and value",
            spec:
                "{\"htspec\": 1, \"types\": {\"E\": {\"enum\": [{\"key\": \"a\", \"value\": \"1\"}, {\"key\": \"a\", \"value\": \"1\"}]}}}",
            expected: [
                "x.htspec.json:1:68: error: enumeration 'E' has two members with the key 'a'",
                "x.htspec.json:1:68: error: enumeration 'E' has two members with the value \"1\"",
            ]),
        Case(
            name: "unsupported method",
            spec: "{\"htspec\": 1, \"interfaces\": {\"I\": {\"method\": \"FETCH\", \"path\": \"/x\"}}}",
            expected: [
                "x.htspec.json:1:46: error: unsupported method 'FETCH'; use one of DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, TRACE"
            ]),
        Case(
            name: "missing method and path", spec: "{\"htspec\": 1, \"interfaces\": {\"I\": {}}}",
            expected: [
                "x.htspec.json:1:30: error: interface 'I' has no \"method\" (GET, POST, PUT, DELETE, HEAD or PATCH)",
                "x.htspec.json:1:30: error: interface 'I' has no \"path\" string such as \"/users/:id\"",
            ]),
        Case(
            name: "path parameter without input",
            spec: "{\"htspec\": 1, \"interfaces\": {\"I\": {\"method\": \"GET\", \"path\": \"/users/:id\"}}}",
            expected: [
                "x.htspec.json:1:61: error: the path has the parameter 'id' but the interface has no input named 'id'"
            ]),
        Case(
            name: "variable header clashes with an input",
            spec:
                "{\"htspec\": 1, \"interfaces\": {\"I\": {\"method\": \"GET\", \"path\": \"/x\", \"inputs\": {\"cookie\": \"String\"}, \"headers\": {\"Cookie\": {}}}}}",
            expected: [
                "x.htspec.json:1:111: error: the variable header 'Cookie' becomes the property 'cookie', which clashes with the input of that name; rename the input"
            ]),
        Case(
            name: "inputs and input together",
            spec:
                "{\"htspec\": 1, \"types\": {\"A\": {\"fields\": {}}}, \"interfaces\": {\"I\": {\"method\": \"POST\", \"path\": \"/x\", \"inputs\": {}, \"input\": \"A\"}}}",
            expected: [
                "x.htspec.json:1:114: error: interface 'I' has both \"inputs\" and \"input\"; use \"inputs\" for parameters or \"input\" to import one data type"
            ]),
        Case(
            name: "binding a field that is not Variable",
            spec:
                "{\"htspec\": 1, \"types\": {\"R\": {\"fields\": {\"code\": \"Integer\", \"data\": \"Variable\"}}}, \"interfaces\": {\"I\": {\"method\": \"GET\", \"path\": \"/x\", \"output\": {\"import\": \"R\", \"bind\": {\"code\": \"String\"}}}}}",
            expected: [
                "x.htspec.json:1:179: error: only Variable and [Variable] fields can be bound; 'R.code' is Integer"
            ]),
        Case(
            name: "importing a system type",
            spec:
                "{\"htspec\": 1, \"interfaces\": {\"I\": {\"method\": \"POST\", \"path\": \"/x\", \"input\": \"String\"}}}",
            expected: [
                "x.htspec.json:1:77: error: an imported input must be one data type with fields; 'String' is not"
            ]),
        Case(
            name: "warning: two interfaces with one class name",
            spec:
                "{\"htspec\": 1, \"interfaces\": {\"A\": {\"method\": \"GET\", \"path\": \"/a\"},\n \"B\": {\"className\": \"ARequest\", \"method\": \"GET\", \"path\": \"/b\"}}}",
            expected: [
                "x.htspec.json:2:21: warning: the request 'ARequest' (GET /b) is also generated by the interface at line 1, column 30; this one is generated as 'HTARequest_2' (set \"className\", or \"operationId\" in OpenAPI, to choose its name)"
            ]),
        Case(
            name: "warning: rule 4",
            spec:
                "{\"htspec\": 1, \"types\": {\"M\": {\"fields\": {}}}, \"interfaces\": {\"I\": {\"method\": \"GET\", \"path\": \"/x\", \"outputs\": {\"n\": \"Integer\", \"m\": \"M\"}}}}",
            expected: [
                "x.htspec.json:1:127: warning: response rule 4: several outputs of which one ('m') is a model; it works, but prefer a single output or an imported type"
            ]),
        Case(
            name: "warning: mixing rules 1 to 3",
            spec:
                "{\"htspec\": 1, \"types\": {\"M\": {\"fields\": {}}}, \"interfaces\": {\"A\": {\"method\": \"GET\", \"path\": \"/a\", \"outputs\": {\"m\": \"M\"}},\n \"B\": {\"method\": \"GET\", \"path\": \"/b\", \"output\": \"M\"}}}",
            expected: [
                "x.htspec.json:1:62: warning: this API mixes response rules 1 (one custom output), 3 (an imported type); an app should stick to one of rules 1 to 3 for all interfaces"
            ]),
        Case(
            name: "Chinese text counts one column per character",
            spec: "{\"htspec\": 1, \"description\": \"接口\", \"types\": {\"T\": {\"fields\": {\"a\": \"Nope\"}}}}",
            expected: [
                "x.htspec.json:1:68: error: unknown type 'Nope'; use a built-in type (String, Number, Integer, Boolean, Variable, Int32, Int64, UInt64, Decimal, Date, URL, UUID, Data) or a type defined in \"types\""
            ]),
    ]

    @Test(arguments: cases)
    func reportsExactDiagnostic(_ testCase: Case) {
        #expect(diagnostics(testCase.spec) == testCase.expected)
    }

    @Test func allErrorsOfASpecAreReportedAtOnce() {
        let spec = """
            {"htspec": 1,
             "types": {"A": {"fields": {"x": "Nope1"}}, "B": {"fields": {"y": "Nope2"}}},
             "interfaces": {"I": {"method": "FETCH", "path": "/x"}}}
            """
        let found = diagnostics(spec)
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.hasPrefix("x.htspec.json:") && $0.contains(": error: ") })
    }

    @Test func configErrorsHavePositions() throws {
        let root = try JSONDocumentParser.parse(
            Array("{\n  \"namePrefix\": \"H T\",\n  \"acess\": \"x\"\n}".utf8), file: "htcodegen.json")
        let (_, diagnostics) = GeneratorConfig.read(root)
        #expect(
            diagnostics.map(\.description) == [
                "htcodegen.json:2:17: error: \"namePrefix\" must be empty or an identifier such as \"HT\"",
                "htcodegen.json:3:3: error: unknown key 'acess' in the config file; expected one of: $schema, namePrefix, reqAbstract, modelAbstract, accessLevel, runtimeModule, abstractTypes, fieldTypes, requiredFields, memberNames, operations, schemas, documents, paging, mocks, mockSeed",
            ])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let spec = String(repeating: "[", count: 100_000)
        let found = diagnostics(spec)
        #expect(found == ["x.htspec.json:1:129: error: nesting deeper than 128 levels"])
    }
}
