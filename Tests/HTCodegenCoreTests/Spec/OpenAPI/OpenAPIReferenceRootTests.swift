import Foundation
import Testing

@testable import HTCodegenCore

/// `$ref`s read files only inside a reference root (issue #35, item 3): the document's folder by
/// default, the package folder for the build plugin (`ht-codegen --reference-root`). `../`, absolute
/// paths and symbolic links that lead out of it are errors at the `$ref`, and the file is not read.
@Suite struct OpenAPIReferenceRootTests {
    typealias T = OpenAPITestSupport

    /// A package folder: the document in `Sources/API`, a shared schema in `Schemas` (a sibling folder
    /// of the target's), and a secret beside the package (`outside/secret.yaml`). Returns the folder
    /// that holds both.
    static func layout() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appending(path: "openapi-root-\(UUID().uuidString)")
        let files = [
            "package/Sources/API/common.yaml": "components: {schemas: {Count: {type: integer}}}",
            "package/Schemas/shared.yaml": "type: object\nproperties: {id: {type: string}}",
            "outside/secret.yaml": "description: TOP-SECRET-VALUE\ntype: object\nproperties: {pin: {type: string}}",
        ]
        for (path, text) in files {
            let url = base.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return base
    }

    /// A document whose `Thing` has one property, a reference to `reference`.
    static func document(_ reference: String) -> String {
        """
        openapi: 3.1.0
        info: {title: Root, version: "1"}
        paths:
          /things:
            get:
              operationId: getThing
              responses:
                '200':
                  description: A thing.
                  content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
        components:
          schemas:
            Thing:
              type: object
              properties:
                count: {$ref: 'common.yaml#/components/schemas/Count'}
                other: {$ref: '\(reference)'}
        """
    }

    /// Writes the document referring to `reference` into `Sources/API` and reads it with `root`.
    static func read(_ reference: String, in base: URL, root: String? = nil) throws -> (
        SpecDocument?, [Diagnostic]
    ) {
        let path = base.appending(path: "package/Sources/API/api.openapi.yaml").path
        try Data(document(reference).utf8).write(to: URL(fileURLWithPath: path))
        return Generator.readSpec(at: path, displayPath: "Sources/API/api.openapi.yaml", referenceRoot: root)
    }

    /// The one error, which must be at the `$ref` (line 17, column 23) and say it is outside the root.
    static func expectRefused(_ diagnostics: [Diagnostic], _ reference: String) {
        let errors = T.errors(diagnostics)
        #expect(errors.count == 1, "\(diagnostics)")
        let error = errors.first
        #expect(error?.location.file == "Sources/API/api.openapi.yaml")
        #expect(error?.location.line == 17)
        #expect(error?.location.column == 23)
        #expect(error?.message.hasPrefix("'\(reference)': the file is outside the reference root") == true, "\(errors)")
        // Nothing of the file made it into the document.
        #expect(!diagnostics.contains { $0.location.file.contains("secret") })
    }

    @Test func aParentFolderOutsideTheDocumentsFolderIsRefused() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let reference = "../../../outside/secret.yaml"
        let (document, diagnostics) = try Self.read(reference, in: base)
        Self.expectRefused(diagnostics, reference)
        #expect(document?.types.contains { $0.name == "Secret" } != true)
    }

    @Test func anAbsolutePathOutsideTheRootIsRefused() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let reference = base.appending(path: "outside/secret.yaml").path
        let (_, diagnostics) = try Self.read(reference, in: base, root: base.appending(path: "package").path)
        Self.expectRefused(diagnostics, reference)
    }

    @Test func aSymbolicLinkInsideThatLeadsOutIsRefused() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createSymbolicLink(
            atPath: base.appending(path: "package/Sources/API/linked.yaml").path,
            withDestinationPath: base.appending(path: "outside/secret.yaml").path)
        // A folder link too: `inner/secret.yaml` is lexically inside.
        try FileManager.default.createSymbolicLink(
            atPath: base.appending(path: "package/Sources/API/inner").path,
            withDestinationPath: base.appending(path: "outside").path)
        for reference in ["linked.yaml", "inner/secret.yaml#/properties/pin"] {
            let (_, diagnostics) = try Self.read(reference, in: base, root: base.appending(path: "package").path)
            Self.expectRefused(diagnostics, reference)
        }
    }

    @Test func sharedSchemasInsideTheRootStillWork() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        // A symbolic link that stays inside the root is followed.
        try FileManager.default.createSymbolicLink(
            atPath: base.appending(path: "package/Sources/API/shared-link.yaml").path,
            withDestinationPath: base.appending(path: "package/Schemas/shared.yaml").path)
        for reference in ["../../Schemas/shared.yaml", "shared-link.yaml"] {
            let (document, diagnostics) = try Self.read(
                reference, in: base, root: base.appending(path: "package").path)
            #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
            let thing = try T.fields("Thing", in: try #require(document))
            #expect(
                thing.map(\.type.description) == ["Count", reference == "shared-link.yaml" ? "SharedLink" : "Shared"])
        }
        // Without the package as the root, the sibling folder is outside the document's folder.
        let (_, diagnostics) = try Self.read("../../Schemas/shared.yaml", in: base)
        Self.expectRefused(diagnostics, "../../Schemas/shared.yaml")
    }

    @Test func theCommandLineTakesTheRoot() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let spec = base.appending(path: "package/Sources/API/api.openapi.yaml").path
        try Data(Self.document("../../Schemas/shared.yaml").utf8).write(to: URL(fileURLWithPath: spec))
        #expect(CodegenCommand.run(arguments: ["check", spec, "--quiet"]) == 1)
        let root = base.appending(path: "package").path
        #expect(CodegenCommand.run(arguments: ["check", spec, "--quiet", "--reference-root", root]) == 0)
        #expect(CodegenCommand.help.contains("--reference-root"))
        guard case .run(_, let options) = try CodegenCommand.parse(["check", spec, "--reference-root", root]) else {
            Issue.record("expected a run")
            return
        }
        #expect(options.referenceRoot == root)
    }

    /// The build plugin declares the files a document reaches as inputs; it finds them with this scan.
    @Test func thePluginsScanFindsTheFilesReferencesName() {
        let yaml = """
            a: {$ref: 'common.yaml#/components/schemas/Count'}
            b:
              $ref: "../../Schemas/shared.yaml"
            c: {$ref: '#/components/schemas/Local'}
            d: {$ref: https://example.com/x.json}
            e: {$ref: schemas/pet%20shop.yaml, f: 1}
            g: [{'$ref' : common.yaml#/x}]
            """
        #expect(
            SpecFileNaming.fileReferences(in: yaml) == [
                "common.yaml", "../../Schemas/shared.yaml", "schemas/pet shop.yaml",
            ])
        let json = ##"{"schema": {"$ref": "shared/errors.yaml#/Error"}, "x": {"$ref":"#/y"}}"##
        #expect(SpecFileNaming.fileReferences(in: json) == ["shared/errors.yaml"])
    }
}
