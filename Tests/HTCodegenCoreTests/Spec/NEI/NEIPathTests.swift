import Testing

@testable import HTCodegenCore

/// NEI paths with an action marker (`/api/progroups/:id?changecreator`), malformed paths
/// (`/api/rule:id`) and names with control characters, in the shape of NEI v3.x exports.
@Suite struct NEIPathTests {
    /// A v3.x export with marker paths (`:id?marker`, `?marker` alone, `{id}?key=value`), two malformed
    /// paths, and an input whose name holds a backspace (written `\b` in the JSON).
    static let export = #"""
        {
          "project": {"id": 1, "name": "Groups"},
          "templates": [], "pages": [], "constraints": [], "groups": [], "cliargs": [], "specs": [],
          "datatypes": [
            {"id": 10002, "type": 1, "name": "Number", "format": 4, "params": []}
          ],
          "interfaces": [
            {"id": 200, "name": "修改项目组创建者", "className": "ChangeCreator", "path": "/api/progroups/:id?changecreator", "method": "PUT",
             "params": {"inputs": [
               {"id": 1, "type": 10002, "name": "id", "isArray": 0},
               {"id": 2, "type": 10001, "name": "creator", "isArray": 0}],
               "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 201, "name": "修改密码", "className": "ChangePassword", "path": "/api/users?cpwd", "method": "POST",
             "params": {"inputs": [
               {"id": 3, "type": 10001, "name": "old\bPwd", "isArray": 0, "description": "旧密码"},
               {"id": 4, "type": 10001, "name": "newPwd", "isArray": 0}],
               "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 202, "name": "移动", "className": "MoveItem", "path": "/api/items/{itemId}?action=move&force=1", "method": "GET",
             "params": {"inputs": [{"id": 5, "type": 10002, "name": "to", "isArray": 0}], "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 203, "name": "规则", "className": "GetRule", "path": "/api/rule:id", "method": "GET",
             "params": {"inputs": [{"id": 6, "type": 10002, "name": "id", "isArray": 0}], "outputs": [], "reqHeaders": [], "resHeaders": []}},
            {"id": 204, "name": "页面", "className": "GetPage", "path": "/api/pages:/id", "method": "GET",
             "params": {"inputs": [], "outputs": [], "reqHeaders": [], "resHeaders": []}}
          ]
        }
        """#

    static func at(_ marker: String) -> String {
        "\(NEIImportTests.location(of: marker, in: export))"
    }

    @Test func pathParametersStopAtTheMarker() {
        #expect(Resolver.pathParameters(in: "/api/progroups/:id?changecreator") == ["id"])
        #expect(Resolver.pathParameters(in: "/api/progroups/{id}?changecreator") == ["id"])
        #expect(Resolver.pathParameters(in: "/api/users?cpwd") == [])
        #expect(Resolver.pathParameters(in: "/a/:x/b/{y}?k=v:w&z={q}") == ["x", "y"])
        #expect(Resolver.pathParameters(in: "http://h:8080/a/:id?m") == ["id"])
        #expect(Resolver.pathParameters(in: "/api/rule:id") == [])
        #expect(PathTemplate("/api/rule:id").oddSegments == ["rule:id"])
        #expect(PathTemplate("/api/pages:/id").oddSegments == ["pages:"])
        #expect(PathTemplate("/a/x{id}?y").shownAsSent == "/a/x{id}?y")
        #expect(PathTemplate("/a/x{id}.json/{}").parameters == ["id"])
        #expect(PathTemplate("/a/{}?y").shownAsSent == "/a/%7B%7D?y")
        #expect(PathTemplate("http://h:8080/a/:id?m").oddSegments.isEmpty)
    }

    @Test func markerPathsReadAndResolve() throws {
        let (document, readDiagnostics) = NEIImportTests.read(Self.export)
        let interfaces = try #require(document).interfaces
        let inputs = Dictionary(
            uniqueKeysWithValues: interfaces.map { interface -> (String, [String]) in
                guard case .fields(let fields) = interface.inputs else { return (interface.name, []) }
                return (interface.name, fields.map(\.name))
            })
        // The parameter is `id`, not `id?changecreator`; the path is kept whole.
        #expect(inputs["ChangeCreator"] == ["id", "creator"])
        #expect(interfaces.first { $0.name == "ChangeCreator" }?.path == "/api/progroups/:id?changecreator")
        // The control character stays in the key.
        #expect(inputs["ChangePassword"] == ["old\u{8}Pwd", "newPwd"])
        // A `{name}` parameter before a marker with values, missing from the inputs, is added as `itemId`.
        #expect(inputs["MoveItem"] == ["to", "itemId"])
        #expect(
            readDiagnostics.map(\.description) == [
                #"\#(Self.at("\"old\\bPwd\"")): warning: the name "old\u{8}Pwd" of a field of interface 'ChangePassword' (inputs) holds a control character; the JSON key keeps it exactly, the Swift property's name leaves it out"#,
                "\(Self.at("\"/api/items/{itemId}?action=move&force=1\"")): warning: the path parameter 'itemId' of interface 'MoveItem' is not among its inputs; it is added as a String input",
            ])

        let (api, diagnostics) = Resolver.resolve(try #require(document))
        #expect(api != nil)
        #expect(
            diagnostics.map(\.description) == [
                "\(Self.at("\"/api/rule:id\"")): warning: the path segment 'rule:id' is not a path parameter (a parameter is a whole segment ':name' or '{name}'); it is sent literally: GET /api/rule:id",
                "\(Self.at("\"/api/pages:/id\"")): warning: the path segment 'pages:' is not a path parameter (a parameter is a whole segment ':name' or '{name}'); it is sent literally: GET /api/pages:/id",
            ])
    }

    @Test func v0MarkerPathAddsTheParameterWithoutTheMarker() throws {
        let text = NEIImportTests.v0(
            datatypes: #"{"id": 1, "name": "A", "format": 0}"#,
            interfaces: #"{"name": "Move", "path": "/a/:id?move=1", "method": 2, "inputs": [], "outputs": []}"#)
        let (document, diagnostics) = NEIImportTests.read(text)
        let move = try #require(document?.interfaces.first)
        guard case .fields(let fields) = move.inputs else {
            Issue.record("expected fields, got \(move.inputs)")
            return
        }
        #expect(fields.map(\.name) == ["id"])
        #expect(move.path == "/a/:id?move=1")
        #expect(
            diagnostics.map(\.description) == [
                "\(NEIImportTests.location(of: "\"/a/:id?move=1\"", in: text)): warning: the path parameter 'id' of interface 'Move' is not among its inputs; it is added as a String input"
            ])
    }

    @Test func markerPathsRender() throws {
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(Self.export.utf8), file: "groups.nei.json", config: GeneratorConfig())
        #expect(!diagnostics.contains { $0.severity == .error })
        let requests = try #require(files.contents.first { $0.name == "groups+Requests.swift" }).text
        #expect(requests.contains(#"internal static var path: String { "/api/progroups/:id?changecreator" }"#))
        #expect(requests.contains(#"internal static var path: String { "/api/users?cpwd" }"#))
        #expect(requests.contains(#"internal static var path: String { "/api/items/{itemId}?action=move&force=1" }"#))
        #expect(requests.contains(#"internal static var path: String { "/api/rule:id" }"#))
        #expect(requests.contains("internal var oldPwd: String?"))
        #expect(requests.contains(#""old\u{8}Pwd""#))
        #expect(!requests.contains("\u{8}"))
        #expect(!requests.contains("changecreator:"))
    }
}
