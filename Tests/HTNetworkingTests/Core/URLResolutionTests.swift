import Foundation
import Testing

@testable import HTNetworking

/// The request builder writes the common URL (a relative path on a base URL without a query) as text
/// and parses it once; it must be exactly the URL `URLComponents` makes, which it still uses for the
/// rest.
@Suite("URL resolution: the text route makes the URLComponents URL")
struct URLResolutionTests {
    static let bases = [
        "https://example.com", "https://example.com/", "https://example.com/api", "https://example.com/api/",
        "https://example.com//api//", "http://127.0.0.1:8080/v1", "https://user:pw@example.com/a%20b/",
        "https://[::1]:8443/root", "https://例え.jp/パス/", "http://example.com:80",
    ]
    static let paths = [
        "/users", "users", "", "/", "/users/42/posts", "/progroups/7?changecreator", "/users?cpwd", "/a b/ü",
        "/search?", "/x?a=1&b=%20", "/files/{not a param}", "//double", "/trailing/",
    ]
    static let queries: [String?] = [nil, "", "page=2", "q=a%20b&tags=x&tags=y"]

    @Test("every base, path and query: the same URL both ways")
    func sameURL() throws {
        for base in Self.bases {
            let baseURL = try #require(URL(string: base), "\(base)")
            for path in Self.paths {
                for query in Self.queries {
                    var components = HTRequestBuilder.resolve(path: path, against: baseURL)
                    if let query, components != nil {
                        let existing = components?.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
                        components?.percentEncodedQuery = existing + query
                    }
                    let expected = components?.url?.absoluteString
                    guard case .url(let url) = HTRequestBuilder.resolve(path: path, query: query, against: baseURL)
                    else {
                        #expect(expected == nil, "\(base) + \(path) + \(query ?? "nil")")
                        continue
                    }
                    #expect(url.absoluteString == expected, "\(base) + \(path) + \(query ?? "nil")")
                }
            }
        }
    }
}
