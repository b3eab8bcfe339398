import Testing

@testable import HTCodegenCore

/// Issue #37: how `required`, `nullable`, `readOnly` and `writeOnly` shape a generated model, and the
/// `requiredFields` setting that keeps every field optional.
@Suite struct RequiredFieldsRenderTests {
    static let document = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths: {}
        components:
          schemas:
            Pet:
              type: object
              required: [name, id, secret, note, legacy]
              properties:
                name: {type: string}
                id: {type: integer, readOnly: true}
                secret: {type: string, writeOnly: true}
                note: {type: [string, "null"]}
                nickname: {type: [string, "null"]}
                tag: {type: string}
                legacy: {type: string, deprecated: true}
        """

    static func models(_ config: GeneratorConfig = GeneratorConfig()) throws -> String {
        let (files, _) = try Generator.generate(
            specBytes: Array(document.utf8), file: "p.openapi.yaml", config: config)
        return try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
    }

    @Test func eachFieldGetsTheShapeTheDocumentSays() throws {
        let models = try Self.models()
        for line in [
            "internal struct Storage: HTModelStorage {",
            "internal let name: HTRequired<String>\n",
            "internal let id: Int?",
            "internal let secret: String?",
            "internal let note: String?",
            "internal let nickname: HTNullable<String>\n",
            "internal let tag: String?",
            // Deprecated: still a `var`, left out of `init()`.
            "internal var legacy: String?",
            "            name = .init()\n",
            "            nickname = .absent\n",
            "internal convenience init(name: String, _ htBuild: (inout HTModelFields<Storage>) -> Void = { _ in }) {",
            #"htFields.htSet(\.name, to: name)"#,
            #".init("name", presence: .required, \.name.htSlot),"#,
            #".init("id", presence: .required, readOnly: true, \.id),"#,
            #".init("secret", \.secret),"#,
            #".init("note", presence: .requiredNullable, \.note),"#,
            #".init("nickname", nullable: \.nickname),"#,
            #".init("tag", \.tag),"#,
            // Deprecated and required: not an initializer argument (every call would warn), still checked.
            #".init("legacy", required: true, \.legacy),"#,
        ] {
            #expect(models.contains(line), "no line \(line) in\n\(models)")
        }
    }

    @Test func theSettingKeepsEveryFieldOptional() throws {
        var config = GeneratorConfig()
        config.requiredFieldsAreNonOptional = false
        let models = try Self.models(config)
        #expect(models.contains("internal struct Storage: HTOptionalFieldsStorage {"))
        #expect(models.contains("internal let name: String?"))
        #expect(models.contains("internal let nickname: String?"))
        #expect(models.contains(#".init("name", required: true, \.name),"#))
        #expect(
            !models.contains("convenience init") && !models.contains("HTRequired") && !models.contains("HTNullable"))
    }

    @Test func theSettingIsReadFromTheConfigFile() throws {
        let root = try JSONDocumentParser.parse(Array(#"{"requiredFields": "optional"}"#.utf8), file: "htcodegen.json")
        let (config, diagnostics) = GeneratorConfig.read(root)
        #expect(diagnostics.isEmpty && !config.requiredFieldsAreNonOptional)
        let wrong = try JSONDocumentParser.parse(Array(#"{"requiredFields": "maybe"}"#.utf8), file: "htcodegen.json")
        #expect(
            GeneratorConfig.read(wrong).1.map(\.description) == [
                #"htcodegen.json:1:20: error: "requiredFields" must be "nonOptional" or "optional""#
            ])
    }
}

/// Issue #37: `x-swift-name` chooses a type's or a property's Swift name; names that are no identifier
/// become valid ones.
@Suite struct ChosenSwiftNameTests {
    static func generate(_ schemas: String) throws -> (models: String, diagnostics: [String]) {
        let document = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
            \(schemas)
            """
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(document.utf8), file: "n.openapi.yaml", config: GeneratorConfig())
        let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
        return (models, diagnostics.map(\.description))
    }

    @Test func xSwiftNameNamesTypesAndProperties() throws {
        let (models, _) = try Self.generate(
            """
                user_info:
                  type: object
                  x-swift-name: Account
                  required: [401k]
                  properties:
                    401k: {type: integer, x-swift-name: retirement}
                    DateCreated<: {type: string}
                    description: {type: string, x-swift-name: summary}
                    other: {$ref: "#/components/schemas/user_info"}
            """)
        #expect(models.contains("internal final class HTAccount: HTHTTPModel"))
        #expect(models.contains("internal let other: HTAccount?"))
        #expect(models.contains(#".init("retirement", key: "401k", presence: .required, \.retirement.htSlot),"#))
        #expect(models.contains(#".init("dateCreated", key: "DateCreated<", \.dateCreated),"#))
        #expect(models.contains(#".init("summary", key: "description", \.summary),"#))
        #expect(models.contains("convenience init(retirement: Int,"))
    }

    @Test func anXSwiftNameThatIsNoIdentifierIsAnError() throws {
        do {
            _ = try Self.generate(
                """
                    Pet:
                      type: object
                      properties:
                        name: {type: string, x-swift-name: "2name"}
                """)
            Issue.record("a name that is no identifier was accepted")
        } catch let error as GenerationFailed {
            #expect(
                error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                    "n.openapi.yaml:9:44: error: x-swift-name must be a Swift identifier (letters, digits and _, not starting with a digit, not a keyword) for a property name"
                ])
        }
    }

    @Test func twoSpecsWhoseChosenNamesMeetAreAnError() throws {
        func api(_ schemas: String, _ file: String) throws -> ResolvedAPI {
            let text = """
                openapi: 3.1.0
                info: {title: T, version: "1"}
                paths: {}
                components: {schemas: \(schemas)}
                """
            let document = try #require(Generator.parseSpec(Array(text.utf8), file: file).0)
            return try #require(Resolver.resolve(document).0)
        }
        let apis = [
            try api("{A: {type: object, x-swift-name: Shared, properties: {a: {type: string}}}}", "a.openapi.yaml"),
            try api("{shared: {type: object, properties: {b: {type: string}}}}", "b.openapi.yaml"),
        ]
        let names = SwiftNames(apis, config: GeneratorConfig())
        #expect(names.specs[0].clashes.count == 1 && names.specs[1].clashes.count == 1)
        #expect(names.specs[0].clashes.first?.message.contains("'HTShared'") == true)
    }
}
