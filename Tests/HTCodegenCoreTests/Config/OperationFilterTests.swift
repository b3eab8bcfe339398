import Foundation
import Testing

@testable import HTCodegenCore

/// `htcodegen.json`'s `operations` and `schemas`: only the operations kept generate requests, and only
/// the schemas they (or `schemas.include`) reach generate types; names that match nothing are warnings
/// at the name.
@Suite struct OperationFilterTests {
    typealias T = OpenAPITestSupport

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

    /// Files, users and a webhook schema that no operation uses; each schema form reaches another.
    static let spec = T.document(
        schemas: """
                File:
                  type: object
                  properties:
                    owner: {$ref: '#/components/schemas/User'}
                    parts: {type: array, items: {$ref: '#/components/schemas/Part'}}
                    labels: {type: object, additionalProperties: {$ref: '#/components/schemas/Label'}}
                    source: {$ref: '#/components/schemas/Source'}
                    kind: {$ref: '#/components/schemas/Kind'}
                User: {type: object, properties: {name: {type: string}}}
                Part: {type: object, properties: {size: {type: integer}}}
                Label: {type: object, properties: {text: {type: string}}}
                Kind: {type: string, enum: [plain, folder]}
                Source:
                  oneOf: [{$ref: '#/components/schemas/Upload'}, {$ref: '#/components/schemas/Copy'}]
                  discriminator: {propertyName: type, mapping: {upload: '#/components/schemas/Upload', copy: '#/components/schemas/Copy'}}
                Upload: {type: object, properties: {type: {type: string}, at: {type: string}}}
                Copy:
                  allOf:
                    - {$ref: '#/components/schemas/Base'}
                    - {type: object, properties: {type: {type: string}, from: {$ref: '#/components/schemas/FileID'}}}
                Base: {type: object, properties: {id: {type: string}}}
                FileID: {type: string, format: uuid}
                Group: {type: object, properties: {members: {type: array, items: {$ref: '#/components/schemas/User'}}}}
                Webhook: {type: object, properties: {target: {$ref: '#/components/schemas/Target'}}}
                Target: {type: object, properties: {url: {type: string}}}
                Problem: {type: object, properties: {message: {type: string}}}
            """,
        paths: """
              /files/{id}:
                get:
                  operationId: get_files_id
                  tags: [Files]
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200': {description: A file., content: {application/json: {schema: {$ref: '#/components/schemas/File'}}}}
                    '404': {description: No file., content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                delete:
                  operationId: delete_files_id
                  tags: [Files]
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'204': {description: Gone.}}
              /files_archive:
                get:
                  operationId: get_files_archive
                  responses: {'204': {description: None.}}
              /groups:
                post:
                  operationId: post_groups
                  tags: [Groups]
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Group'}}}}
                  responses: {'204': {description: Made.}}
            """)

    /// Generates ``spec`` with the config `json`: the requests, the types and the diagnostics.
    static func generate(_ json: String) throws -> (requests: [String], types: [String], diagnostics: [String]) {
        let (config, configDiagnostics) = Self.config(json)
        #expect(configDiagnostics.isEmpty, "\(configDiagnostics)")
        let (document, _) = try T.read(Self.spec)
        let (resolved, diagnostics) = Generator.resolve(document, config: config)
        // What is left resolves (nothing kept names a type left out) and renders.
        let api = try #require(resolved, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let names = SwiftNames([api], config: config).specs[0]
        _ = Generator.render(api, names: names, config: config)
        let filtered = config.filter.apply(to: document).document
        return (
            filtered.interfaces.map(\.name), filtered.types.map(\.name),
            diagnostics.filter { $0.location.file == "htcodegen.json" }.map(\.description)
        )
    }

    @Test func aTagKeepsItsOperationsAndTheSchemasTheyReach() throws {
        let (requests, types, diagnostics) = try Self.generate(#"{"operations": {"include": {"tags": ["Files"]}}}"#)
        #expect(diagnostics.isEmpty)
        #expect(requests == ["getFilesId", "deleteFilesId"])
        #expect(
            types == [
                "File", "User", "Part", "Label", "Kind", "Source", "Upload", "Copy", "FileID", "Problem",
            ])
    }

    @Test func operationIdsPathPrefixesExcludesAndNamedSchemas() throws {
        let (requests, types, _) = try Self.generate(
            """
            {"operations": {"include": {"operationIds": ["post_groups"], "pathPrefixes": ["/files"]},
                            "exclude": {"operationIds": ["get_files_id"]}},
             "schemas": {"include": ["Webhook"]}}
            """)
        // `/files` matches `/files/{id}` but not `/files_archive`.
        #expect(requests == ["deleteFilesId", "postGroups"])
        #expect(types == ["User", "Group", "Webhook", "Target"])
        let (onlyExcluded, _, _) = try Self.generate(#"{"operations": {"exclude": {"tags": ["Files"]}}}"#)
        #expect(onlyExcluded == ["getFilesArchive", "postGroups"])
        let (none, schemasOnly, _) = try Self.generate(
            #"{"operations": {"include": {"operationIds": []}}, "schemas": {"include": ["Group"]}}"#)
        #expect(none.isEmpty)
        #expect(schemasOnly == ["User", "Group"])
    }

    @Test func namesThatMatchNothingAreWarningsAtTheName() throws {
        let (_, _, diagnostics) = try Self.generate(
            """
            {"operations": {"include": {"operationIds": ["get_file"], "tags": ["Files", "Flies"],
                                        "pathPrefixes": ["/folders"]}},
             "schemas": {"include": ["Webhok"]}}
            """)
        #expect(
            diagnostics == [
                "htcodegen.json:1:46: warning: the filter matches nothing: no operation has the operationId 'get_file'",
                "htcodegen.json:1:77: warning: the filter matches nothing: no operation has the tag 'Flies'",
                "htcodegen.json:2:46: warning: the filter matches nothing: no operation's path starts with '/folders'",
                "htcodegen.json:3:26: warning: the filter matches nothing: no schema is named 'Webhok'",
            ])
    }

    @Test func badSettingsAreErrorsAtTheirPositions() {
        let (_, diagnostics) = Self.config(
            """
            {"operations": {"include": {"operationId": ["x"], "tags": "Files", "pathPrefixes": ["files", 3]},
                            "only": {}},
             "schemas": ["Webhook"]}
            """)
        #expect(
            diagnostics == [
                "htcodegen.json:1:29: error: unknown key 'operationId' in \"operations.include\"; expected one of: operationIds, tags, pathPrefixes",
                "htcodegen.json:1:59: error: \"tags\" must be an array of strings, found a string",
                "htcodegen.json:1:85: error: the path prefix 'files' must start with '/'",
                "htcodegen.json:1:94: error: \"pathPrefixes\" must hold non-empty strings, found a number",
                "htcodegen.json:2:17: error: unknown key 'only' in \"operations\"; expected one of: include, exclude",
                "htcodegen.json:3:13: error: \"schemas\" must be an object such as {\"include\": [\"Webhook\"]}, found an array",
            ])
    }

    @Test func pathPrefixesMatchWholeSegments() {
        #expect(OperationFilter.path("/files/{id}", startsWith: "/files"))
        #expect(OperationFilter.path("/files", startsWith: "/files"))
        #expect(OperationFilter.path("/files/{id}", startsWith: "/files/"))
        #expect(OperationFilter.path("/files/{id}", startsWith: "/"))
        #expect(!OperationFilter.path("/files_archive", startsWith: "/files"))
        #expect(!OperationFilter.path("/file", startsWith: "/files"))
    }
}
