import Foundation
import Testing

@testable import HTCodegenCore

/// OpenAPI component and inline schemas read into types.
@Suite struct OpenAPISchemaTests {
    typealias T = OpenAPITestSupport

    @Test func objectPropertiesBecomeFieldsWithTheirFlags() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Pet:
                          type: object
                          description: A pet.
                          required: [id, name]
                          properties:
                            id: {type: integer, format: int64, readOnly: true}
                            name: {type: string, description: The name., default: Rex}
                            secret: {type: string, writeOnly: true, deprecated: true}
                            tag: {type: string, title: The tag}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        let pet = try T.type("Pet", in: document)
        #expect(pet.description == "A pet.")
        #expect(pet.location.line == 7)
        let fields = try T.fields("Pet", in: document)
        #expect(fields.map(\.name) == ["id", "name", "secret", "tag"])
        #expect(fields.map(\.type.description) == ["Int64", "String", "String", "String"])
        #expect(fields.map(\.isRequired) == [true, true, false, false])
        #expect(fields.map(\.access) == [.readOnly, nil, .writeOnly, nil])
        #expect(fields.map(\.isDeprecated) == [false, false, true, false])
        #expect(fields[1].description == "The name.")
        #expect(fields[1].defaultValue?.stringValue == "Rex")
        #expect(fields[3].description == "The tag")
        #expect(document.dateFormat?.format == .iso8601)
    }

    @Test func formatsBecomeTheirTypes() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Formats:
                          type: object
                          properties:
                            i32: {type: integer, format: int32}
                            i64: {type: integer, format: int64}
                            int: {type: integer}
                            num: {type: number}
                            dbl: {type: number, format: double}
                            flt: {type: number, format: float}
                            dec: {type: number, format: decimal}
                            stamp: {type: string, format: date-time}
                            day: {type: string, format: date}
                            id: {type: string, format: uuid}
                            link: {type: string, format: uri}
                            url: {type: string, format: url}
                            bytes: {type: string, format: byte}
                            file: {type: string, format: binary}
                            email: {type: string, format: email}
                            flag: {type: boolean}
                            any: {}
                            list: {type: array, items: {type: string, format: date}}
                            untypedList: {type: array}
                            free: {type: object}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        let fields = try T.fields("Formats", in: document)
        #expect(
            fields.map(\.type.description) == [
                "Int32", "Int64", "Integer", "Number", "Number", "Number", "Decimal", "Date", "Date", "UUID", "URL",
                "URL", "Data", "Data", "String", "Boolean", "Variable", "[Date]", "[Variable]", "Variable",
            ])
        let day = try #require(fields.first { $0.name == "day" })
        #expect(day.dateFormat?.format == .dateOnly)
        #expect(fields.first { $0.name == "stamp" }?.dateFormat == nil)
        #expect(fields.first { $0.name == "list" }?.dateFormat?.format == .dateOnly)
    }

    @Test func stringAndIntegerEnums() throws {
        let (document, _) = try T.read(
            T.document(
                schemas: """
                        Status: {type: string, enum: [available, in-progress, sold, null]}
                        Code: {type: integer, enum: [200, 404, -1]}
                        Mixed: {enum: [1, "a"]}
                    """))
        let status = try T.type("Status", in: document)
        guard case .enumeration(let members) = status.kind else {
            Issue.record("Status is not an enumeration")
            return
        }
        #expect(members.map(\.value) == ["available", "in-progress", "sold"])
        #expect(members.map(\.key) == ["available", "in-progress", "sold"])
        #expect(status.enumRawType == .string)
        let code = try T.type("Code", in: document)
        guard case .enumeration(let codes) = code.kind else {
            Issue.record("Code is not an enumeration")
            return
        }
        #expect(code.enumRawType == .integer)
        #expect(codes.map(\.value) == ["200", "404", "-1"])
        #expect(codes.map(\.key) == ["200", "404", "minus1"])
        guard case .alias(let mixed) = try T.type("Mixed", in: document).kind else {
            Issue.record("Mixed is not an alias")
            return
        }
        #expect(mixed.description == "Variable")
    }

    @Test func everyNullableFormIsTheTypeAndNeverRequired() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Owner: {type: object, properties: {name: {type: string}}}
                        MaybeOwner:
                          anyOf: [{$ref: '#/components/schemas/Owner'}, {type: 'null'}]
                        Box:
                          type: object
                          required: [a, b, c, d, e]
                          properties:
                            a: {type: string, nullable: true}
                            b: {type: [integer, 'null']}
                            c: {anyOf: [{$ref: '#/components/schemas/Owner'}, {type: 'null'}]}
                            d: {oneOf: [{type: 'null'}, {type: string, format: uuid}]}
                            e: {type: string}
                            f: {$ref: '#/components/schemas/MaybeOwner'}
                            g: {type: [string, integer]}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        let fields = try T.fields("Box", in: document)
        #expect(
            fields.map(\.type.description) == [
                "String", "Integer", "Owner", "UUID", "String", "MaybeOwner", "BoxG",
            ])
        #expect(fields.map(\.isRequired) == [false, false, false, false, true, false, false])
        guard case .alias(let aliased) = try T.type("MaybeOwner", in: document).kind else {
            Issue.record("MaybeOwner is not an alias of Owner")
            return
        }
        #expect(aliased.description == "Owner")
        // No inline union was made for the nullable wrappers; `g`'s two types are one.
        #expect(document.types.map(\.name) == ["Owner", "MaybeOwner", "Box", "BoxG"])
    }

    /// FastAPI writes `Union[int, str, None] = None` as `anyOf: [integer, string, null]`: a union of the
    /// two types that is nullable (three-state when not required), as `anyOf: [X, null]` is. It was a
    /// plain optional union, so a PATCH could not send `null` for it, and `null` read as absent.
    @Test func aUnionWithANullAlternativeIsANullableUnion() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Quantity:
                          oneOf: [{type: integer}, {type: string}, {type: 'null'}]
                        Patch:
                          type: object
                          required: [needed]
                          properties:
                            optional: {anyOf: [{type: integer}, {type: string}, {type: 'null'}]}
                            needed: {anyOf: [{type: 'null'}, {type: integer}, {type: string}]}
                            named: {$ref: '#/components/schemas/Quantity'}
                            plain: {anyOf: [{type: integer}, {type: string}]}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        let fields = try T.fields("Patch", in: document)
        #expect(fields.map(\.type.description) == ["PatchOptional", "PatchNeeded", "Quantity", "PatchPlain"])
        #expect(fields.map(\.isNullable) == [true, true, true, false])
        #expect(fields.map(\.isRequired) == [false, false, false, false])
        #expect(fields.map(\.isRequiredNullable) == [false, true, false, false])
        for name in ["PatchOptional", "PatchNeeded", "Quantity"] {
            guard case .union(let union) = try T.type(name, in: document).kind else {
                Issue.record("\(name) is not a union")
                continue
            }
            // The null alternative makes the field nullable; it is no case of the union.
            #expect(union.alternatives.map(\.type.description).sorted() == ["Integer", "String"], "\(name)")
        }
    }

    @Test func allOfMergesThePartsPropertiesAndRequiredNames() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Base:
                          type: object
                          required: [id]
                          properties:
                            id: {type: string}
                            kind: {type: string}
                        Named:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              required: [name]
                              properties:
                                name: {type: string}
                        Dog:
                          description: A dog.
                          allOf:
                            - $ref: '#/components/schemas/Named'
                            - properties:
                                kind: {type: integer}
                                bark: {type: boolean}
                              required: [bark, ghost]
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        let dog = try T.fields("Dog", in: document)
        #expect(dog.map(\.name) == ["id", "kind", "name", "bark"])
        #expect(dog.map(\.type.description) == ["String", "Integer", "String", "Boolean"])
        #expect(dog.map(\.isRequired) == [true, false, true, true])
        #expect(try T.type("Dog", in: document).description == "A dog.")
        // `ghost` is required but no part declares it: ignored, with a warning at the name.
        let ghost = try #require(diagnostics.first { $0.message.contains("'ghost'") })
        #expect(ghost.severity == .warning)
        #expect(ghost.location.line == 27)
    }

    @Test func inlineSchemasOfAnAllOfPartAreDeclaredOnceAfterThePart() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Pet:
                          type: object
                          properties:
                            owner: {type: object, properties: {name: {type: string}}}
                        Cat:
                          allOf:
                            - $ref: '#/components/schemas/Pet'
                            - properties:
                                toy: {type: object, properties: {kind: {type: string}}}
                        Dog:
                          allOf: [{$ref: '#/components/schemas/Pet'}, {properties: {barks: {type: boolean}}}]
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(try T.fields("Cat", in: document).map(\.type.description) == ["PetOwner", "CatToy"])
        #expect(try T.fields("Dog", in: document).map(\.type.description) == ["PetOwner", "Boolean"])
        #expect(document.types.map(\.name) == ["Pet", "PetOwner", "Cat", "CatToy", "Dog"])
    }

    @Test func aCycleOfAllOfsEnds() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        A:
                          allOf:
                            - $ref: '#/components/schemas/B'
                            - properties: {a: {type: string}}
                        B:
                          allOf:
                            - $ref: '#/components/schemas/A'
                            - properties: {b: {type: string}}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(try T.fields("A", in: document).map(\.name) == ["b", "a"])
        #expect(try T.fields("B", in: document).map(\.name) == ["a", "b"])
        #expect(diagnostics.contains { $0.message.contains("cycle") })
    }

    @Test func recursiveSchemasReferToThemselvesByName() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Node:
                          type: object
                          properties:
                            children: {type: array, items: {$ref: '#/components/schemas/Node'}}
                            parent: {$ref: '#/components/schemas/Node'}
                            other: {$ref: '#/components/schemas/Other'}
                        Other:
                          type: object
                          properties:
                            node: {$ref: '#/components/schemas/Node'}
                        Tree:
                          $id: tree
                          type: object
                          properties:
                            subtrees: {type: array, items: {$recursiveRef: '#'}}
                            leaves: {type: array, items: {$dynamicRef: '#leaf'}}
                            node: {$dynamicRef: '#/components/schemas/Node'}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(try T.fields("Node", in: document).map(\.type.description) == ["[Node]", "Node", "Other"])
        #expect(try T.fields("Other", in: document).map(\.type.description) == ["Node"])
        #expect(try T.fields("Tree", in: document).map(\.type.description) == ["[Tree]", "[Tree]", "Node"])
    }

    @Test func unionsWithADiscriminatorAndWithout() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Cat: {type: object, properties: {petType: {type: string}, meows: {type: boolean}}}
                        Dog: {type: object, properties: {petType: {type: string}, barks: {type: boolean}}}
                        Pet:
                          oneOf:
                            - $ref: '#/components/schemas/Cat'
                            - $ref: '#/components/schemas/Dog'
                          discriminator:
                            propertyName: petType
                            mapping:
                              kitty: '#/components/schemas/Cat'
                              cat: Cat
                        Value:
                          anyOf:
                            - type: string
                            - type: integer
                              format: int64
                            - type: array
                              items: {$ref: '#/components/schemas/Cat'}
                            - type: object
                              properties: {x: {type: number}}
                            - type: object
                              title: point
                              properties: {y: {type: number}}
                            - type: 'null'
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        guard case .union(let pet) = try T.type("Pet", in: document).kind else {
            Issue.record("Pet is not a union")
            return
        }
        #expect(pet.discriminator == "petType")
        #expect(pet.alternatives.map(\.name) == ["Cat", "Dog"])
        #expect(pet.alternatives.map(\.type.description) == ["Cat", "Dog"])
        #expect(pet.alternatives.map(\.discriminatorValues) == [["kitty", "cat"], ["Dog"]])
        guard case .union(let value) = try T.type("Value", in: document).kind else {
            Issue.record("Value is not a union")
            return
        }
        #expect(value.discriminator == nil)
        #expect(value.alternatives.map(\.name) == ["string", "int64", "CatArray", "Option4", "Point"])
        #expect(
            value.alternatives.map(\.type.description) == ["String", "Int64", "[Cat]", "ValueOption4", "ValuePoint"])
        #expect(try T.fields("ValueOption4", in: document).map(\.name) == ["x"])
        #expect(try T.fields("ValuePoint", in: document).map(\.name) == ["y"])
    }

    @Test func inlineSchemasAreNamedFromWhereTheySit() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Pet:
                          type: object
                          properties:
                            owner:
                              type: object
                              properties:
                                home_address: {type: object, properties: {city: {type: string}}}
                            tags: {type: array, items: {type: object, properties: {label: {type: string}}}}
                            mood: {type: string, enum: [happy, sad]}
                            scores: {type: object, additionalProperties: {type: object, properties: {n: {type: integer}}}}
                        PetOwner: {type: object, properties: {taken: {type: string}}}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(
            try T.fields("Pet", in: document).map(\.type.description) == [
                "PetOwner2", "[PetTagsItem]", "PetMood", "[String: PetScoresValue]",
            ])
        #expect(try T.fields("PetOwner2", in: document).map(\.type.description) == ["PetOwner2HomeAddress"])
        #expect(try T.fields("PetOwner", in: document).map(\.name) == ["taken"])
        let collision = try #require(diagnostics.first { $0.message.contains("'PetOwner2'") })
        #expect(collision.severity == .warning)
        #expect(collision.location.line == 11)
        // A model comes before the inline types of its fields.
        #expect(
            document.types.map(\.name) == [
                "Pet", "PetOwner2", "PetOwner2HomeAddress", "PetTagsItem", "PetMood", "PetScoresValue", "PetOwner",
            ])
    }

    @Test func mapsAndModelsWithExtraKeys() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Prices: {type: object, additionalProperties: {type: number}}
                        Anything: {type: object, additionalProperties: true}
                        Labelled:
                          type: object
                          properties: {name: {type: string}}
                          additionalProperties: {type: string}
                    """))
        guard case .alias(let prices) = try T.type("Prices", in: document).kind,
            case .alias(let anything) = try T.type("Anything", in: document).kind
        else {
            Issue.record("maps are not aliases")
            return
        }
        #expect(prices.description == "[String: Number]")
        #expect(anything.description == "[String: Variable]")
        #expect(try T.fields("Labelled", in: document).map(\.name) == ["name"])
        // Beside properties, the other keys are kept in a map (OpenAPIAdditionalPropertiesTests).
        #expect(try T.type("Labelled", in: document).additionalProperties?.type.description == "[String: String]")
        #expect(T.warnings(diagnostics).isEmpty, "\(diagnostics)")
    }

    @Test func componentNamesKeepTheirSpellingAndBuiltInNamesAreRenamed() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        file--full: {type: object, properties: {id: {type: string}}}
                        Date: {type: object, properties: {day: {type: string}}}
                        User:
                          type: object
                          properties:
                            file: {$ref: '#/components/schemas/file--full'}
                            when: {$ref: '#/components/schemas/Date'}
                            at: {type: string, format: date-time}
                    """))
        #expect(T.errors(diagnostics).isEmpty)
        #expect(document.types.map(\.name) == ["file--full", "Date2", "User"])
        #expect(try T.fields("User", in: document).map(\.type.description) == ["file--full", "Date2", "Date"])
        #expect(
            diagnostics.contains { $0.severity == .warning && $0.message.contains("'Date' is a built-in type name") })
    }

    @Test func messyDocumentsReadWithWarningsOnly() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Huge:
                          type: object
                          x-internal: true
                          required: [n, missing]
                          properties:
                            n: {type: integer, minimum: -99999999999999999999999, maximum: 99999999999999999999999}
                            m: {type: number, minimum: 0, exclusiveMinimum: true}
                            odd: {type: frobnicate}
                            notASchema: 3
                            props: {type: object, properties: {a: {type: string}}, oneOf: [{required: [a]}]}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        // `missing` is required but not declared: ignored, with a warning; the model keeps its types.
        let fields = try T.fields("Huge", in: document)
        #expect(fields.map(\.type.description) == ["Integer", "Number", "Variable", "Variable", "HugeProps"])
        #expect(fields.first?.isRequired == true)
        let missing = try #require(diagnostics.first { $0.message.contains("'missing'") })
        #expect(missing.severity == .warning && missing.message.contains("ignored"))
        #expect(missing.location.line == 10 && missing.location.column == 21)
        #expect(diagnostics.contains { $0.message.contains("unknown type 'frobnicate'") && $0.location.line == 14 })
        #expect(diagnostics.contains { $0.message.contains("a schema must be an object") })
        // A oneOf that only constrains (required) beside properties is no warning.
        #expect(!diagnostics.contains { $0.message.contains("beside \"properties\"") })
    }
}
