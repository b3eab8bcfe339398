import Foundation
import Testing

@testable import HTCodegenCore

/// `$ref`s: JSON pointer escapes, other files (read once, reported at their own positions), and
/// references that name nothing.
@Suite struct OpenAPIReferenceTests {
    typealias T = OpenAPITestSupport

    /// Writes `files` (relative path → contents) into a fresh temporary folder; returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-refs-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    static let main = """
        openapi: 3.1.0
        info: {title: Refs, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - $ref: 'common.yaml#/components/parameters/Limit'
              responses:
                '200':
                  description: Pets.
                  content: {application/json: {schema: {type: array, items: {$ref: './schemas/pet.yaml'}}}}
                default: {$ref: 'common.yaml#/components/responses/Problem'}
        components:
          schemas:
            Error: {type: object, properties: {local: {type: boolean}}}
            a/b~c: {type: string}
            Holder:
              type: object
              properties:
                slashed: {$ref: '#/components/schemas/a~1b~0c'}
                encoded: {$ref: '#/components/schemas/a~1b~0c'}
                remoteError: {$ref: 'common.yaml#/components/schemas/Error'}
                missingFile: {$ref: 'nowhere.yaml#/components/schemas/X'}
                missingPointer: {$ref: 'common.yaml#/components/schemas/Nope'}
                deep: {$ref: '#/components/schemas/Holder/properties/slashed'}
        """

    static let common = """
        components:
          parameters:
            Limit: {name: limit, in: query, schema: {$ref: '#/components/schemas/Count'}}
          responses:
            Problem:
              description: A problem.
              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
          schemas:
            Count: {type: integer, format: int32}
            Error:
              type: object
              required: [ghost]
              properties:
                message: {type: string}
        """

    static let pet = """
        type: object
        required: [name]
        properties:
          name: {type: string}
          owner: {$ref: '../common.yaml#/components/schemas/Error'}
          friend: {$ref: '#/'}
        """

    @Test func referencesToOtherFilesBecomeTypesOfThisDocument() throws {
        let root = try Self.folder([
            "api.openapi.yaml": Self.main, "common.yaml": Self.common, "schemas/pet.yaml": Self.pet,
        ])
        let (read, diagnostics) = Generator.readSpec(
            at: root + "/api.openapi.yaml", displayPath: "Sources/API/api.openapi.yaml")
        let document = try #require(read)
        #expect(
            document.types.map(\.name) == ["Error", "a/b~c", "Holder", "Error2", "Slashed", "Count", "Pet"],
            "\(document.types.map(\.name))")
        let holder = try T.fields("Holder", in: document)
        #expect(holder.map(\.type.description) == ["a/b~c", "a/b~c", "Error2", "Variable", "Variable", "Slashed"])
        // The other file's Error keeps its fields; its `required` problem is reported in that file.
        #expect(try T.fields("Error2", in: document).map(\.name) == ["message"])
        let ghost = try #require(diagnostics.first { $0.message.contains("'ghost'") })
        #expect(ghost.location.file == "Sources/API/common.yaml")
        #expect(ghost.location.line == 12)
        let renamed = try #require(diagnostics.first { $0.message.contains("'Error2'") })
        #expect(renamed.location.file == "Sources/API/common.yaml")
        // A whole-file schema is named by its file's stem; its own references are relative to it.
        let pet = try T.fields("Pet", in: document)
        #expect(pet.map(\.type.description) == ["String", "Error2", "Pet"])
        #expect(pet.first?.location.file == "Sources/API/schemas/pet.yaml")
        // Parameters and responses of the other file, and the schemas they name.
        let list = try T.interface("listPets", in: document)
        #expect(T.inputs(list).map(\.type.description) == ["Count"])
        #expect(list.errorResponses.map(\.type.description) == ["Error2"])
        guard case .body(let body) = list.response else {
            Issue.record("no typed response")
            return
        }
        #expect(body.description == "[Pet]")
        // A missing file and a missing pointer: errors at the $ref, in this file.
        let errors = T.errors(diagnostics)
        #expect(errors.count == 2, "\(errors)")
        let missingFile = try #require(errors.first { $0.message.contains("nowhere.yaml") })
        #expect(missingFile.location.file == "Sources/API/api.openapi.yaml")
        #expect(missingFile.location.line == 24)
        let missingPointer = try #require(errors.first { $0.message.contains("Nope") })
        #expect(missingPointer.location.line == 25)
        #expect(missingPointer.message.contains("Sources/API/common.yaml has no '/components/schemas/Nope'"))
    }

    /// An operation (and a path item) that is a `$ref` to another file, as real multi-file documents
    /// write them although OpenAPI 3.0 does not allow it: the parameters, bodies and responses that
    /// file declares by `$ref`s relative to itself are kept.
    @Test func anOperationThatIsAReferenceToAnotherFileKeepsItsReferences() throws {
        let root = try Self.folder([
            "api.openapi.yaml": """
            openapi: 3.0.3
            info: {title: Ops, version: "1"}
            paths:
              /things/{id}:
                get: {$ref: 'paths/things/get.yaml'}
                delete: {$ref: 'paths/things/ops.yaml#/delete'}
              /others/{id}: {$ref: 'paths/others.yaml'}
            """,
            "paths/things/get.yaml": """
            operationId: getThing
            parameters:
              - $ref: '../../common.yaml#/components/parameters/Id'
              - $ref: '#/x-parameters/Verbose'
            responses:
              '200':
                description: A thing.
                content: {application/json: {schema: {$ref: '../../common.yaml#/components/schemas/Thing'}}}
            x-parameters:
              Verbose: {name: verbose, in: query, schema: {type: boolean}}
            """,
            "paths/things/ops.yaml": """
            delete:
              operationId: deleteThing
              parameters: [{$ref: '../../common.yaml#/components/parameters/Id'}]
              responses: {'204': {description: Gone.}}
            """,
            "paths/others.yaml": """
            get: {$ref: 'things/get.yaml'}
            """,
            "common.yaml": """
            components:
              parameters:
                Id: {name: id, in: path, required: true, schema: {type: integer, format: int64}}
              schemas:
                Thing: {type: object, properties: {name: {type: string}}}
            """,
        ])
        let (read, diagnostics) = Generator.readSpec(at: root + "/api.openapi.yaml")
        let document = try #require(read)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document.interfaces.map(\.name) == ["getThing", "deleteThing", "getThing"])
        for interface in document.interfaces {
            #expect(T.inputs(interface).first?.name == "id")
            #expect(T.inputs(interface).first?.type.description == "Int64")
        }
        let get = try T.interface("getThing", in: document)
        #expect(T.inputs(get).map(\.name) == ["id", "verbose"])
        guard case .body(let body) = get.response else {
            Issue.record("no typed response")
            return
        }
        #expect(body.description == "Thing")
        #expect(try T.fields("Thing", in: document).map(\.name) == ["name"])
    }

    @Test func pointersAreUnescaped() throws {
        #expect(
            try OpenAPIFiles.parse("#/components/schemas/a~1b~0c").get().pointer == ["components", "schemas", "a/b~c"])
        #expect(try OpenAPIFiles.parse("x%20y.yaml#/a%7Bb%7D").get().file == "x y.yaml")
        #expect(try OpenAPIFiles.parse("x%20y.yaml#/a%7Bb%7D").get().pointer == ["a{b}"])
        #expect(try OpenAPIFiles.parse("pet.yaml").get().pointer == [])
        #expect(try OpenAPIFiles.parse("#/").get().pointer == [])
        #expect(OpenAPIFiles.normalized("Sources/API/schemas/../common.yaml") == "Sources/API/common.yaml")
        #expect(OpenAPIFiles.normalized("./a/./b") == "a/b")
    }

    @Test func remoteReferencesAreAWarningAndAnyJSON() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        Thing:
                          type: object
                          properties:
                            remote: {$ref: 'https://example.com/schemas/x.json'}
                    """))
        #expect(T.errors(diagnostics).isEmpty)
        #expect(try T.fields("Thing", in: document).map(\.type.description) == ["Variable"])
        #expect(diagnostics.contains { $0.message.hasPrefix("remote reference") && $0.location.line == 10 })
    }
}
