@testable import HTCodegenCore

/// Builds `SpecDocument`s as the OpenAPI reader would (no reader needed), and renders them.
enum OpenAPIFixture {
    static let file = "petstore.openapi.yaml"

    /// A position in the fixture's file.
    static func at(_ line: Int, _ column: Int = 3) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// A reference to `name` in `wrappers`.
    static func ref(_ name: String, _ wrappers: [TypeRef.Wrapper] = [], line: Int = 1) -> TypeRef {
        TypeRef(name: name, wrappers: wrappers, location: at(line))
    }

    /// A field or input.
    static func field(
        _ name: String, _ type: TypeRef, required: Bool = false, placement: ParameterPlacement = .automatic,
        description: String? = nil, line: Int = 1, configure: (inout FieldDecl) -> Void = { _ in }
    ) -> FieldDecl {
        var field = FieldDecl(
            name: name, location: at(line), type: type, description: description, isRequired: required)
        field.placement = placement
        configure(&field)
        return field
    }

    /// A model.
    static func model(_ name: String, _ fields: [FieldDecl], line: Int = 1, deprecated: Bool = false) -> TypeDecl {
        var type = TypeDecl(name: name, location: at(line, 5), description: nil, kind: .hash(fields))
        type.isDeprecated = deprecated
        return type
    }

    /// An operation with `inputs`, already placed.
    static func operation(
        _ name: String, _ method: String, _ path: String, inputs: [FieldDecl] = [], line: Int = 40,
        configure: (inout InterfaceDecl) -> Void = { _ in }
    ) -> InterfaceDecl {
        var interface = InterfaceDecl(
            name: name, location: at(line, 7), method: method, methodLocation: at(line - 1, 5), path: path,
            pathLocation: at(line - 2, 3), description: nil, inputs: .fields(inputs), outputs: .none, headers: [])
        interface.response = .untypedJSON
        configure(&interface)
        return interface
    }

    /// What one document generates.
    struct Generated {
        var models: String
        var requests: String
        var enums: String
        var diagnostics: [Diagnostic]

        /// Every generated file, in order.
        var all: String { models + requests + enums }
    }

    /// Generates `document` (one shard).
    static func generate(_ document: SpecDocument, config: GeneratorConfig = GeneratorConfig()) throws -> Generated {
        let (files, diagnostics) = try Generator.generate(document, config: config)
        func text(_ suffix: String) -> String { files.contents.first { $0.name.hasSuffix(suffix) }?.text ?? "" }
        return Generated(
            models: text("+Models.swift"), requests: text("+Requests.swift"), enums: text("+Enums.swift"),
            diagnostics: diagnostics)
    }

    /// A document with `types` and `interfaces`.
    static func document(types: [TypeDecl] = [], interfaces: [InterfaceDecl] = []) -> SpecDocument {
        var document = SpecDocument(file: file)
        document.types = types
        document.interfaces = interfaces
        return document
    }

    /// The declaration of `name` in `text`: from its `// MARK: - name` line to the next mark or the end.
    static func declaration(_ name: String, in text: String) -> String {
        SnippetTests.declaration(name, in: text)
    }
}
