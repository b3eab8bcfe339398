import Testing

@testable import HTCodegenCore

/// `abstractTypes` in `htcodegen.json`: whether the generator declares the model base class and the
/// request protocol as aliases of the runtime's types, or the app declares them itself.
@Suite struct AbstractTypesTests {
    static let spec = #"""
        {"htspec": 1,
         "types": {"Item": {"fields": {"id": "Integer"}}},
         "interfaces": {"GetItem": {"method": "GET", "path": "/item", "output": "Item"}}}
        """#

    static func files(_ configText: String) throws -> (models: String, requests: String) {
        let root = try JSONDocumentParser.parse(Array(configText.utf8), file: "htcodegen.json")
        let (config, diagnostics) = GeneratorConfig.read(root)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let (files, _) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "x.htspec.json", config: config, declareAbstractTypes: true)
        let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        return (models, requests)
    }

    @Test func aliasesByDefault() throws {
        let (models, _) = try Self.files(#"{"namePrefix": "App", "modelAbstract": "Model", "reqAbstract": "Request"}"#)
        #expect(models.contains("internal typealias AppModel = HTHTTPModel"))
        #expect(models.contains("internal typealias AppRequest = HTBaseRequest"))
        #expect(models.contains("internal final class AppItem: AppModel, HTModelMappable"))
    }

    @Test func theAppDeclaresItsOwnBaseTypes() throws {
        let (models, requests) = try Self.files(
            #"{"namePrefix": "App", "modelAbstract": "Model", "reqAbstract": "Request", "abstractTypes": "app"}"#)
        #expect(!models.contains("typealias"))
        #expect(models.contains("internal final class AppItem: AppModel, HTModelMappable"))
        #expect(requests.contains("internal struct AppGetItemRequest: AppRequest"))
    }

    @Test func wrongValuesAreErrorsAtTheirPosition() throws {
        let root = try JSONDocumentParser.parse(Array(#"{"abstractTypes": "mine"}"#.utf8), file: "htcodegen.json")
        let (config, diagnostics) = GeneratorConfig.read(root)
        #expect(config.abstractTypes == .alias)
        #expect(
            diagnostics.map(\.description) == [
                #"htcodegen.json:1:19: error: "abstractTypes" must be "alias" or "app""#
            ])
    }
}
