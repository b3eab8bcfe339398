import Foundation
import Testing

@testable import HTCodegenCore

/// Reading OpenAPI snippets in tests.
enum OpenAPITestSupport {
    /// Reads `yaml` (an OpenAPI document) named `file`; fails the test when it does not read.
    static func read(_ yaml: String, file: String = "api.openapi.yaml") throws -> (SpecDocument, [Diagnostic]) {
        let (document, diagnostics) = Generator.parseSpec(Array(yaml.utf8), file: file)
        return (try #require(document, "\(diagnostics)"), diagnostics)
    }

    /// A document with `schemas` as its `components.schemas` (indented by the caller as under
    /// `schemas:`), and `paths` as its paths.
    static func document(schemas: String = "", paths: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: Test, version: "1"}
        paths:
        \(paths.isEmpty ? "  {}" : paths)
        components:
          schemas:
        \(schemas.isEmpty ? "    {}" : schemas)
        """
    }

    static func type(_ name: String, in document: SpecDocument) throws -> TypeDecl {
        try #require(document.types.first { $0.name == name }, "no type \(name) in \(document.types.map(\.name))")
    }

    static func fields(_ name: String, in document: SpecDocument) throws -> [FieldDecl] {
        let declared = try type(name, in: document)
        guard case .hash(let fields) = declared.kind else {
            Issue.record("\(name) is not a model: \(declared.kind)")
            return []
        }
        return fields
    }

    static func interface(_ name: String, in document: SpecDocument) throws -> InterfaceDecl {
        try #require(
            document.interfaces.first { $0.name == name }, "no interface \(name) in \(document.interfaces.map(\.name))")
    }

    static func inputs(_ interface: InterfaceDecl) -> [FieldDecl] {
        if case .fields(let fields) = interface.inputs { return fields }
        return []
    }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    static func warnings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .warning }
    }
}
