import Foundation
import Testing

@_spi(Generated) @testable import HTNetworking

/// OpenAPI's `label` and `matrix` path styles, and `simple` exploded: a path parameter named with the
/// RFC 6570 operator of its style (`{.id}`, `{;id*}`) is filled as the OpenAPI style table says (issue
/// #38, part 7); and the other parameter styles the runtime writes for generated requests.
@Suite struct PathStyleTests {
    private func fill(_ name: String, _ value: HTJSON) throws(HTRequestBuilder.PathError) -> String {
        var parameters: HTJSONObject = ["id": value, "page": 2]
        let path = try HTRequestBuilder.fillPath("/items/{\(name)}", from: &parameters)
        #expect(parameters == ["page": 2], "the value is used once, never sent again")
        return String(path.dropFirst("/items/".count))
    }

    @Test func theStyleTableOfOpenAPI() throws {
        let point: HTJSON = ["x": 1, "y": 2]
        let rows: [(String, [String])] = [
            // The template name: 5, [3, 4], {x: 1, y: 2}.
            ("id*", ["5", "3,4", "x=1,y=2"]),
            (".id", [".5", ".3,4", ".x,1,y,2"]),
            (".id*", [".5", ".3.4", ".x=1.y=2"]),
            (";id", [";id=5", ";id=3,4", ";id=x,1,y,2"]),
            (";id*", [";id=5", ";id=3;id=4", ";x=1;y=2"]),
        ]
        for (name, expected) in rows {
            #expect(try [fill(name, 5), fill(name, [3, 4]), fill(name, point)] == expected, "{\(name)}")
        }
        // Plain `{id}` is the scalar's text (generated requests join arrays and objects themselves).
        #expect(try fill("id", 5) == "5")
    }

    @Test func namesAndValuesAreEscapedSoNoValueAddsADelimiter() throws {
        #expect(try fill(";id", "a;b=c,d/e") == ";id=a%3Bb%3Dc%2Cd%2Fe")
        #expect(try fill(".id*", ["a.b", "c d"]) == ".a.b.c%20d")
        #expect(try fill(";id*", ["k=": "v;"]) == ";k%3D=v%3B")
        // RFC 6570: an empty matrix value is the name alone.
        #expect(try fill(";id", "") == ";id")
    }

    @Test func aParameterOfTheWholeNameComesFirst() throws {
        var parameters: HTJSONObject = [";id": "whole", "id": "part"]
        #expect(try HTRequestBuilder.fillPath("/a/{;id}", from: &parameters) == "/a/whole")
        #expect(parameters == ["id": "part"])
    }

    @Test func aMissingOrNullValueOrADotSegmentIsRefused() {
        #expect(throws: HTRequestBuilder.PathError.self) { _ = try fill(".id", .null) }
        var missing: HTJSONObject = [:]
        #expect(throws: HTRequestBuilder.PathError.self) {
            _ = try HTRequestBuilder.fillPath("/a/{;id}", from: &missing)
        }
        #expect(throws: HTRequestBuilder.PathError.self) { _ = try fill(".id", "") }
    }

    @Test func deepObjectsNestAndJSONContentIsText() {
        var parameters = HTJSONObject()
        HTParameterStyles.appendDeepObject("filter", ["a": 1, "b": ["c": 2], "tags": ["x", "y"]], to: &parameters)
        #expect(parameters == ["filter[a]": 1, "filter[b][c]": 2, "filter[tags]": ["x", "y"]])
        #expect(
            HTFormEncoding.encode(parameters)
                == "filter%5Ba%5D=1&filter%5Bb%5D%5Bc%5D=2&filter%5Btags%5D=x&filter%5Btags%5D=y")
        #expect(HTParameterStyles.jsonText(["min": 1]) == .string(#"{"min":1}"#))
    }

    @Test func cookiesAreSentAsRFC6265Allows() {
        var headers: [String: String] = ["Cookie": "a=1"]
        HTParameterStyles.appendCookie("token", "c2Vz+/=", to: &headers)
        HTParameterStyles.appendCookie("note", "x; admin=1, \"q\"\\é", to: &headers)
        HTParameterStyles.appendCookie("na=me", 5, to: &headers)
        #expect(headers["Cookie"] == "a=1; token=c2Vz+/=; note=x%3B%20admin=1%2C%20%22q%22%5C%C3%A9; na%3Dme=5")
    }
}
