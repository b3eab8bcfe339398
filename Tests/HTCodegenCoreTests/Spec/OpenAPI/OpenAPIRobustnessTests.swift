import Foundation
import Testing

@testable import HTCodegenCore

/// Odd documents never stop the reader: cycles of aliases, and every node of a full document replaced
/// by values of the wrong kind.
@Suite struct OpenAPIRobustnessTests {
    typealias T = OpenAPITestSupport

    @Test func aliasesThatOnlyReferToThemselvesAreAnyJSON() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                schemas: """
                        A: {$ref: '#/components/schemas/B'}
                        B: {$ref: '#/components/schemas/A'}
                        D: {type: array, items: {$ref: '#/components/schemas/D'}}
                        E: {$ref: '#/components/schemas/A'}
                    """))
        #expect(T.errors(diagnostics).isEmpty)
        let kinds = document.types.map { type -> String in
            if case .alias(let target) = type.kind { return "\(type.name)=\(target)" }
            return type.name
        }
        #expect(kinds == ["A=Variable", "B=A", "D=[Variable]", "E=A"])
        #expect(diagnostics.filter { $0.message.contains("only refers to itself") }.map(\.location.line) == [7, 9])
        // Resolving and rendering them works.
        let (api, resolveDiagnostics) = Resolver.resolve(document)
        #expect(api != nil)
        #expect(!resolveDiagnostics.contains { $0.severity == .error }, "\(resolveDiagnostics)")
    }

    /// Every path to a node of `node`.
    static func paths(in node: JSONNode, prefix: [Int] = []) -> [[Int]] {
        var result = [prefix]
        switch node.value {
        case .object(let members):
            for (index, member) in members.enumerated() { result += paths(in: member.value, prefix: prefix + [index]) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { result += paths(in: element, prefix: prefix + [index]) }
        default: break
        }
        return result
    }

    /// `node` with the node at `path` replaced by `replacement`.
    static func replacing(_ node: JSONNode, at path: ArraySlice<Int>, with replacement: JSONNode) -> JSONNode {
        guard let first = path.first else { return replacement }
        var copy = node
        switch node.value {
        case .object(var members):
            members[first].value = replacing(members[first].value, at: path.dropFirst(), with: replacement)
            copy.value = .object(members)
        case .array(var elements):
            elements[first] = replacing(elements[first], at: path.dropFirst(), with: replacement)
            copy.value = .array(elements)
        default: break
        }
        return copy
    }

    @Test func everyNodeOfPetstoreReplacedByOddValuesStillReads() throws {
        let root = try YAMLDocumentParser.parse(Array(OpenAPIOperationTests.petstore.utf8), file: "p.openapi.yaml").node
        let somewhere = SourceLocation(file: "p.openapi.yaml", line: 1, column: 1)
        let replacements: [JSONNode.Value] = [
            .null, .bool(true), .number("-1e999"), .string("#/components/schemas/Pet"), .array([]), .object([]),
            .object([
                JSONMember(
                    key: "$ref", keyLocation: somewhere, value: JSONNode(value: .string("#/"), location: somewhere))
            ]),
        ]
        var runs = 0
        for path in Self.paths(in: root).dropFirst() {
            for replacement in replacements {
                let mutated = Self.replacing(
                    root, at: path[...], with: JSONNode(value: replacement, location: somewhere))
                guard case .openAPI = SpecFormat.detect(mutated) else { continue }
                let (document, diagnostics) = OpenAPIReader.read(mutated, file: "p.openapi.yaml", path: nil)
                #expect(document != nil)
                // What reads without errors resolves and renders (no crash, no hang).
                if let document, !diagnostics.contains(where: { $0.severity == .error }),
                    let api = Resolver.resolve(document).0
                {
                    _ = SwiftRenderer.render(api, config: GeneratorConfig())
                }
                runs += 1
            }
        }
        #expect(runs > 1000)
    }
}
