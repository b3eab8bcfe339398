import Foundation
import Testing

@testable import HTNetworking

/// `{name}` inside a segment (`/posts/{id}.json`, OpenAPI's style; issue #26): filled in place, each
/// value escaped so it stays in its segment, and a segment that would become a dot segment refused.
@Suite("Path parameters inside a segment")
struct PathSegmentParameterTests {
    private func fill(_ template: String, _ parameters: HTJSONObject) throws(HTRequestBuilder.PathError) -> (
        String, HTJSONObject
    ) {
        var remaining = parameters
        let path = try HTRequestBuilder.fillPath(template, from: &remaining)
        return (path, remaining)
    }

    @Test func parametersAreFilledWhereverTheySit() throws {
        let (path, remaining) = try fill(
            "/posts/{id}.json/v{major}.{minor}/{id}", ["id": "a/b?c", "major": 1, "minor": 2, "page": 3])
        #expect(path == "/posts/a%2Fb%3Fc.json/v1.2/a%2Fb%3Fc")
        #expect(remaining == ["page": 3])
    }

    @Test func bracesThatNameNothingAreLiteral() throws {
        #expect(PathTemplateRules.pieces(of: "{}") == [.literal("{}")])
        #expect(PathTemplateRules.pieces(of: "x{half") == [.literal("x{half")])
        #expect(PathTemplateRules.pieces(of: "{{id}}") == [.literal("{"), .parameter("id"), .literal("}")])
        #expect(PathTemplateRules.pieces(of: ":id") == [.parameter("id")])
        #expect(PathTemplateRules.pieces(of: "rule:id") == [.literal("rule:id")])
        let (path, _) = try fill("/a/{}/{{id}}", ["id": 7])
        #expect(path == "/a/{}/{7}")
    }

    @Test func aSegmentThatWouldChangeThePathIsRefused() {
        let cases: [(String, HTJSONObject)] = [
            ("/a/{x}{y}/b", ["x": ".", "y": "."]), ("/a/{x}/b", ["x": ".."]), ("/a/{x}{y}", ["x": "", "y": ""]),
        ]
        for (template, values) in cases {
            #expect(throws: HTRequestBuilder.PathError.self, "\(template)") { _ = try fill(template, values) }
        }
        // A dot beside other text is an ordinary segment.
        #expect((try? fill("/a/{x}.json", ["x": "."]))?.0 == "/a/..json")
    }

    @Test func aMissingValueNamesTheParameter() {
        do {
            _ = try fill("/posts/{id}.json", [:])
            Issue.record("filled without a value")
        } catch {
            #expect(error.message.contains("'id'"))
        }
    }
}
