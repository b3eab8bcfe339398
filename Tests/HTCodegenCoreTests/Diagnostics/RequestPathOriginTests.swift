import Testing

@testable import HTCodegenCore

/// A request path never names a host (issue #35, item 2): the generated request always goes to the
/// client's base URL. An OpenAPI path key must start with `/`, a native path must not be an absolute
/// URL or start with `//`, and an NEI path is made relative (`api/x` → `/api/x`; the origin of
/// `http://127.0.0.1/api/x`, a mock server's address, is dropped with a warning).
@Suite struct RequestPathOriginTests {
    /// Generates `spec` named `file` and returns every diagnostic as printed, and the requests file
    /// when it generated.
    func generate(_ spec: String, file: String) -> (diagnostics: [String], requests: String?) {
        do {
            let (files, warnings) = try Generator.generate(
                specBytes: Array(spec.utf8), file: file, config: GeneratorConfig())
            return (warnings.map(\.description), files.contents.first { $0.name.hasSuffix("+Requests.swift") }?.text)
        } catch {
            return (error.diagnostics.map(\.description), nil)
        }
    }

    static func openAPI(pathKey: String) -> String {
        """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          \(pathKey):
            get:
              operationId: steal
              responses: {'204': {description: None.}}
        """
    }

    @Test(arguments: [
        "'http://other.host/x'", "'//other.host/x'", "'HTTPS://other.host:8443/x'", "'x/y'", "'{host}/x'",
    ])
    func openAPIPathKeyThatDoesNotStartWithASlashIsAnError(key: String) {
        let (diagnostics, requests) = generate(Self.openAPI(pathKey: key), file: "api.openapi.yaml")
        #expect(requests == nil, "generated: \(requests ?? "")")
        let shown = String(key.dropFirst().dropLast())
        let expected =
            shown.hasPrefix("//")
            ? "api.openapi.yaml:4:3: error: the path '\(shown)' names a host; a path is relative to the client's base URL and starts with a single '/' (send to another host with a per-request base URL)"
            : "api.openapi.yaml:4:3: error: the path key '\(shown)' does not start with '/'; OpenAPI path keys are relative to the server URL and start with '/'"
        #expect(diagnostics == [expected], "\(diagnostics)")
    }

    @Test func openAPIPathWhoseQueryTheRuntimeWouldReadAsAURLIsAnError() {
        let (diagnostics, requests) = generate(
            Self.openAPI(pathKey: "'/x?next=http://other.host/'"), file: "api.openapi.yaml")
        #expect(requests == nil)
        #expect(
            diagnostics == [
                "api.openapi.yaml:4:3: error: the path '/x?next=http://other.host/' holds '://', so it would be sent as an absolute URL; a path is relative to the client's base URL (send to another host with a per-request base URL)"
            ], "\(diagnostics)")
    }

    @Test func openAPIRelativePathStillGenerates() {
        let (diagnostics, requests) = generate(Self.openAPI(pathKey: "/x/{id}"), file: "api.openapi.yaml")
        #expect(requests?.contains("static var path: String { \"/x/{id}\" }") == true, "\(diagnostics)")
    }

    static func native(path: String) -> String {
        """
        {"htspec": 1,
         "interfaces": {"Steal": {"method": "GET",
           "path": "\(path)"}}}
        """
    }

    @Test(arguments: ["http://other.host/x", "https://other.host:8443/v2/:id", "//other.host/x", "/a://c"])
    func nativeAbsolutePathIsAnError(path: String) {
        let (diagnostics, requests) = generate(Self.native(path: path), file: "x.htspec.json")
        #expect(requests == nil, "generated: \(requests ?? "")")
        let reason =
            path.hasPrefix("//")
            ? "names a host; a path is relative to the client's base URL and starts with a single '/'"
            : "holds '://', so it would be sent as an absolute URL; a path is relative to the client's base URL"
        #expect(
            diagnostics.contains(
                "x.htspec.json:3:12: error: the path '\(path)' \(reason) (send to another host with a per-request base URL)"
            ), "\(diagnostics)")
    }

    @Test func nativeRelativePathsStillGenerate() {
        for path in ["/users", "users"] {
            let (diagnostics, requests) = generate(Self.native(path: path), file: "x.htspec.json")
            #expect(requests?.contains("static var path: String { \"\(path)\" }") == true, "\(diagnostics)")
        }
    }

    static let nei = #"""
        {
          "project": {"id": 1, "name": "Hosts"},
          "templates": [], "pages": [], "constraints": [], "groups": [], "cliargs": [], "specs": [], "datatypes": [],
          "interfaces": [
            {"id": 1, "name": "无斜杠", "className": "", "path": "user/list", "method": "GET",
             "params": {"inputs": [], "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 2, "name": "", "className": "", "path": "http://127.0.0.1:8080/api/get/address2", "method": "POST",
             "params": {"inputs": [], "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 3, "name": "Protocol", "className": "", "path": "//other.host/x/:id", "method": "GET",
             "params": {"inputs": [], "outputs": [], "reqHeaders": [], "resHeaders": []}}
          ]
        }
        """#

    @Test func neiPathsAreMadeRelativeToTheBaseURL() throws {
        let (diagnostics, requests) = generate(Self.nei, file: "x.nei.json")
        let text = try #require(requests, "\(diagnostics)")
        #expect(text.contains("static var path: String { \"/user/list\" }"))
        #expect(text.contains("static var path: String { \"/api/get/address2\" }"))
        #expect(text.contains("static var path: String { \"/x/:id\" }"))
        #expect(!text.contains("127.0.0.1"))
        #expect(!text.contains("other.host"))
        // The derived name does not change with the origin dropped.
        #expect(text.contains("struct HTPostApiGetAddress2Request"))
        let at = { (marker: String) in NEIImportTests.location(of: marker, in: Self.nei) }
        #expect(
            diagnostics.filter { $0.contains("origin") } == [
                "\(at("\"http://127.0.0.1:8080/api/get/address2\"")): warning: the path's origin 'http://127.0.0.1:8080' is dropped: generated requests go to the client's base URL (send to another host with a per-request base URL)",
                "\(at("\"//other.host/x/:id\"")): warning: the path's origin '//other.host' is dropped: generated requests go to the client's base URL (send to another host with a per-request base URL)",
            ], "\(diagnostics)")
    }
}
