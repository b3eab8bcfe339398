import Foundation
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request builder sets header fields in one go; the result must be what `setValue` in order makes.
@Suite("Header fields: one assignment, the same fields as setValue in order")
struct HeaderFieldsTests {
    static let cases: [[(name: String, value: String)]] = [
        [("Accept", "application/json")],
        [("Content-Type", "application/json"), ("Accept", "application/json"), ("accept", "text/plain")],
        [("x-api-key", "k1"), ("X-API-KEY", "k2"), ("X-Request-ID", "r"), ("authorization", "Bearer t")],
        [("Accept", "a"), ("content-type", "b"), ("CONTENT-TYPE", "c"), ("Accept-Language", "zh-CN")],
        [("Cookie", "a=b"), ("if-none-match", "\"v1\""), ("If-None-Match", "\"v2\"")],
    ]

    @Test("each case: the same dictionary both ways, also over fields already set")
    func sameFields() throws {
        let url = try #require(URL(string: "https://example.com/x"))
        for fields in Self.cases {
            for preset in [[:], ["ACCEPT": "old", "X-Old": "1"]] as [[String: String]] {
                var expected = URLRequest(url: url)
                var actual = URLRequest(url: url)
                for (name, value) in preset {
                    expected.setValue(value, forHTTPHeaderField: name)
                    actual.setValue(value, forHTTPHeaderField: name)
                }
                for (name, value) in fields { expected.setValue(value, forHTTPHeaderField: name) }
                HTHeaderFields.apply(fields, to: &actual)
                #expect(actual.allHTTPHeaderFields == expected.allHTTPHeaderFields, "\(fields) over \(preset)")
            }
        }
    }
}
