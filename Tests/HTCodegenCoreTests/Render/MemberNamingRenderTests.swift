import Testing

@testable import HTCodegenCore

/// Issue #37: members are named in lower camel case, wire names stay the spec's, and the
/// `memberNames` setting keeps the names generated before.
@Suite struct MemberNamingRenderTests {
    static let document = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /tokens/{token_id}:
            get:
              operationId: getToken
              parameters:
                - {name: token_id, in: path, required: true, schema: {type: string}}
                - {name: page_size, in: query, schema: {type: integer}}
                - {name: X-Request-ID, in: header, schema: {type: string}}
              responses:
                "200":
                  description: the token
                  content:
                    application/json: {schema: {$ref: "#/components/schemas/Token"}}
        components:
          schemas:
            Token:
              type: object
              properties:
                refresh_token: {type: string}
                DateCreated: {type: string}
                MAX_AGE: {type: integer}
                state: {$ref: "#/components/schemas/TokenState"}
            TokenState:
              type: string
              enum: [IN_PROGRESS, done_now]
        """

    static func files(_ naming: MemberNaming) throws -> String {
        var config = GeneratorConfig()
        config.memberNaming = naming
        let (files, _) = try Generator.generate(
            specBytes: Array(document.utf8), file: "t.openapi.yaml", config: config)
        return files.contents.map(\.text).joined(separator: "\n")
    }

    @Test func membersAreLowerCamelCaseAndWireNamesStay() throws {
        let text = try Self.files(.camelCase)
        for line in [
            "internal let refreshToken: String?",
            "internal let dateCreated: String?",
            "internal let maxAge: Int?",
            #".init("refreshToken", key: "refresh_token", \.refreshToken),"#,
            #".init("maxAge", key: "MAX_AGE", \.maxAge),"#,
            "internal var tokenID: String",
            "internal var pageSize: Int?",
            "static let inProgress",
            "static let doneNow",
            #""page_size""#,
            #""X-Request-ID""#,
            #""IN_PROGRESS""#,
        ] {
            #expect(text.contains(line), "no \(line) in\n\(text)")
        }
        #expect(!text.contains("let refresh_token") && !text.contains("var page_size"))
    }

    @Test func asWrittenKeepsTheSpecsSpelling() throws {
        let text = try Self.files(.asWritten)
        for line in [
            "internal let refresh_token: String?", "internal let DateCreated: String?", "internal let MAX_AGE: Int?",
            "internal var token_id: String", "internal var page_size: Int?", "static let in_progress",
        ] {
            #expect(text.contains(line), "no \(line) in\n\(text)")
        }
    }

    @Test func theSettingIsReadFromTheConfigFile() throws {
        let root = try JSONDocumentParser.parse(Array(#"{"memberNames": "asWritten"}"#.utf8), file: "htcodegen.json")
        let (config, diagnostics) = GeneratorConfig.read(root)
        #expect(diagnostics.isEmpty && config.memberNaming == .asWritten)
        #expect(GeneratorConfig().memberNaming == .camelCase)
        let wrong = try JSONDocumentParser.parse(Array(#"{"memberNames": "snake"}"#.utf8), file: "htcodegen.json")
        #expect(
            GeneratorConfig.read(wrong).1.map(\.description) == [
                #"htcodegen.json:1:17: error: "memberNames" must be "camelCase" or "asWritten""#
            ])
    }
}
