import Testing

@testable import HTCodegenCore

/// YAML features that silently changed, or multiplied, what a spec says (issue #35, item 9): a merge
/// key (`<<`), which YAML 1.2 does not have, is a positioned warning; the text aliases repeat is
/// bounded by the file's size (`YAMLDocumentParser.maxAliasBytes(forStreamOf:)`).
@Suite struct YAMLAliasAmplificationTests {
    static func parse(_ text: String) throws -> (node: JSONNode, warnings: [Diagnostic]) {
        try YAMLDocumentParser.parse(Array(text.utf8), file: "spec.yaml")
    }

    @Test func mergeKeyIsAPositionedWarning() throws {
        let text = """
            base: &base {type: string, description: Shared.}
            block:
              <<: *base
              format: email
            flow: {<<: *base, x: 1}
            sequence: [<<: *base]
            quoted: {'<<': kept}
            """
        let (root, warnings) = try Self.parse(text)
        #expect(
            warnings.map { "\($0.location.line):\($0.location.column)" } == ["3:3", "5:8", "6:12"], "\(warnings)")
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("merge key") })
        // Nothing is merged: the mapping has the key '<<' and its own keys.
        #expect(root["block"]?.value.objectMembers?.map(\.key) == ["<<", "format"])
    }

    @Test func mergeKeyInAnOpenAPIDocumentIsReported() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Merge, version: "1"}
            paths: {}
            components:
              schemas:
                Base: &base {type: object, properties: {id: {type: string}}}
                Pet:
                  <<: *base
                  description: A pet.
            """
        let (_, diagnostics) = try OpenAPITestSupport.read(document)
        #expect(
            diagnostics.contains {
                $0.severity == .warning && $0.message.contains("merge key") && $0.location.line == 8
                    && $0.location.column == 7
            }, "\(diagnostics)")
    }

    /// A document with a description of `size` bytes anchored once and aliased `uses` times.
    static func aliasedDescription(size: Int, uses: Int) -> String {
        var text = "openapi: 3.1.0\ninfo: {title: Big, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n"
        text += "    Base:\n      type: object\n      description: &text " + String(repeating: "x", count: size) + "\n"
        for index in 0..<uses {
            text += "    S\(index):\n      type: object\n      description: *text\n"
        }
        return text
    }

    @Test func aliasedLargeDescriptionIsBoundedByTheFilesSize() throws {
        // 256 KB repeated 400 times: 104 MB of generated Swift before the bound.
        let text = Self.aliasedDescription(size: 256 * 1024, uses: 400)
        let limit = YAMLDocumentParser.maxAliasBytes(forStreamOf: text.utf8.count)
        #expect(limit == 8 * text.utf8.count)
        let error = try #require(YAMLDocumentParserTests.error(text))
        #expect(error.message.hasPrefix("aliases repeat more than \(limit) bytes of text"), "\(error.message)")
        // At the alias that crosses the limit: the 9th use (8 × the file is 8 uses and a little).
        #expect(error.location.line == 8 + 3 * 8 + 3, "\(error.location)")
        #expect(error.location.column == 20)
        do {
            _ = try Generator.generate(specBytes: Array(text.utf8), file: "big.openapi.yaml", config: GeneratorConfig())
            Issue.record("a document whose aliases multiply it generated")
        } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("aliases repeat more than") == true)
        }
    }

    @Test func aliasesWithinTheBoundStillWork() throws {
        // 10 KB used 50 times (500 KB) in a 12 KB file: under the 1 MiB floor.
        let text = Self.aliasedDescription(size: 10 * 1024, uses: 50)
        let (root, warnings) = try Self.parse(text)
        #expect(warnings.isEmpty)
        #expect(root["components"]?.value["schemas"]?.value.objectMembers?.count == 51)
        // Nested aliases count with what they repeat: 4 KB × 4 × 4 × 4 × 4 = 1 MiB, just over the floor.
        var nested = "a: &a " + String(repeating: "y", count: 4096) + "\n"
        for (index, name) in "bcde".enumerated() {
            let previous = Array("abcde")[index]
            nested += "\(name): &\(name) [*\(previous), *\(previous), *\(previous), *\(previous)]\n"
        }
        let error = try #require(YAMLDocumentParserTests.error(nested))
        #expect(error.message.hasPrefix("aliases repeat more than \(1 << 20) bytes"), "\(error.message)")
        #expect(error.location.line == 5)
    }
}
