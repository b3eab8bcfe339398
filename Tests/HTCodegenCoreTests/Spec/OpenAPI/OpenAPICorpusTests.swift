import Foundation
import Testing

@testable import HTCodegenCore

/// The real OpenAPI documents of the corpus (`$HT_CORPUS/openapi/`): every one reads with no error
/// (warnings are printed, counted by kind), and Box (3.0.2, 1.76 MB JSON) and Discourse (3.1, 487 KB
/// YAML) come out as the documents say (facts checked by reading the documents).
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
        "HT_CORPUS is not set; point it at the shared data folder (with openapi/) to read the real OpenAPI documents"))
struct OpenAPICorpusTests {
    static func folder() throws -> URL {
        let corpus = try #require(ProcessInfo.processInfo.environment["HT_CORPUS"])
        return URL(filePath: corpus).appending(path: "openapi")
    }

    static func documents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try folder().path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
    }

    /// Reads one document of the corpus; fails the test on any error.
    static func read(_ name: String) throws -> (SpecDocument, [Diagnostic]) {
        let path = try folder().appending(path: name).path
        let (document, diagnostics) = Generator.readSpec(at: path, displayPath: name)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(10))")
        return (try #require(document), diagnostics)
    }

    @Test func everyDocumentReadsWithoutErrors() throws {
        let names = try Self.documents()
        #expect(names.count >= 8)
        for name in names {
            let (document, diagnostics) = try Self.read(name)
            #expect(!document.interfaces.isEmpty, "\(name) has no operations")
            var kinds: [String: Int] = [:]
            for warning in diagnostics where warning.severity == .warning {
                kinds[DiagnosticGroups.kind(of: warning.message), default: 0] += 1
            }
            let summary = kinds.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }
            print(
                "\(name): \(document.types.count) types, \(document.interfaces.count) operations, \(kinds.values.reduce(0, +)) warnings"
                    + (summary.isEmpty ? "" : "\n  " + summary.joined(separator: "\n  ")))
        }
    }

    @Test func box() throws {
        let (document, _) = try Self.read("box.openapi.json")
        // 305 component schemas keep their names; all 296 operations are read (`thumbnail.{extension}`
        // fills a parameter inside a segment).
        let names = Set(document.types.map(\.name))
        #expect(names.count == document.types.count)
        #expect(names.isSuperset(of: ["File", "File--Full", "Folder--Mini", "Collaboration", "Webhook"]))
        #expect(document.types.count >= 305)
        #expect(document.interfaces.count == 296)
        #expect(document.servers.first?.url == "https://api.box.com/2.0")
        let getFile = try OpenAPITestSupport.interface("getFilesId", in: document)
        #expect(getFile.method == "GET")
        #expect(getFile.path == "/files/{file_id}")
        guard case .body(let type) = getFile.response else {
            Issue.record("getFilesId has no typed response")
            return
        }
        #expect(type.description == "File--Full")
        #expect(getFile.errorResponses.contains { $0.status == .default && $0.type.name == "ClientError" })
        let inputs = OpenAPITestSupport.inputs(getFile)
        #expect(inputs.first { $0.name == "file_id" }?.placement == .path)
        #expect(inputs.first { $0.name == "fields" }?.placement == .query(.formCommaSeparated))
        #expect(inputs.first { $0.name == "if-none-match" }?.placement == .header)
    }

    @Test func discourse() throws {
        let (document, _) = try Self.read("discourse.openapi.yaml")
        // All 93 operations, the 29 whose parameter is part of a segment (`/posts/{id}.json`) included.
        #expect(document.interfaces.count == 93)
        let post = try OpenAPITestSupport.interface("getPost", in: document)
        #expect(post.path == "/posts/{id}.json")
        #expect(OpenAPITestSupport.inputs(post).map(\.placement) == [.path])
        #expect(document.interfaces.map(\.name).contains("listLatestTopics"))
        let latest = try OpenAPITestSupport.interface("listLatestTopics", in: document)
        #expect(latest.path == "/latest.json")
        guard case .body(let type) = latest.response else {
            Issue.record("listLatestTopics has no typed response")
            return
        }
        #expect(type.description == "ListLatestTopicsResponse")
        #expect(OpenAPITestSupport.inputs(latest).contains { $0.placement == .header })
    }
}
