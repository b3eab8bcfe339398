import Foundation
import Testing

@testable import HTCodegenCore

/// Issue #37, part 3: every schema form read faithfully — 3.1's `contentMediaType` and
/// `contentEncoding`, `const`, `prefixItems`, type arrays, `oneOf`/`anyOf` beside `properties` or in an
/// `allOf` part, `allOf` parts that only annotate, `required` names that are no property, and
/// `default`/`example`/`examples` in doc comments.
@Suite struct OpenAPISchemaFormsTests {
    typealias T = OpenAPITestSupport

    // MARK: Bytes

    @Test func contentMediaTypeAndContentEncodingAreBytesAsFormatBinaryAndByteAre() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Upload:
                          type: object
                          properties:
                            file: {type: string, contentMediaType: application/octet-stream}
                            files: {type: array, items: {type: string, contentMediaType: application/octet-stream}}
                            photo: {type: string, contentMediaType: image/png, contentEncoding: base64}
                            token: {type: string, contentEncoding: base64url}
                            raw: {type: string, contentEncoding: binary}
                            untyped: {contentMediaType: application/pdf}
                            legacyFile: {type: string, format: binary}
                            legacyBytes: {type: string, format: byte}
                            jsonText: {type: string, contentMediaType: application/json}
                            problem: {type: string, contentMediaType: application/problem+json}
                            html: {type: string, contentMediaType: text/html; charset=utf-8}
                            svg: {type: string, contentMediaType: image/svg+xml}
                            quoted: {type: string, contentEncoding: quoted-printable}
                            plain: {type: string}
                        Photo: {type: string, contentMediaType: image/jpeg}
                        Holder:
                          type: object
                          properties:
                            photo: {$ref: '#/components/schemas/Photo'}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = try T.fields("Upload", in: document)
        #expect(
            fields.map { "\($0.name): \($0.type)" } == [
                "file: Data", "files: [Data]", "photo: Data", "token: Data", "raw: Data", "untyped: Data",
                "legacyFile: Data", "legacyBytes: Data", "jsonText: String", "problem: String", "html: String",
                "svg: String", "quoted: String", "plain: String",
            ])
        #expect(try T.fields("Holder", in: document).map(\.type.description) == ["Photo"])
        guard case .alias(let photo) = try T.type("Photo", in: document).kind else {
            Issue.record("Photo is not an alias")
            return
        }
        #expect(photo.description == "Data")
    }

    @Test func aMultipartUploadOfContentMediaTypeStringsSendsFileParts() throws {
        let generated = try SnippetTests.generate(
            T.document(
                paths: """
                      /files:
                        post:
                          operationId: upload
                          requestBody:
                            content:
                              multipart/form-data:
                                schema:
                                  type: object
                                  properties:
                                    file: {type: string, contentMediaType: application/octet-stream}
                                    extra: {type: array, items: {type: string, contentMediaType: application/octet-stream}}
                          responses:
                            "204": {description: Done.}
                    """), file: "api.openapi.yaml")
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        #expect(
            generated.requests.contains(
                #"if let part = value.htStorage.file { parts.append(HTParameterStyles.filePart("file", part, self.fileInfo, contentType: "application/octet-stream")) }"#
            ))
        #expect(
            generated.requests.contains(
                #"if let part = value.htStorage.extra { for (index, data) in part.enumerated() { parts.append(HTParameterStyles.filePart("extra", data, files: self.extraFiles, at: index, contentType: "application/octet-stream")) } }"#
            ))
    }

    // MARK: const

    @Test func aStringOrIntegerConstIsAnEnumerationOfOneValue() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Event:
                          type: object
                          properties:
                            kind: {const: created}
                            version: {type: integer, const: 2}
                            live: {const: true}
                            ratio: {type: number, const: 0.5}
                            nothing: {const: null}
                        Kind: {type: string, const: created, description: The one kind.}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = try T.fields("Event", in: document)
        #expect(fields.map(\.type.description) == ["EventKind", "EventVersion", "Boolean", "Number", "Variable"])
        guard case .enumeration(let members) = try T.type("EventKind", in: document).kind else {
            Issue.record("EventKind is not an enumeration")
            return
        }
        #expect(members.map(\.value) == ["created"])
        let version = try T.type("EventVersion", in: document)
        #expect(version.enumRawType == .integer)
        // A constant that is not an enumeration is said in the doc comment.
        #expect(fields[2].notes.constant?.value == .bool(true))
        #expect(fields[3].notes.constant?.value == .number("0.5"))
        #expect(fields[0].notes.constant == nil)
        guard case .enumeration(let kind) = try T.type("Kind", in: document).kind else {
            Issue.record("Kind is not an enumeration")
            return
        }
        #expect(kind.map(\.key) == ["created"])
    }

    @Test func aConstRendersAsAOneMemberEnumOrANote() throws {
        let generated = try SnippetTests.generate(
            T.document(
                schemas: """
                        Event:
                          type: object
                          properties:
                            kind: {const: created}
                            live: {const: true}
                    """), file: "api.openapi.yaml")
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        #expect(generated.enums.contains("    internal static let created = HTEventKind(rawValue: \"created\")\n"))
        #expect(generated.enums.contains("    internal static let knownValues: [HTEventKind] = [.created]\n"))
        #expect(
            generated.models.contains(
                "        /// - Note: Always `true` (the spec's `const`).\n        internal let live: Bool?\n"))
    }

    // MARK: Tuples and type arrays

    @Test func prefixItemsOfOneSchemaAreAnArrayOfIt() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Point:
                          type: object
                          properties:
                            xy: {type: array, prefixItems: [{type: number}, {type: number}], items: false}
                            open: {prefixItems: [{type: string}], items: {type: string}}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(try T.fields("Point", in: document).map(\.type.description) == ["[Number]", "[String]"])
    }

    @Test func prefixItemsOfSeveralSchemasAreAnArrayOfTheirUnionWithAWarning() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Row:
                          type: object
                          properties:
                            cells:
                              type: array
                              prefixItems:
                                - {type: string}
                                - {type: integer}
                                - {type: string}
                              items: {type: object, properties: {note: {type: string}}}
                    """))
        #expect(T.errors(diagnostics).isEmpty)
        let warning = try #require(diagnostics.first { $0.message.contains("prefixItems") })
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 12 && warning.location.column == 11)
        #expect(try T.fields("Row", in: document).map(\.type.description) == ["[RowCellsItem]"])
        guard case .union(let union) = try T.type("RowCellsItem", in: document).kind else {
            Issue.record("RowCellsItem is not a union")
            return
        }
        // The string item once; the rest items' object as a type of its own.
        #expect(union.alternatives.map(\.name) == ["string", "integer", "Option3"])
        #expect(union.alternatives.map(\.type.description) == ["String", "Integer", "RowCellsItemOption3"])
        #expect(try T.fields("RowCellsItemOption3", in: document).map(\.name) == ["note"])
    }

    @Test func aTypeArrayOfSeveralTypesIsAUnion() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Cell:
                          type: object
                          properties:
                            value: {type: [string, integer, "null"], format: int64}
                            amount: {type: [integer, number]}
                            nested: {type: [array, boolean], items: {type: string, format: date}}
                            only: {type: [string, "null"]}
                        Id: {type: [string, integer], description: An id.}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = try T.fields("Cell", in: document)
        #expect(fields.map(\.type.description) == ["CellValue", "Number", "CellNested", "String"])
        guard case .union(let value) = try T.type("CellValue", in: document).kind else {
            Issue.record("CellValue is not a union")
            return
        }
        #expect(value.alternatives.map(\.name) == ["string", "int64"])
        #expect(value.alternatives.map(\.type.description) == ["String", "Int64"])
        // Each alternative sits at its type's name in the array.
        #expect(value.alternatives.map(\.location.column) == [24, 32])
        guard case .union(let nested) = try T.type("CellNested", in: document).kind else {
            Issue.record("CellNested is not a union")
            return
        }
        #expect(nested.alternatives.map(\.type.description) == ["[Date]", "Boolean"])
        let id = try T.type("Id", in: document)
        #expect(id.description == "An id.")
        guard case .union(let idUnion) = id.kind else {
            Issue.record("Id is not a union")
            return
        }
        #expect(idUnion.alternatives.map(\.name) == ["string", "integer"])
    }

    // MARK: allOf parts that only annotate

    @Test func anAllOfPartThatOnlyAnnotatesKeepsTheReferencedType() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Agent:
                          oneOf:
                            - {$ref: '#/components/schemas/Ref'}
                            - {$ref: '#/components/schemas/Full'}
                        Ref: {type: object, properties: {id: {type: string}}}
                        Full: {type: object, properties: {name: {type: string}}}
                        Ask:
                          type: object
                          properties:
                            agent:
                              allOf:
                                - $ref: '#/components/schemas/Agent'
                                - description: The agent to use.
                            filter:
                              allOf: [{$ref: '#/components/schemas/Ref'}, {example: {id: "7"}}, {x-key: id}]
                            item:
                              allOf: [{$ref: '#/components/schemas/Ref'}, {description: The item., nullable: true}]
                            both:
                              allOf: [{$ref: '#/components/schemas/Ref'}, {$ref: '#/components/schemas/Full'}]
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = try T.fields("Ask", in: document)
        #expect(fields.map(\.type.description) == ["Agent", "Ref", "Ref", "AskBoth"])
        #expect(fields[0].description == "The agent to use.")
        #expect(fields[1].notes.examples.map { $0["id"]?.value.stringValue } == ["7"])
        #expect(fields[2].description == "The item.")
        #expect(try T.fields("AskBoth", in: document).map(\.name) == ["id", "name"])
    }

    // MARK: Unions in objects

    @Test func aOneOfInAnAllOfPartIsDistributedOverTheObject() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Shape:
                          description: A shape.
                          allOf:
                            - type: object
                              required: [color]
                              properties: {color: {type: string}}
                            - oneOf:
                                - $ref: '#/components/schemas/Circle'
                                - title: square
                                  type: object
                                  properties: {side: {type: number}, fill: {type: object, properties: {a: {type: number}}}}
                        Circle: {type: object, required: [radius], properties: {radius: {type: number}}}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let shape = try T.type("Shape", in: document)
        #expect(shape.description == "A shape.")
        guard case .union(let union) = shape.kind else {
            Issue.record("Shape is not a union: \(shape.kind)")
            return
        }
        #expect(union.alternatives.map(\.name) == ["Circle", "Square"])
        #expect(union.alternatives.map(\.type.description) == ["ShapeCircle", "ShapeSquare"])
        let circle = try T.fields("ShapeCircle", in: document)
        #expect(circle.map(\.name) == ["color", "radius"])
        #expect(circle.map(\.isRequired) == [true, true])
        let square = try T.fields("ShapeSquare", in: document)
        #expect(square.map(\.name) == ["color", "side", "fill"])
        // An inline object of the inline alternative is named after the merged model.
        #expect(square.map(\.type.description) == ["String", "Number", "ShapeSquareFill"])
        // Circle itself stays a model of its own.
        #expect(try T.fields("Circle", in: document).map(\.name) == ["radius"])
    }

    @Test func aOneOfBesidePropertiesIsDistributedWithItsDiscriminator() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Payment:
                          type: object
                          properties:
                            amount: {type: integer}
                            method: {type: string}
                          discriminator:
                            propertyName: method
                            mapping: {card: '#/components/schemas/Card', bank: '#/components/schemas/Bank'}
                          oneOf:
                            - $ref: '#/components/schemas/Card'
                            - $ref: '#/components/schemas/Bank'
                        Card: {type: object, properties: {number: {type: string}}}
                        Bank: {type: object, properties: {iban: {type: string}}}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .union(let union) = try T.type("Payment", in: document).kind else {
            Issue.record("Payment is not a union")
            return
        }
        #expect(union.discriminator == "method")
        #expect(union.alternatives.map(\.type.description) == ["PaymentCard", "PaymentBank"])
        #expect(union.alternatives.map(\.discriminatorValues) == [["card"], ["bank"]])
        #expect(try T.fields("PaymentCard", in: document).map(\.name) == ["amount", "method", "number"])
        #expect(try T.fields("PaymentBank", in: document).map(\.name) == ["amount", "method", "iban"])
    }

    @Test func aParentThatListsItsChildrenIsTheUnionOfThemAndTheChildrenStayModels() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Pet:
                          type: object
                          required: [petType]
                          properties:
                            petType: {type: string}
                            name: {type: string}
                          discriminator: {propertyName: petType}
                          oneOf:
                            - $ref: '#/components/schemas/Cat'
                            - $ref: '#/components/schemas/Dog'
                        Cat:
                          allOf:
                            - $ref: '#/components/schemas/Pet'
                            - {type: object, properties: {hunts: {type: boolean}}}
                        Dog:
                          allOf:
                            - $ref: '#/components/schemas/Pet'
                            - {type: object, properties: {barks: {type: boolean}}}
                        Kitten:
                          allOf:
                            - $ref: '#/components/schemas/Cat'
                            - {type: object, properties: {age: {type: integer}}}
                    """))
        // No warning: the parent's list of its children is not a union to merge into each child.
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .union(let pet) = try T.type("Pet", in: document).kind else {
            Issue.record("Pet is not a union")
            return
        }
        #expect(pet.alternatives.map(\.type.description) == ["Cat", "Dog"])
        #expect(pet.alternatives.map(\.discriminatorValues) == [["Cat"], ["Dog"]])
        #expect(try T.fields("Cat", in: document).map(\.name) == ["petType", "name", "hunts"])
        #expect(try T.fields("Dog", in: document).map(\.name) == ["petType", "name", "barks"])
        #expect(try T.fields("Kitten", in: document).map(\.name) == ["petType", "name", "hunts", "age"])
    }

    @Test func aUnionOfScalarsBesidePropertiesIsStillAWarning() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Odd:
                          type: object
                          properties: {a: {type: string}}
                          oneOf: [{type: string}, {type: integer}]
                    """))
        #expect(try T.fields("Odd", in: document).map(\.name) == ["a"])
        let warning = try #require(diagnostics.first { $0.message.contains("beside \"properties\"") })
        #expect(warning.location.line == 10 && warning.location.column == 7)
    }

    // MARK: required

    @Test func aRequiredNameThatIsNoPropertyIsAWarningAndIgnored() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Revoke:
                          type: object
                          required: [token, grant_type]
                          properties:
                            token: {type: string}
                            client_id: {type: string}
                        Choice:
                          oneOf:
                            - $ref: '#/components/schemas/Revoke'
                            - {type: string}
                    """))
        #expect(T.errors(diagnostics).isEmpty)
        let fields = try T.fields("Revoke", in: document)
        #expect(fields.map(\.name) == ["token", "client_id"])
        #expect(fields.map(\.type.description) == ["String", "String"])
        #expect(fields.map(\.isRequired) == [true, false])
        let warnings = T.warnings(diagnostics)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("'grant_type'") == true)
        #expect(warnings.first?.location.line == 9 && warnings.first?.location.column == 25)
    }

    @Test func malformedFormsReadWithoutErrors() throws {
        let yaml = T.document(
            schemas: """
                    Odd:
                      type: object
                      properties:
                        tuple: {type: array, prefixItems: 3}
                        emptyTuple: {type: array, prefixItems: [], items: false}
                        types: {type: [1, true, string]}
                        onlyNull: {type: ["null", "null"]}
                        twice: {type: [string, string]}
                        media: {type: string, contentMediaType: 5, contentEncoding: [base64]}
                        examples: {type: string, examples: "x", example: null}
                        constObject: {const: {a: [1, 2]}}
                        annotated: {allOf: [true, {description: d}]}
                        selfish:
                          oneOf: [{$ref: '#/components/schemas/Odd'}, {$ref: '#/components/schemas/Odd'}]
                    Loop:
                      type: object
                      properties: {a: {type: string}}
                      oneOf:
                        - {$ref: '#/components/schemas/Loop'}
                        - {$ref: '#/components/schemas/Nowhere'}
                """)
        let (document, diagnostics) = Generator.parseSpec(Array(yaml.utf8), file: "api.openapi.yaml")
        let read = try #require(document)
        // The one error is the reference that names nothing; everything else reads.
        #expect(T.errors(diagnostics).map(\.message).allSatisfy { $0.contains("Nowhere") }, "\(diagnostics)")
        let fields = try T.fields("Odd", in: read)
        #expect(
            fields.map(\.type.description) == [
                "[Variable]", "[Variable]", "String", "Variable", "String", "String", "String", "Variable",
                "Variable", "OddSelfish",
            ])
        #expect(fields.first { $0.name == "constObject" }?.notes.constant != nil)
        #expect(try T.fields("Loop", in: read).map(\.name) == ["a"])
        var config = GeneratorConfig()
        config.accessLevel = .public
        _ = try Generator.generate(specBytes: Array(yaml.utf8), file: "api.openapi.yaml", config: config)
    }

    // MARK: Examples and defaults

    @Test func examplesAndDefaultsOfPropertiesSchemasAndParametersAreNotes() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Order:
                          type: object
                          description: An order.
                          default: {state: new}
                          example: {state: paid}
                          properties:
                            state: {type: string, default: new, examples: [new, paid]}
                            count: {type: integer, example: 3}
                        Color:
                          type: string
                          enum: [red, green]
                          example: red
                    """,
                paths: """
                      /orders:
                        get:
                          operationId: listOrders
                          parameters:
                            - name: limit
                              in: query
                              example: 20
                              schema: {type: integer, default: 10, examples: [50]}
                            - name: sort
                              in: query
                              examples:
                                newest: {summary: Newest first., value: -created}
                                external: {externalValue: 'https://example.com/sort.txt'}
                              schema: {type: string}
                          responses:
                            "204": {description: Done.}
                    """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let order = try T.type("Order", in: document)
        #expect(order.notes.defaultValue?["state"]?.value.stringValue == "new")
        #expect(order.notes.examples.count == 1)
        let fields = try T.fields("Order", in: document)
        #expect(fields[0].defaultValue?.stringValue == "new")
        #expect(fields[0].notes.examples.compactMap(\.stringValue) == ["new", "paid"])
        #expect(fields[1].notes.examples.map(\.value) == [.number("3")])
        #expect(try T.type("Color", in: document).notes.examples.compactMap(\.stringValue) == ["red"])
        let inputs = T.inputs(try T.interface("listOrders", in: document))
        #expect(inputs[0].defaultValue?.value == .number("10"))
        #expect(inputs[0].notes.examples.map(\.value) == [.number("20"), .number("50")])
        #expect(inputs[1].notes.examples.compactMap(\.stringValue) == ["-created"])
    }

    @Test func notesRenderOnOneEscapedLineEach() throws {
        let generated = try SnippetTests.generate(
            T.document(
                schemas: """
                        Order:
                          type: object
                          description: An order.
                          example: {state: "pa`id", note: "two\\nlines */"}
                          properties:
                            state: {type: string, default: new, examples: [a, b, c, d]}
                            long: {type: string, example: "\(String(repeating: "x", count: 120))"}
                        Color:
                          type: string
                          enum: [red]
                          examples: [red]
                    """), file: "api.openapi.yaml")
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        let order = SnippetTests.declaration("HTOrder", in: generated.models)
        #expect(
            order.hasPrefix(
                """

                /// An order.
                ///
                /// - Note: Example: `{"state": "pa'id", "note": "two\\nlines */"}`.
                ///
                /// - Remark: Generated from api.openapi.yaml:
                """))
        #expect(
            order.contains(
                """
                        /// - Note: Defaults to `"new"` (when it is not sent).
                        /// - Note: Examples: `"a"`, `"b"`, `"c"`, ….
                        internal let state: String?

                """))
        let long = "\"" + String(repeating: "x", count: 79) + "…"
        #expect(order.contains("        /// - Note: Example: `\(long)`.\n        internal let long: String?\n"))
        #expect(generated.enums.contains("/// The `Color` enumeration.\n///\n/// - Note: Example: `\"red\"`.\n///\n"))
    }
}
