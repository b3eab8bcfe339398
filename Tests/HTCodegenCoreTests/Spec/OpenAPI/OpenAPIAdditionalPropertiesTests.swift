import Foundation
import Testing

@testable import HTCodegenCore

/// Issue #37, part 3: `additionalProperties` beside `properties` becomes one more field of the model, a
/// map that keeps the other keys (``TypeDecl/additionalProperties``), rendered as
/// `let additionalProperties: [String: T]`, set to `[:]` by `init()`, with an accessor that says so.
@Suite struct OpenAPIAdditionalPropertiesTests {
    typealias T = OpenAPITestSupport

    /// The type of `name`'s field of additional properties, `nil` when it has none.
    static func additional(_ name: String, in document: SpecDocument) throws -> String? {
        try T.type(name, in: document).additionalProperties?.type.description
    }

    @Test func eachFormOfAdditionalPropertiesBesidePropertiesIsAMapOfItsType() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Tag: {type: object, properties: {text: {type: string}}}
                        Open: {type: object, properties: {a: {type: string}}, additionalProperties: true}
                        Empty: {type: object, properties: {a: {type: string}}, additionalProperties: {}}
                        Closed: {type: object, properties: {a: {type: string}}, additionalProperties: false}
                        Plain: {type: object, properties: {a: {type: string}}}
                        Tagged:
                          type: object
                          properties: {a: {type: string}}
                          additionalProperties: {$ref: '#/components/schemas/Tag'}
                        Listed:
                          type: object
                          properties: {a: {type: string}}
                          additionalProperties: {type: array, items: {type: integer}}
                        Days:
                          type: object
                          properties: {a: {type: string}}
                          additionalProperties: {type: string, format: date, description: A day.}
                        Inline:
                          type: object
                          properties: {a: {type: string}}
                          additionalProperties: {type: object, properties: {b: {type: integer}}}
                    """))
        #expect(T.warnings(diagnostics).isEmpty, "\(diagnostics)")
        #expect(try Self.additional("Open", in: document) == "[String: Variable]")
        #expect(try Self.additional("Empty", in: document) == "[String: Variable]")
        #expect(try Self.additional("Closed", in: document) == nil)
        #expect(try Self.additional("Plain", in: document) == nil)
        #expect(try Self.additional("Tagged", in: document) == "[String: Tag]")
        #expect(try Self.additional("Listed", in: document) == "[String: [Integer]]")
        // An inline object is a model named after the model.
        #expect(try Self.additional("Inline", in: document) == "[String: InlineAdditionalProperty]")
        #expect(try T.fields("InlineAdditionalProperty", in: document).map(\.name) == ["b"])
        let days = try #require(try T.type("Days", in: document).additionalProperties)
        #expect(days.type.description == "[String: Date]")
        #expect(days.dateFormat?.format == .dateOnly)
        #expect(days.description == "A day.")
        #expect(days.name == "additionalProperties")
        #expect(days.location.line == 23)
        // The declared properties are unchanged.
        #expect(try T.fields("Tagged", in: document).map(\.name) == ["a"])
    }

    @Test func allOfKeepsTheOtherKeysAnyPartAllows() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Base:
                          type: object
                          properties: {a: {type: string}}
                          additionalProperties: {type: integer}
                        Derived:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties: {b: {type: string}}
                        Restated:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties: {b: {type: string}}
                              additionalProperties: {type: integer}
                        ClosedPart:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties: {b: {type: string}}
                              additionalProperties: false
                        MapPart:
                          allOf:
                            - type: object
                              properties: {b: {type: string}}
                            - additionalProperties: {type: boolean}
                        Mixed:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties: {b: {type: string}}
                              additionalProperties: {type: string}
                    """))
        #expect(try Self.additional("Derived", in: document) == "[String: Integer]")
        #expect(try Self.additional("Restated", in: document) == "[String: Integer]")
        // `false` in one part does not take away what another allows.
        #expect(try Self.additional("ClosedPart", in: document) == "[String: Integer]")
        // A part with other keys and no properties counts too.
        #expect(try Self.additional("MapPart", in: document) == "[String: Boolean]")
        #expect(try T.fields("MapPart", in: document).map(\.name) == ["b"])
        // Different schemas: any JSON, with a warning at the second.
        #expect(try Self.additional("Mixed", in: document) == "[String: Variable]")
        let warnings = T.warnings(diagnostics)
        #expect(warnings.count == 1, "\(diagnostics)")
        let mixed = try #require(warnings.first)
        #expect(mixed.message.contains("'Mixed' allows other keys (additionalProperties) with different schemas"))
        #expect(mixed.location.line == 38)
    }

    @Test func theFieldIsAMapWithAnAccessorOfAdditionalProperties() throws {
        let (document, _) = try T.read(
            T.document(
                schemas: """
                        Label:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string}
                            seen: {type: string, format: date}
                          additionalProperties: {type: string, format: date}
                    """))
        let models = try OpenAPIFixture.generate(document).models
        #expect(models.contains("internal let additionalProperties: [String: Date]\n"))
        #expect(models.contains("            additionalProperties = [:]\n"))
        #expect(
            models.contains(
                #"    .init(additionalProperties: "additionalProperties", dateFormat: .dateOnly, \.additionalProperties),"#
            ))
        // Not an initializer argument: the builder sets it, like an optional field.
        #expect(models.contains("internal convenience init(name: String, _ htBuild:"))
        #expect(models.contains("import Foundation"))
    }

    @Test func aPropertyNamedLikeTheFieldKeepsItsNameAndTheFieldTakesANumber() throws {
        let (document, _) = try T.read(
            T.document(
                schemas: """
                        Clash:
                          type: object
                          properties:
                            additional-properties: {type: string}
                          additionalProperties: {type: integer}
                    """))
        let generated = try OpenAPIFixture.generate(document)
        let models = generated.models
        #expect(models.contains("internal let additionalProperties: String?\n"))
        #expect(models.contains("internal let additionalProperties_2: [String: Int]\n"))
        #expect(models.contains("            additionalProperties = nil\n            additionalProperties_2 = [:]\n"))
        #expect(
            models.contains(
                #".init("additionalProperties", key: "additional-properties", \.additionalProperties),"#))
        #expect(
            models.contains(
                #".init(additionalProperties: "additionalProperties_2", \.additionalProperties_2),"#))
        #expect(
            generated.diagnostics.contains {
                $0.message.contains("is generated as 'additionalProperties_2'") && $0.location.line == 11
            })
    }
}
