import Foundation
import HTTestRequests
import HTTestSupport
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Request builder")
struct RequestBuilderTests {
    private func client(
        _ base: String = "https://api.example.com", headers: [String: String] = [:], timeout: TimeInterval = 60,
        encoding: HTBodyEncoding = .json
    ) throws -> HTClient {
        let configuration = HTClientConfiguration(
            baseURL: try TestSupport.url(base), defaultHeaders: headers, timeout: timeout, bodyEncoding: encoding)
        return HTClient(configuration: configuration, transport: HTMockTransport())
    }

    private func bodyJSON(_ request: URLRequest) throws -> HTJSON {
        try HTJSON(parsing: try #require(request.httpBody))
    }

    private func bodyText(_ request: URLRequest) throws -> String {
        String(decoding: try #require(request.httpBody), as: UTF8.self)
    }

    @Test("a :name path parameter is filled and removed from the query")
    func colonPathParameter() throws {
        let request = try client().urlRequest(for: GetUserRequest(id: 42, verbose: true))
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://api.example.com/users/42?verbose=true")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("{name} path parameters are filled, percent-encoded, and removed from the query")
    func bracePathParameters() throws {
        let remove = RemoveMemberRequest(groupId: "team a/b", memberId: 7, reason: "left")
        let request = try client().urlRequest(for: remove)
        #expect(request.httpMethod == "DELETE")
        #expect(request.url?.absoluteString == "https://api.example.com/groups/team%20a%2Fb/members/7?reason=left")
        #expect(request.httpBody == nil)
    }

    @Test("an action marker after a path parameter is kept; parameters follow it with &")
    func actionMarker() throws {
        let request = try client().urlRequest(for: EchoActionMarkerRequest(id: 7, creator: "ada"))
        #expect(request.url?.absoluteString == "https://api.example.com/echo/progroups/7?changecreator")
        #expect(try bodyJSON(request) == ["creator": "ada"])

        let braced = try client().urlRequest(for: EchoBraceMarkerRequest(id: "x y", to: 3))
        #expect(braced.url?.absoluteString == "https://api.example.com/echo/progroups/x%20y?action=move&to=3")

        var parameters: HTJSONObject = ["id": 7, "q": "a"]
        #expect(try HTRequestBuilder.fillPath("/a/:id?mark=1:2&b={c}", from: &parameters) == "/a/7?mark=1:2&b={c}")
        #expect(parameters == ["q": "a"])
    }

    @Test("a path parameter is removed from the body too")
    func pathParameterNotInBody() throws {
        let request = try client().urlRequest(for: UpdateUserRequest(id: 5, name: "Ada"))
        #expect(request.httpMethod == "PUT")
        #expect(request.url?.path == "/users/5")
        #expect(try bodyJSON(request) == ["name": "Ada"])
    }

    @Test("a missing path parameter is an invalidRequest error naming it")
    func missingPathParameter() throws {
        // An imported input is a model whose fields are all optional: the path parameter may be missing.
        let error = #expect(throws: HTNetworkingError.self) {
            _ = try client().urlRequest(for: FindUserRequest(userQuery: UserQuery { $0.verbose = true }))
        }
        guard case .invalidRequest(let message)? = error?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'id'"))
        #expect(error?.request.requestType == "FindUserRequest")
        #expect(error?.request.method == "GET")
        #expect(error?.description.contains("invalid request") == true)

        let remove = FindMemberRequest(memberQuery: MemberQuery { $0.groupId = "g" })
        let braceError = #expect(throws: HTNetworkingError.self) {
            _ = try client().urlRequest(for: remove)
        }
        guard case .invalidRequest(let braceMessage)? = braceError?.kind else {
            Issue.record("expected invalidRequest, got \(String(describing: braceError))")
            return
        }
        #expect(braceMessage.contains("memberId"))
    }

    @Test("GET parameters go in the query; arrays repeat the key; nested objects are JSON text")
    func getQuery() throws {
        let search = SearchRequest(q: "swift", tags: ["a", "b", "c"], page: 2, filter: ["min": 1])
        let request = try client().urlRequest(for: search)
        #expect(request.httpBody == nil)
        let items = TestSupport.queryItems(request.url)
        #expect(items.map(\.name) == ["q", "tags", "tags", "tags", "page", "filter"])
        #expect(items.map(\.value) == ["swift", "a", "b", "c", "2", #"{"min":1}"#])
        #expect(request.url?.query?.hasPrefix("q=swift&tags=a&tags=b&tags=c&page=2&filter=") == true)
    }

    @Test("query values are percent-encoded: spaces, unicode, & = + and #")
    func percentEncoding() throws {
        let request = try client().urlRequest(for: SearchRequest(q: "a b&c=d+e#f/ü😀"))
        #expect(request.url?.query == "q=a%20b%26c%3Dd%2Be%23f%2F%C3%BC%F0%9F%98%80")
        #expect(TestSupport.queryItems(request.url).first?.value == "a b&c=d+e#f/ü😀")
        #expect(HTFormEncoding.escape("-._~AZaz09") == "-._~AZaz09")
    }

    @Test("POST parameters are a JSON body by default")
    func postJSONBody() throws {
        let create = CreateUserRequest(name: "Ada Lovelace", age: 36, tags: ["x", "y"], address: ["city": "London"])
        let request = try client().urlRequest(for: create)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.example.com/users")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(
            try bodyText(request) == #"{"name":"Ada Lovelace","age":36,"tags":["x","y"],"address":{"city":"London"}}"#)
    }

    @Test("a form body, chosen by the client or by the request")
    func formBody() throws {
        let create = CreateUserRequest(name: "Ada Lovelace & co", tags: ["x", "y"], address: ["city": "London"])
        let byClient = try client(encoding: .form).urlRequest(for: create)
        #expect(
            byClient.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        let expected = "name=Ada%20Lovelace%20%26%20co&tags=x&tags=y&address=%7B%22city%22%3A%22London%22%7D"
        #expect(try bodyText(byClient) == expected)

        let byRequest = try client(encoding: .json).urlRequest(for: Customized(create, bodyEncoding: .form))
        #expect(
            byRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(try bodyText(byRequest) == expected)

        let jsonByRequest = try client(encoding: .form).urlRequest(for: Customized(create, bodyEncoding: .json))
        #expect(jsonByRequest.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(
            try bodyJSON(jsonByRequest) == [
                "name": "Ada Lovelace & co", "tags": ["x", "y"], "address": ["city": "London"],
            ])
    }

    @Test("a POST without parameters has no body and no Content-Type")
    func emptyBody() throws {
        let request = try client().urlRequest(for: CreateUserRequest())
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("header properties are never sent as parameters")
    func headerPropertiesExcluded() throws {
        let update = HeaderInParametersRequest(id: 1, name: "n", token: "secret-token")
        let request = try client().urlRequest(for: update)
        #expect(try bodyJSON(request) == ["name": "n"])
        #expect(request.value(forHTTPHeaderField: "X-Token") == "secret-token")
        #expect(request.url?.query == nil)
    }

    @Test("constant and variable headers; unset variable headers are not sent")
    func requestHeaders() throws {
        let withAuth = try client().urlRequest(for: GetUserRequest(id: 1, authorization: "Bearer abc"))
        #expect(withAuth.value(forHTTPHeaderField: "X-Client") == "test")
        #expect(withAuth.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        #expect(withAuth.url?.query == nil)

        let withoutAuth = try client().urlRequest(for: GetUserRequest(id: 1))
        #expect(withoutAuth.value(forHTTPHeaderField: "X-Client") == "test")
        #expect(withoutAuth.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("request headers override client default headers, whatever the case of the name")
    func headerOverride() throws {
        let client = try client(headers: [
            "X-Client": "default", "x-client": "lower", "X-Default": "d", "Accept": "text/plain",
        ])
        let request = try client.urlRequest(for: GetUserRequest(id: 1, authorization: "t"))
        #expect(request.value(forHTTPHeaderField: "X-Client") == "test")
        #expect(request.value(forHTTPHeaderField: "X-Default") == "d")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "t")
        // A client default replaces the built-in Accept.
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain")
        let fields = request.allHTTPHeaderFields ?? [:]
        #expect(fields.keys.filter { $0.lowercased() == "x-client" }.count == 1)
    }

    @Test("the timeout comes from the client unless the request sets one")
    func timeout() throws {
        let client = try client(timeout: 12)
        #expect(try client.urlRequest(for: SearchRequest()).timeoutInterval == 12)
        #expect(try client.urlRequest(for: Customized(SearchRequest(), timeout: 3.5)).timeoutInterval == 3.5)
        // Overridden as apps do: in an extension of the generated request (HostileRequests+Timeouts.swift).
        #expect(try client.urlRequest(for: ManyHeadersRequest(count: 1)).timeoutInterval == 30)
    }

    @Test("a base URL with a path prefix keeps the prefix, with or without a trailing slash")
    func basePathPrefix() throws {
        for base in [
            "https://api.example.com/api/v1", "https://api.example.com/api/v1/", "https://api.example.com/api/v1//",
        ] {
            let request = try client(base).urlRequest(for: GetUserRequest(id: 3))
            #expect(request.url?.absoluteString == "https://api.example.com/api/v1/users/3", "base \(base)")
        }
        let withPort = try client("http://127.0.0.1:8080").urlRequest(for: GetUserRequest(id: 3, verbose: false))
        #expect(withPort.url?.absoluteString == "http://127.0.0.1:8080/users/3?verbose=false")
    }

    @Test("an absolute URL path ignores the base URL and keeps its port")
    func absolutePath() throws {
        let urlRequest = try client("https://api.example.com/api").urlRequest(for: AbsoluteRequest(itemId: "a b"))
        #expect(urlRequest.url?.absoluteString == "https://files.example.com:8443/v2/items/a%20b")
    }

    @Test("a request's own base URL replaces the client's")
    func baseURLOverride() throws {
        let request = Customized(SearchRequest(), baseURL: try TestSupport.url("https://other.example.org/root"))
        let urlRequest = try client("https://api.example.com/api").urlRequest(for: request)
        #expect(urlRequest.url?.absoluteString == "https://other.example.org/root/search")
        #expect(
            try client("https://api.example.com/api").urlRequest(for: SearchRequest()).url?.absoluteString
                == "https://api.example.com/api/search")
    }

    @Test("literal path and query characters a URL cannot hold are percent-encoded, never a crash")
    func literalPathEscaping() throws {
        let request = LiteralPathRequest(page: 1)
        let urlRequest = try client("https://api.example.com/api").urlRequest(for: request)
        #expect(
            urlRequest.url?.absoluteString
                == "https://api.example.com/api/reports/%E7%BB%9F%E8%AE%A1%20%E6%8A%A5%E5%91%8A/%7B%7D%7Bhalf.json?view=full%20list&x=%41&page=1"
        )
        #expect(urlRequest.url?.path == "/api/reports/统计 报告/{}{half.json")
    }

    @Test("null and missing parameters are left out of the query")
    func nullParameters() throws {
        let request = try client().urlRequest(for: SearchRequest(q: "", filter: .null))
        #expect(request.url?.query == "q=")
    }

    @Test("HEAD sends parameters in the query, PATCH in the body")
    func methodsAndParameterPlacement() {
        #expect(HTHTTPMethod.get.sendsParametersInQuery)
        #expect(HTHTTPMethod.head.sendsParametersInQuery)
        #expect(HTHTTPMethod.delete.sendsParametersInQuery)
        #expect(!HTHTTPMethod.post.sendsParametersInQuery)
        #expect(!HTHTTPMethod.patch.sendsParametersInQuery)
        #expect(HTHTTPMethod(rawValue: "purge").rawValue == "PURGE")
    }
}
