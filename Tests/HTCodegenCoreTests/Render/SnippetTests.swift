import Foundation
import Testing

@testable import HTCodegenCore

/// One generation rule per test: a small spec fragment and the Swift fragment it must produce. The
/// goldens show whole files; these name the rule that a changed line breaks.
@Suite struct SnippetTests {
    /// The generated files of a native spec with these `types` and `interfaces` (JSON objects).
    struct Generated {
        var models: String
        var requests: String
        var enums: String
        var diagnostics: [Diagnostic]
    }

    static func generate(
        types: String = "{}", interfaces: String = "{}", file: String = "snippet.htspec.json",
        config: GeneratorConfig = GeneratorConfig()
    ) throws -> Generated {
        let spec = "{\"htspec\": 1,\n\"types\": \(types),\n\"interfaces\": \(interfaces)}"
        return try generate(spec, file: file, config: config)
    }

    static func generate(_ spec: String, file: String, config: GeneratorConfig = GeneratorConfig()) throws -> Generated
    {
        let (files, diagnostics) = try Generator.generate(specBytes: Array(spec.utf8), file: file, config: config)
        func text(_ suffix: String) -> String { files.contents.first { $0.name.hasSuffix(suffix) }?.text ?? "" }
        return Generated(
            models: text("+Models.swift"), requests: text("+Requests.swift"), enums: text("+Enums.swift"),
            diagnostics: diagnostics)
    }

    /// The declaration of `name` in `text`: from its `// MARK: - name` line to the next mark or the end.
    static func declaration(_ name: String, in text: String) -> String {
        guard let start = text.range(of: "// MARK: - \(name)\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "// MARK: - ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    // MARK: Inputs

    @Test func aPathParameterIsNonOptional() throws {
        let generated = try Self.generate(
            interfaces: #"{"GetUser": {"method": "GET", "path": "/users/:id", "inputs": {"id": "Integer"}}}"#)
        let request = Self.declaration("HTGetUserRequest", in: generated.requests)
        #expect(request.contains("    internal var id: Int\n"))
        // An internal request's initializer is the implicit memberwise one: `init(id: Int)`.
        #expect(!request.contains("init("))
        #expect(request.contains("        parameters.append(\"id\", self.id.htJSON)\n"))
        #expect(generated.diagnostics.isEmpty)
    }

    @Test func aRequiredInputIsNonOptional() throws {
        let generated = try Self.generate(
            interfaces: #"""
                {"Search": {"method": "GET", "path": "/search",
                            "inputs": {"q": {"type": "String", "required": true, "description": "The words."}, "page": "Integer"}}}
                """#)
        let request = Self.declaration("HTSearchRequest", in: generated.requests)
        #expect(request.contains("    /// The words.\n    internal var q: String\n"))
        #expect(request.contains("    internal var q: String\n    internal var page: Int?\n"))
        #expect(request.contains("        parameters.append(\"q\", self.q.htJSON)\n"))
    }

    @Test func anOptionalInputDefaultsToNilAndIsSentWhenSet() throws {
        let generated = try Self.generate(
            interfaces:
                #"{"Search": {"method": "GET", "path": "/search", "inputs": {"page": {"type": "Integer", "required": false}}}}"#
        )
        let request = Self.declaration("HTSearchRequest", in: generated.requests)
        #expect(request.contains("    internal var page: Int?\n"))
        #expect(request.contains("        if let value = self.page { parameters.append(\"page\", value.htJSON) }\n"))
    }

    @Test func requiredMustBeABoolean() throws {
        let spec =
            #"{"htspec": 1, "interfaces": {"Search": {"method": "GET", "path": "/search", "inputs": {"q": {"type": "String", "required": 1}}}}}"#
        let (_, diagnostics) = Generator.parseSpec(Array(spec.utf8), file: "search.htspec.json")
        #expect(
            diagnostics.map(\.description) == [
                "search.htspec.json:1:124: error: \"required\" must be true or false, found a number"
            ])
    }

    @Test func requiredIsCarriedOnDataTypeFields() throws {
        let spec =
            #"{"htspec": 1, "types": {"User": {"fields": {"id": {"type": "Integer", "required": true}, "name": "String"}}}}"#
        let (document, _) = Generator.parseSpec(Array(spec.utf8), file: "user.htspec.json")
        let parsed = try #require(document)
        let api = try #require(Resolver.resolve(parsed).0)
        #expect(api.models.first?.fields.map(\.isRequired) == [true, false])
    }

    @Test func anImportedInputIsOneOptionalModel() throws {
        let generated = try Self.generate(
            types: #"{"Address": {"fields": {"city": "String"}}}"#,
            interfaces: #"{"SaveAddress": {"method": "PUT", "path": "/address", "input": "Address"}}"#)
        let request = Self.declaration("HTSaveAddressRequest", in: generated.requests)
        #expect(request.contains("    internal var address: HTAddress?\n"))
        #expect(request.contains("        address?.htJSONObject() ?? HTJSONObject()\n"))
        // Models are Sendable, so a request holding one is too.
        #expect(request.contains(": HTBaseRequest, Sendable {"))
    }

    @Test func aPathWithAnActionMarkerKeepsItsParameter() throws {
        let generated = try Self.generate(
            interfaces: #"""
                {"ChangeCreator": {"method": "PUT", "path": "/progroups/:id?changecreator", "inputs": {"id": "Integer", "toUser": "String"}}}
                """#)
        let request = Self.declaration("HTChangeCreatorRequest", in: generated.requests)
        #expect(request.contains("    internal static var path: String { \"/progroups/:id?changecreator\" }\n"))
        #expect(request.contains("    internal var id: Int\n    internal var toUser: String?\n"))
    }

    // MARK: Headers

    @Test func aConstantHeaderIsAlwaysSent() throws {
        let generated = try Self.generate(
            interfaces: #"{"Ping": {"method": "GET", "path": "/ping", "headers": {"X-Client": "demo"}}}"#)
        let request = Self.declaration("HTPingRequest", in: generated.requests)
        #expect(
            request.contains("    internal var headers: [String: String] {\n        [\"X-Client\": \"demo\"]\n    }\n"))
        #expect(!request.contains("headerPropertyList"))
    }

    @Test func aVariableHeaderIsAnOptionalPropertySentWhenSet() throws {
        let generated = try Self.generate(
            interfaces:
                #"{"Ping": {"method": "GET", "path": "/ping", "headers": {"Authorization": {"description": "Bearer token."}}}}"#
        )
        let request = Self.declaration("HTPingRequest", in: generated.requests)
        #expect(request.contains("    internal static var headerPropertyList: [String] { [\"authorization\"] }\n"))
        #expect(request.contains("    /// Bearer token.\n    internal var authorization: String?\n"))
        #expect(
            request.contains(
                "        if let value = self.authorization { headers.updateValue(value, forKey: \"Authorization\") }\n")
        )
        #expect(!request.contains("parameters"))
    }

    // MARK: Responses

    static let user = #""User": {"fields": {"id": "Integer"}}"#
    static let envelope = #""ResultData": {"fields": {"code": "Integer", "message": "String", "result": "Variable"}}"#

    @Test func responseRule1MapsTheOneOutputUnderItsName() throws {
        let generated = try Self.generate(
            types: "{\(Self.user)}",
            interfaces: #"{"GetUser": {"method": "GET", "path": "/me", "outputs": {"user": "User"}}}"#)
        let request = Self.declaration("HTGetUserRequest", in: generated.requests)
        #expect(request.contains("    internal typealias Response = HTUser\n"))
        #expect(request.contains("    internal static var responseKeyPath: String? { \"user\" }\n"))
    }

    @Test func responseRule2MapsTheBoundTypeUnderTheEnvelopesField() throws {
        let generated = try Self.generate(
            types: "{\(Self.user), \(Self.envelope)}",
            interfaces:
                #"{"GetUser": {"method": "GET", "path": "/me", "output": {"import": "ResultData", "bind": {"result": "[User]"}}}}"#
        )
        let request = Self.declaration("HTGetUserRequest", in: generated.requests)
        #expect(request.contains("    internal typealias Response = [HTUser]\n"))
        #expect(request.contains("    internal static var responseKeyPath: String? { \"result\" }\n"))
    }

    @Test func responseRule3MapsTheWholeBody() throws {
        let generated = try Self.generate(
            types: "{\(Self.user)}", interfaces: #"{"GetUser": {"method": "GET", "path": "/me", "output": "User"}}"#)
        let request = Self.declaration("HTGetUserRequest", in: generated.requests)
        #expect(request.contains("    internal typealias Response = HTUser\n"))
        #expect(!request.contains("responseKeyPath"))
    }

    @Test func theEnvelopeGetsNoModel() throws {
        let generated = try Self.generate(
            types: "{\(Self.user), \(Self.envelope)}",
            interfaces:
                #"{"GetUser": {"method": "GET", "path": "/me", "output": {"import": "ResultData", "bind": {"result": "User"}}}}"#
        )
        #expect(!generated.models.contains("ResultData"))
        #expect(generated.models.contains("// MARK: - HTUser\n"))
    }

    @Test func anEnvelopeUsedAsAModelElsewhereKeepsItsModel() throws {
        let generated = try Self.generate(
            types: "{\(Self.user), \(Self.envelope)}",
            interfaces: #"""
                {"GetUser": {"method": "GET", "path": "/me", "output": {"import": "ResultData", "bind": {"result": "User"}}},
                 "GetRaw": {"method": "GET", "path": "/raw", "outputs": {"reply": "ResultData"}}}
                """#)
        #expect(generated.models.contains("// MARK: - HTResultData\n"))
    }

    // MARK: Declarations

    @Test func membersEqualToTheProtocolDefaultsAreLeftOut() throws {
        let generated = try Self.generate(interfaces: #"{"Ping": {"method": "GET", "path": "/ping"}}"#)
        let request = Self.declaration("HTPingRequest", in: generated.requests)
        #expect(
            request == """

                /// `GET /ping`
                ///
                /// - Remark: Generated from snippet.htspec.json:3:16
                internal struct HTPingRequest: HTBaseRequest, Sendable {
                    internal typealias Response = HTJSON

                    internal static var method: HTHTTPMethod { .get }
                    internal static var path: String { "/ping" }
                }

                """)
    }

    @Test func aPublicRequestHasAnExplicitInitializerWithItsRequiredArgumentsFirst() throws {
        var config = GeneratorConfig()
        config.accessLevel = .public
        let generated = try Self.generate(
            interfaces: #"""
                {"Search": {"method": "GET", "path": "/search/:id",
                            "inputs": {"id": "Integer", "q": {"type": "String", "required": true}, "page": "Integer"}}}
                """#, config: config)
        let request = Self.declaration("HTSearchRequest", in: generated.requests)
        #expect(
            request.contains(
                "    public init(id: Int, q: String, page: Int? = nil) {\n        self.id = id\n        self.q = q\n        self.page = page\n    }\n"
            ))
        #expect(request.contains("    public static var path: String { \"/search/:id\" }\n"))
    }

    @Test func aPublicRequestWithoutInputsHasAPublicInitializer() throws {
        var config = GeneratorConfig()
        config.accessLevel = .public
        let generated = try Self.generate(interfaces: #"{"Ping": {"method": "GET", "path": "/ping"}}"#, config: config)
        #expect(Self.declaration("HTPingRequest", in: generated.requests).contains("    public init() {}\n"))
    }

    @Test func theProvenanceRemarkNamesTheFileNotItsPath() throws {
        let spec = """
            {"htspec": 1,
              "interfaces": {
                "Ping": {"method": "GET", "path": "/ping", "description": "Checks the server."}}}
            """
        let generated = try Self.generate(spec, file: "/some/dir/api.htspec.json")
        let request = Self.declaration("HTPingRequest", in: generated.requests)
        #expect(
            request.hasPrefix(
                "\n/// Checks the server.\n///\n/// `GET /ping`\n///\n/// - Remark: Generated from api.htspec.json:3:5\n"
            ))
        #expect(!generated.requests.contains("/some/dir"))
    }

    @Test func anEnumerationIsAnOpenStringType() throws {
        let generated = try Self.generate(
            types: #"{"Visibility": {"enum": [{"key": "public", "value": "0", "description": "Everyone."}]}}"#)
        let item = Self.declaration("HTVisibility", in: generated.enums)
        #expect(item.contains("internal struct HTVisibility: HTStringEnum {\n"))
        #expect(item.contains("    /// Everyone.\n"))
        #expect(item.contains("    internal static let `public` = HTVisibility(rawValue: \"0\")\n"))
    }

    @Test func aNameClashGetsANumber() throws {
        let generated = try Self.generate(
            interfaces:
                #"{"Find": {"method": "GET", "path": "/find", "inputs": {"userName": "String", "user-name": "String"}}}"#
        )
        let request = Self.declaration("HTFindRequest", in: generated.requests)
        #expect(request.contains("    internal var userName: String?\n    internal var userName_2: String?\n"))
        #expect(
            request.contains(
                "        if let value = self.userName_2 { parameters.append(\"user-name\", value.htJSON) }\n"))
        #expect(generated.diagnostics.contains { $0.message.contains("it is generated as 'userName_2'") })
    }

    // MARK: NEI

    @Test func neiRequiredParametersAreNonOptional() throws {
        let spec = #"""
            {"project": {"id": 1, "name": "P"}, "templates": [], "pages": [], "constraints": [], "groups": [], "cliargs": [],
             "specs": [], "datatypes": [],
             "interfaces": [{"id": 1, "name": "Find", "className": "Find", "path": "/find", "method": "GET",
               "params": {"inputs": [{"id": 1, "type": 10001, "name": "q", "isArray": 0, "required": 1},
                                     {"id": 2, "type": 10001, "name": "page", "isArray": 0, "required": false}],
                          "outputs": [], "reqHeaders": [], "resHeaders": []}}]}
            """#
        let generated = try Self.generate(spec, file: "find.nei.json")
        let request = Self.declaration("HTFindRequest", in: generated.requests)
        #expect(request.contains("    internal var q: String\n    internal var page: String?\n"))
    }
}
