import Foundation
import Testing

@testable import HTCodegenCore

/// Every operation of the shared OpenAPI corpus (`$HT_CORPUS/openapi/`: Box, Discourse, Azure, the
/// specification's examples) gets a mock answer that its resolved types accept (``MockChecker``):
/// compiling Box's generated code in a test would take minutes.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
        "HT_CORPUS is not set; point it at the shared data folder (with openapi/) to check the corpus's mock answers"))
struct MockCorpusTests {
    @Test func everyOperationOfTheCorpusGetsAnAnswerItsTypesAccept() throws {
        let corpus = try #require(ProcessInfo.processInfo.environment["HT_CORPUS"])
        let folder = URL(filePath: corpus).appending(path: "openapi")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 8)
        var total = (operations: 0, json: 0)
        for name in names {
            let (document, _) = Generator.readSpec(at: folder.appending(path: name).path, displayPath: name)
            let (resolved, diagnostics) = Generator.resolve(try #require(document), config: GeneratorConfig())
            #expect(!diagnostics.contains { $0.severity == .error }, "\(name)")
            let api = try #require(resolved)
            let checker = MockChecker(api)
            var json = 0
            for request in api.requests {
                let answer = MockAnswer.make(for: request, in: api)
                let again = MockAnswer.make(for: request, in: api)
                #expect(answer.body == again.body, "\(name) \(request.method) \(request.path): not deterministic")
                let problems = answer.problems(checker)
                #expect(problems.isEmpty, "\(name) \(request.method) \(request.path): \(problems.prefix(3))")
                if answer.json != nil { json += 1 }
            }
            print("\(name): \(api.requests.count) operations answered, \(json) with JSON bodies")
            total.operations += api.requests.count
            total.json += json
        }
        print("mock answers: \(total.operations) operations, \(total.json) JSON bodies, all accepted by their types")
    }
}
