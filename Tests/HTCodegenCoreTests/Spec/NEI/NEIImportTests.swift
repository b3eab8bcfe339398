import Foundation
import Testing

@testable import HTCodegenCore

/// The NEI importers: format detection, the v0.x and v3.x readers, and how their documents resolve and
/// render. The fixtures are small, self-contained exports written for these tests; the real exports are
/// checked by ``NEICorpusTests``.
@Suite struct NEIImportTests {
    // MARK: Helpers

    /// Parses `text` (named `file`) and reads it with the reader its format selects.
    static func read(_ text: String, file: String = "x.nei.json") -> (SpecDocument?, [Diagnostic]) {
        Generator.parseSpec(Array(text.utf8), file: file)
    }

    /// The position of the first character of the `occurrence`-th `marker` in `text` (columns count
    /// Unicode scalars, as the parser does).
    static func location(of marker: String, in text: String, occurrence: Int = 1, file: String = "x.nei.json")
        -> HTCodegenCore.SourceLocation
    {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let range = text.range(of: marker, range: searchStart..<text.endIndex) else {
                Issue.record("marker \(marker) not found in the fixture")
                return HTCodegenCore.SourceLocation(file: file, line: 0, column: 0)
            }
            found = range
            searchStart = range.upperBound
        }
        guard let start = found?.lowerBound else { return HTCodegenCore.SourceLocation(file: file, line: 0, column: 0) }
        let before = text[..<start]
        let line = before.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let column = text.unicodeScalars[lineStart..<start].count + 1
        return HTCodegenCore.SourceLocation(file: file, line: line, column: column)
    }

    static func type(_ name: String, in document: SpecDocument?) -> TypeDecl? {
        document?.types.first { $0.name == name }
    }

    static func interface(_ name: String, in document: SpecDocument?) -> InterfaceDecl? {
        document?.interfaces.first { $0.name == name }
    }

    static func fields(of type: TypeDecl?) -> [FieldDecl] {
        if case .hash(let fields)? = type?.kind { return fields }
        return []
    }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    // MARK: Fixtures

    /// A v0.x export: system types listed, attributes before the datatypes they belong to, every method
    /// number, an imported envelope, an imported input, headers, the three kinds of path.
    static let v0 = #"""
        {
          "project": {"id": 1, "name": "Demo", "group": "g"},
          "timestamp": 1455622309682,
          "pages": [], "templates": [],
          "attributes": [
            {"id": 1, "name": "province", "type": 10001, "isArray": 0, "description": "省", "parentId": 200, "vkey": "", "defaultValue": "浙江"},
            {"id": 2, "name": "zip", "type": 10002, "isArray": 0, "description": "", "parentId": 200, "vkey": "", "defaultValue": ""},
            {"id": 3, "name": "code", "type": 10002, "isArray": 0, "parentId": 201},
            {"id": 4, "name": "errorMsg", "type": 10001, "isArray": 0, "parentId": 201},
            {"id": 5, "name": "data", "type": 10000, "isArray": 0, "parentId": 201},
            {"id": 6, "name": "200", "type": 10000, "isArray": 0, "description": "成功", "parentId": 202, "vkey": "ok"},
            {"id": 7, "name": "500", "type": 10000, "isArray": 0, "description": "", "parentId": 202, "vkey": "failed"},
            {"id": 8, "name": "secret", "type": 10001, "isArray": 0, "parentId": 204},
            {"id": 9, "name": "tags", "type": 203, "isArray": 0, "parentId": 205},
            {"id": 10, "name": "history", "type": 200, "isArray": 1, "parentId": 205},
            {"id": 11, "name": "status", "type": 202, "isArray": 0, "parentId": 205},
            {"id": 12, "name": "internal", "type": 204, "isArray": 0, "parentId": 205},
            {"id": 13, "name": "other", "type": 10001, "isArray": 0, "parentId": 206}
          ],
          "datatypes": [
            {"id": 10001, "name": "String", "format": 0, "subtype": 0, "description": "字符串"},
            {"id": 10000, "name": "Variable", "format": 0, "subtype": 0, "description": "可变类型"},
            {"id": 200, "name": "Address", "format": 0, "subtype": 0, "description": "地址信息"},
            {"id": 201, "name": "ResultData", "format": 0, "subtype": 0, "description": ""},
            {"id": 202, "name": "Status", "format": 1, "subtype": 0, "description": "状态"},
            {"id": 203, "name": "Tags", "format": 2, "subtype": 10001, "description": ""},
            {"id": 204, "name": "_Internal", "format": 0, "subtype": 0, "description": ""},
            {"id": 205, "name": "Profile", "format": 0, "subtype": 0},
            {"id": 206, "name": "_Unused", "format": 0, "subtype": 0}
          ],
          "interfaces": [
            {"id": 300, "name": "认真", "className": "Authorize", "path": "/authorize", "method": 0, "isRest": 1,
             "inputs": [], "headers": [],
             "outputs": [
               {"id": 3, "datatypeId": 201, "datatypeName": "ResultData", "name": "code", "originalType": 10002, "type": 10002, "isArray": 0},
               {"id": 4, "datatypeId": 201, "datatypeName": "ResultData", "name": "errorMsg", "originalType": 10001, "type": 10001, "isArray": 0},
               {"id": 5, "datatypeId": 201, "datatypeName": "ResultData", "name": "data", "originalType": 10000, "type": 200, "isArray": 1}
             ]},
            {"id": 301, "name": "TestRequestHeader", "className": "", "path": "/test/request/header", "method": 0,
             "inputs": [{"id": 20, "name": "user", "type": 10001, "isArray": 0, "description": "用户"}],
             "outputs": [],
             "headers": [
               {"name": "Content-Type", "type": 10001, "defaultValue": "application/json", "description": ""},
               {"name": "Cookie", "type": 10001, "defaultValue": "", "description": "会话"},
               {"name": "UserInfo", "type": 10001, "defaultValue": ""}
             ]},
            {"id": 302, "name": "添加地址", "className": "", "path": "api/address/add", "method": 2,
             "inputs": [
               {"id": 1, "datatypeId": 200, "datatypeName": "Address", "name": "province", "originalType": 10001, "type": 10001, "isArray": 0},
               {"id": 2, "datatypeId": 200, "datatypeName": "Address", "name": "zip", "originalType": 10002, "type": 10002, "isArray": 0}
             ],
             "outputs": [{"id": 21, "name": "profile", "type": 205, "isArray": 0}],
             "headers": []},
            {"id": 303, "name": "GetProfile", "className": "", "path": "http://127.0.0.1/api/profile", "method": 1, "inputs": [], "outputs": [], "headers": []},
            {"id": 304, "name": "RemoveTask", "className": "", "path": "/remove", "method": 3, "inputs": [], "outputs": [], "headers": []},
            {"id": 305, "name": "Ping", "className": "", "path": "/ping", "method": 4, "inputs": [], "outputs": [], "headers": []},
            {"id": 306, "name": "Odd", "className": "", "path": "/odd", "method": 9, "inputs": [], "outputs": [], "headers": []}
          ]
        }
        """#

    /// A v3.x export: embedded params, a user-defined basic type, an enum with an empty key, array types
    /// (one with an array element), an anonymous hidden type, File, a basic type named `Integer`, string
    /// methods, request headers, an imported envelope bound to an array, a path parameter.
    static let v3 = #"""
        {
          "project": {"id": 1, "name": "Todo", "description": "Todo API"},
          "templates": [], "pages": [], "constraints": [], "groups": [], "cliargs": [], "specs": [],
          "datatypes": [
            {"id": 9999, "type": 1, "name": "File", "format": 6, "params": []},
            {"id": 10002, "type": 1, "name": "Number", "format": 4, "params": []},
            {"id": 100, "type": 0, "name": "ResultData", "format": 0, "description": "返回结果统一模型", "params": [
              {"id": 1, "type": 10002, "name": "code", "isArray": 0, "datatypeId": 0, "originalType": 0, "datatypeName": ""},
              {"id": 2, "type": 10001, "name": "message", "isArray": 0},
              {"id": 3, "type": 10000, "name": "result", "isArray": 0}]},
            {"id": 101, "type": 0, "name": "Todo", "format": 0, "description": "Todo模型", "params": [
              {"id": 4, "type": 103, "name": "id", "isArray": 0, "description": "todo id"},
              {"id": 5, "type": 10001, "name": "text", "isArray": 0, "description": null},
              {"id": 6, "type": 104, "name": "state", "isArray": 0},
              {"id": 7, "type": -5, "name": "owner", "isArray": 0},
              {"id": 8, "type": 9999, "name": "attachment", "isArray": 0},
              {"id": 9, "type": 105, "name": "count", "isArray": 0},
              {"id": 10, "type": 106, "name": "grid", "isArray": 0}]},
            {"id": 102, "type": 0, "name": "TodoArr", "format": 2, "params": [{"id": 11, "type": 101, "name": "", "isArray": 0}]},
            {"id": 106, "type": 0, "name": "Matrix", "format": 2, "params": [{"id": 12, "type": 10002, "name": "", "isArray": 1}]},
            {"id": 103, "type": 0, "name": "Float", "format": 4, "params": [{"id": 13, "type": 10002, "name": "", "isArray": 0}]},
            {"id": 104, "type": 0, "name": "State", "format": 1, "params": [
              {"id": 14, "type": 10001, "name": "OPEN", "defaultValue": "open", "description": "未完成"},
              {"id": 15, "type": 10001, "name": "", "defaultValue": "done", "description": "完成"}]},
            {"id": -5, "type": 2, "name": "", "format": 0, "params": [{"id": 16, "type": 10001, "name": "nick", "isArray": 0}]},
            {"id": 105, "type": 0, "name": "Integer", "format": 4, "params": [{"id": 17, "type": 10002, "name": "", "isArray": 0}]},
            {"id": 107, "type": 2, "name": "Unused", "format": 0, "params": [{"id": 18, "type": 10001, "name": "x", "isArray": 0}]}
          ],
          "interfaces": [
            {"id": 200, "name": "获取todo列表", "className": "GetTodos", "path": "/api/todos", "method": "GET", "description": "",
             "params": {
               "inputs": [],
               "outputs": [
                 {"id": 1, "type": 10002, "name": "code", "isArray": 0, "datatypeId": 100, "originalType": 0, "datatypeName": "ResultData"},
                 {"id": 2, "type": 10001, "name": "message", "isArray": 0, "datatypeId": 100, "originalType": 0, "datatypeName": "ResultData"},
                 {"id": 3, "type": 101, "name": "result", "isArray": 1, "datatypeId": 100, "originalType": 10000, "datatypeName": "ResultData"}],
               "reqHeaders": [{"name": "X-Token", "defaultValue": ""}, {"name": "Accept", "defaultValue": "application/json"}],
               "resHeaders": [{"name": "X-Ignored", "defaultValue": ""}]}},
            {"id": 201, "name": "删除单个 todo", "className": "", "path": "/api/todos/:todoId", "method": "delete",
             "params": {"inputs": [], "outputs": [{"id": 20, "type": 102, "name": "list", "isArray": 0}], "reqHeaders": [], "resHeaders": []}}
          ]
        }
        """#

    // MARK: Detection

    @Test func detectsEachFormatByItsKeys() throws {
        func format(_ text: String) throws -> SpecFormat {
            SpecFormat.detect(try JSONDocumentParser.parse(Array(text.utf8), file: "x.json"))
        }
        guard case .native = try format(#"{"htspec": 1, "types": {}, "interfaces": {}}"#) else {
            Issue.record("a native spec was not detected")
            return
        }
        guard case .neiV0 = try format(Self.v0) else {
            Issue.record("the v0.x fixture was not detected as v0.x")
            return
        }
        guard case .neiV3 = try format(Self.v3) else {
            Issue.record("the v3.x fixture was not detected as v3.x")
            return
        }
        // v0.x by its numeric methods alone, v3.x by its params alone.
        guard case .neiV0 = try format(#"{"datatypes": [], "interfaces": [{"method": 1}]}"#) else {
            Issue.record("numeric methods were not taken as v0.x")
            return
        }
        guard case .neiV3 = try format(#"{"datatypes": [{"id": 1, "params": []}], "interfaces": []}"#) else {
            Issue.record("datatypes with params were not taken as v3.x")
            return
        }
    }

    @Test func acceptsTheNEIAPIWrapper() throws {
        let wrapped = "{\"code\": 200, \"result\": \(Self.v3)}"
        let (document, diagnostics) = Self.read(wrapped)
        #expect(Self.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document?.types.map(\.name).contains("Todo") == true)
        #expect(document?.interfaces.count == 2)
        let wrappedV0 = "{\"code\": 200, \"result\": \(Self.v0)}"
        let (documentV0, diagnosticsV0) = Self.read(wrappedV0)
        #expect(Self.errors(diagnosticsV0).isEmpty, "\(diagnosticsV0)")
        #expect(documentV0?.interfaces.count == 7)
    }

    @Test func rejectsAFailedAPIResponseAtTheRoot() {
        let (document, diagnostics) = Self.read(#"  {"code": 401, "result": null, "msg": "no access"}"#)
        #expect(document == nil)
        #expect(
            diagnostics.map(\.description) == [
                "x.nei.json:1:3: error: this is an NEI API response with \"code\": 401, not 200: the download failed; fetch the export again"
            ])
    }

    @Test func rejectsAnExportMixingBothVersionsAtTheRoot() {
        let text =
            #"{"datatypes": [{"id": 1, "name": "A", "format": 0, "params": []}], "attributes": [], "interfaces": []}"#
        let (document, diagnostics) = Self.read(text)
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == HTCodegenCore.SourceLocation(file: "x.nei.json", line: 1, column: 1))
        #expect(
            diagnostics.first?.message.contains("mixes NEI v0.x (\"attributes\") and v3.x (datatypes with \"params\")")
                == true)
    }

    @Test func rejectsAnExportOfNeitherVersionAtTheRoot() {
        let (document, diagnostics) = Self.read("\n{\"datatypes\": [], \"interfaces\": []}")
        #expect(document == nil)
        #expect(diagnostics.first?.location == HTCodegenCore.SourceLocation(file: "x.nei.json", line: 2, column: 1))
        #expect(diagnostics.first?.message.contains("neither an NEI v0.x export") == true)
    }

    @Test func rejectsAFileThatIsNoSpecAtAll() {
        let (document, diagnostics) = Self.read(#"{"name": "package.json?"}"#)
        #expect(document == nil)
        #expect(diagnostics.first?.message.hasPrefix("not a spec") == true)
    }

    // MARK: v0.x

    @Test func v0DatatypesAreJoinedWithTheirAttributes() throws {
        let (document, diagnostics) = Self.read(Self.v0)
        #expect(Self.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document?.description == "Demo")
        // The system types listed in "datatypes" are skipped.
        #expect(
            document?.types.map(\.name) == [
                "Address", "ResultData", "Status", "Tags", "_Internal", "Profile", "_Unused",
            ])

        let address = try #require(Self.type("Address", in: document))
        #expect(address.description == "地址信息")
        #expect(address.location == Self.location(of: "\"Address\"", in: Self.v0))
        #expect(!address.isHidden)
        let addressFields = Self.fields(of: address)
        #expect(addressFields.map(\.name) == ["province", "zip"])
        #expect(addressFields.map(\.type.name) == ["String", "Number"])
        #expect(addressFields.first?.description == "省")
        #expect(addressFields.first?.location == Self.location(of: "\"province\"", in: Self.v0))
        #expect(
            addressFields.first?.type.location
                == Self.location(of: "10001, \"isArray\": 0, \"description\": \"省\"", in: Self.v0))

        let profile = Self.fields(of: Self.type("Profile", in: document))
        #expect(profile.map(\.type.description) == ["Tags", "[Address]", "Status", "_Internal"])

        guard case .enumeration(let members)? = Self.type("Status", in: document)?.kind else {
            Issue.record("Status is not an enumeration")
            return
        }
        #expect(members.map(\.key) == ["ok", "failed"])
        #expect(members.map(\.value) == ["200", "500"])
        #expect(members.map(\.description) == ["成功", nil])

        guard case .array(let element)? = Self.type("Tags", in: document)?.kind else {
            Issue.record("Tags is not an array type")
            return
        }
        #expect(element.description == "String")

        #expect(Self.type("_Internal", in: document)?.isHidden == true)
        #expect(Self.type("_Unused", in: document)?.isHidden == true)
    }

    @Test func v0MethodsByNumber() throws {
        let (document, diagnostics) = Self.read(Self.v0)
        let methods = Dictionary(uniqueKeysWithValues: (document?.interfaces ?? []).map { ($0.path, $0.method) })
        #expect(methods["/authorize"] == "POST")
        // Paths are made relative to the base URL (issue #35): an origin is dropped, a slash added.
        #expect(methods["/api/profile"] == "GET")
        #expect(methods["/api/address/add"] == "PUT")
        #expect(methods["/remove"] == "DELETE")
        #expect(methods["/ping"] == "HEAD")
        #expect(methods["/odd"] == "GET")
        let odd = try #require(diagnostics.first { $0.message.contains("the method 9") })
        #expect(odd.severity == .warning)
        #expect(odd.location == Self.location(of: "9, \"inputs\"", in: Self.v0))
        #expect(Self.interface("Odd", in: document)?.methodLocation == odd.location)
    }

    @Test func v0ImportedEnvelopeBindsItsVariableField() throws {
        let (document, _) = Self.read(Self.v0)
        let authorize = try #require(Self.interface("Authorize", in: document))
        #expect(authorize.location == Self.location(of: "\"Authorize\"", in: Self.v0))
        guard case .imported(let type, let bindings) = authorize.outputs else {
            Issue.record("the outputs of Authorize are not an imported type: \(authorize.outputs)")
            return
        }
        #expect(type.name == "ResultData")
        #expect(type.location == Self.location(of: "201, \"datatypeName\"", in: Self.v0))
        #expect(bindings.count == 1)
        #expect(bindings["data"]?.type.description == "[Address]")
        #expect(bindings["data"]?.scope == .wholeField)
        #expect(bindings["data"]?.type.location == Self.location(of: "200, \"isArray\": 1}", in: Self.v0))
        guard case .fields(let inputs) = authorize.inputs else {
            Issue.record("empty inputs should be no fields")
            return
        }
        #expect(inputs.isEmpty)
    }

    @Test func v0ResolvesWithTheResponseRulesAndClassNames() throws {
        let (document, _) = Self.read(Self.v0)
        let (api, diagnostics) = Resolver.resolve(try #require(document))
        #expect(Self.errors(diagnostics).isEmpty, "\(diagnostics)")
        let resolved = try #require(api)
        let requests = Dictionary(uniqueKeysWithValues: resolved.requests.map { ($0.className, $0) })
        #expect(
            requests.keys.sorted() == [
                "AuthorizeRequest", "GetProfileRequest", "OddRequest", "PingRequest", "PutApiAddressAddRequest",
                "RemoveTask",
                "TestRequestHeaderRequest",
            ])

        let authorize = try #require(requests["AuthorizeRequest"])
        #expect(authorize.response.rule == 2)
        #expect(authorize.response.keyPath == "data")
        #expect(authorize.response.type == .array(.model("Address")))

        // A Chinese name without a className: the class name comes from the method and the path, which is
        // kept as written but for the leading slash it gets; the name becomes the doc comment's title.
        let add = try #require(requests["PutApiAddressAddRequest"])
        #expect(add.isDerivedName)
        #expect(add.path == "/api/address/add")
        guard case .imported(let model, _) = add.inputs else {
            Issue.record("the inputs of 添加地址 are not the imported Address")
            return
        }
        #expect(model == "Address")
        #expect(add.response.rule == 1)
        #expect(add.response.type == .model("Profile"))
        #expect(add.response.keyPath == "profile")

        let headers = try #require(requests["TestRequestHeaderRequest"]).headers
        #expect(headers.map(\.name) == ["Content-Type", "Cookie", "UserInfo"])
        #expect(headers.map(\.value) == ["application/json", nil, nil])
        #expect(headers.map(\.description) == [nil, "会话", nil])
        #expect(headers.map { Resolver.headerPropertyName($0.name) } == ["contentType", "cookie", "userInfo"])

        // The mock server's origin is dropped: the request goes to the client's base URL.
        #expect(requests["GetProfileRequest"]?.path == "/api/profile")

        // Hidden types get a model only when used; the array type is inlined, never a model; the
        // envelope gets none.
        #expect(resolved.models.map(\.name) == ["Address", "Profile", "_Internal"])
        let profile = try #require(resolved.models.first { $0.name == "Profile" })
        #expect(
            profile.fields.map(\.type) == [
                .array(.string), .array(.model("Address")), .enumeration("Status"), .model("_Internal"),
            ])
        #expect(resolved.enums.map(\.name) == ["Status"])
    }

    // MARK: v3.x

    @Test func v3DatatypesWithEmbeddedParams() throws {
        let (document, diagnostics) = Self.read(Self.v3)
        #expect(Self.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document?.description == "Todo API")
        // System types are skipped, and `Integer` is the generator's own Integer, not a declaration.
        #expect(
            document?.types.map(\.name) == [
                "ResultData", "Todo", "TodoArr", "Matrix", "Float", "State", "TodoOwner", "Unused",
            ])

        let todo = Self.fields(of: Self.type("Todo", in: document))
        #expect(todo.map(\.name) == ["id", "text", "state", "owner", "attachment", "count", "grid"])
        #expect(
            todo.map(\.type.description) == ["Float", "String", "State", "TodoOwner", "String", "Integer", "Matrix"])
        #expect(todo.map(\.description) == ["todo id", nil, nil, nil, nil, nil, nil])

        guard case .alias(let float)? = Self.type("Float", in: document)?.kind else {
            Issue.record("Float is not an alias")
            return
        }
        #expect(float.description == "Number")

        guard case .array(let todoElement)? = Self.type("TodoArr", in: document)?.kind,
            case .array(let matrixElement)? = Self.type("Matrix", in: document)?.kind
        else {
            Issue.record("TodoArr and Matrix are not array types")
            return
        }
        #expect(todoElement.description == "Todo")
        // The element's own isArray adds a level, as in NEI: Matrix is [[Number]].
        #expect(matrixElement.description == "[Number]")

        // The anonymous hidden type is named after its first use.
        let owner = try #require(Self.type("TodoOwner", in: document))
        #expect(owner.isHidden)
        #expect(Self.fields(of: owner).map(\.name) == ["nick"])
        #expect(Self.type("Unused", in: document)?.isHidden == true)
        #expect(Self.type("Todo", in: document)?.isHidden == false)
    }

    @Test func v3EnumMembersAreNameAndDefaultValue() throws {
        let (document, diagnostics) = Self.read(Self.v3)
        guard case .enumeration(let members)? = Self.type("State", in: document)?.kind else {
            Issue.record("State is not an enumeration")
            return
        }
        #expect(members.map(\.key) == ["OPEN", "done"])
        #expect(members.map(\.value) == ["open", "done"])
        #expect(members.map(\.description) == ["未完成", "完成"])
        let emptyKey = try #require(diagnostics.first { $0.message.contains("empty key") })
        #expect(emptyKey.severity == .warning)
        #expect(emptyKey.location == Self.location(of: "\"\", \"defaultValue\": \"done\"", in: Self.v3))
    }

    @Test func v3FileIsAStringWithAWarningAtItsUse() throws {
        let (_, diagnostics) = Self.read(Self.v3)
        let file = diagnostics.filter { $0.message.contains("File type") }
        #expect(file.count == 1)
        #expect(file.first?.severity == .warning)
        #expect(file.first?.location == Self.location(of: "9999, \"name\": \"attachment\"", in: Self.v3))
    }

    @Test func v3InterfacesWithParamsObjects() throws {
        let (document, diagnostics) = Self.read(Self.v3)
        let getTodos = try #require(Self.interface("GetTodos", in: document))
        #expect(getTodos.method == "GET")
        #expect(getTodos.path == "/api/todos")
        #expect(getTodos.description == nil)
        #expect(getTodos.headers.map(\.name) == ["X-Token", "Accept"])
        #expect(getTodos.headers.map(\.value) == [nil, "application/json"])
        guard case .imported(let envelope, let bindings) = getTodos.outputs else {
            Issue.record("the outputs of GetTodos are not the imported ResultData")
            return
        }
        #expect(envelope.name == "ResultData")
        #expect(bindings["result"]?.type.description == "[Todo]")

        // A Chinese name without a className keeps the name; the Resolver derives the class from the path.
        let delete = try #require(document?.interfaces.last)
        #expect(delete.name == "删除单个 todo")
        #expect(delete.method == "DELETE")
        #expect(Resolver.className(for: delete) == "DeleteApiTodosTodoIdRequest")
        // The path parameter missing from the inputs is added, with a warning at the path.
        guard case .fields(let inputs) = delete.inputs else {
            Issue.record("the inputs of the delete interface are not fields")
            return
        }
        #expect(inputs.map(\.name) == ["todoId"])
        #expect(inputs.map(\.type.name) == ["String"])
        let pathWarning = try #require(diagnostics.first { $0.message.contains("path parameter 'todoId'") })
        #expect(pathWarning.severity == .warning)
        #expect(pathWarning.location == Self.location(of: "\"/api/todos/:todoId\"", in: Self.v3))
    }

    @Test func v3ResolvesAndRenders() throws {
        let (document, _) = Self.read(Self.v3)
        let (api, diagnostics) = Resolver.resolve(try #require(document))
        #expect(Self.errors(diagnostics).isEmpty, "\(diagnostics)")
        let resolved = try #require(api)
        #expect(resolved.models.map(\.name) == ["Todo", "TodoOwner"])
        let todo = try #require(resolved.models.first { $0.name == "Todo" })
        #expect(
            todo.fields.map(\.type) == [
                .number, .string, .enumeration("State"), .model("TodoOwner"), .string, .integer,
                .array(.array(.number)),
            ])
        let getTodos = try #require(resolved.requests.first { $0.className == "GetTodosRequest" })
        #expect(getTodos.response.rule == 2)
        #expect(getTodos.response.keyPath == "result")
        #expect(getTodos.response.type == .array(.model("Todo")))
        let delete = try #require(resolved.requests.first { $0.className == "DeleteApiTodosTodoIdRequest" })
        #expect(delete.response.rule == 1)
        #expect(delete.response.type == .array(.model("Todo")))

        let (files, _) = try Generator.generate(
            specBytes: Array(Self.v3.utf8), file: "todo.nei.json", config: GeneratorConfig())
        #expect(files.contents.map(\.name) == ["todo+Models.swift", "todo+Requests.swift", "todo+Enums.swift"])
        let models = files.contents[0].text
        let requests = files.contents[1].text
        #expect(models.contains("internal let count: Int?"))
        #expect(models.contains("internal let grid: [[Double]]?"))
        #expect(models.contains("internal let owner: HTTodoOwner?"))
        #expect(!models.contains("class HTUnused"))
        #expect(!models.contains("TodoArr"))
        #expect(requests.contains("internal struct HTGetTodosRequest"))
        #expect(requests.contains("internal typealias Response = [HTTodo]"))
        #expect(requests.contains("internal static var path: String { \"/api/todos/:todoId\" }"))
        #expect(requests.contains("internal var xToken: String?"))
    }

    // MARK: Errors, each at its position

    /// Reads `text` and returns its diagnostics as printed.
    static func diagnostics(_ text: String) -> [String] {
        read(text).1.map(\.description)
    }

    /// A v3.x export around `datatypes` and `interfaces`.
    static func v3(datatypes: String, interfaces: String = "") -> String {
        "{\"specs\": [],\n\"datatypes\": [\n\(datatypes)\n],\n\"interfaces\": [\n\(interfaces)\n]}"
    }

    /// A v0.x export around `datatypes`, `attributes` and `interfaces`.
    static func v0(datatypes: String, attributes: String = "", interfaces: String = "") -> String {
        "{\"timestamp\": 1,\n\"datatypes\": [\n\(datatypes)\n],\n\"attributes\": [\n\(attributes)\n],\n\"interfaces\": [\n\(interfaces)\n]}"
    }

    @Test func unknownTypeIdIsAnErrorAtTheId() {
        let text = Self.v3(
            datatypes: #"{"id": 1, "name": "A", "format": 0, "params": [{"name": "b", "type": 4242, "isArray": 0}]}"#)
        let at = Self.location(of: "4242", in: text)
        #expect(
            Self.diagnostics(text) == [
                "\(at): error: field 'b' of datatype 'A' refers to the datatype id 4242, which is not in \"datatypes\""
            ])
        let v0 = Self.v0(
            datatypes: #"{"id": 1, "name": "A", "format": 0}"#,
            interfaces:
                #"{"name": "Get", "path": "/a", "method": 1, "inputs": [{"name": "q", "type": 77, "isArray": 1}], "outputs": []}"#
        )
        #expect(
            Self.diagnostics(v0) == [
                "\(Self.location(of: "77", in: v0)): error: field 'q' of interface 'Get' (inputs) refers to the datatype id 77, which is not in \"datatypes\""
            ])
    }

    @Test func duplicateNamesAreErrorsAtTheSecond() {
        let text = Self.v3(
            datatypes:
                #"{"id": 1, "name": "A", "format": 0, "params": [{"name": "b", "type": 10001}, {"name": "b", "type": 10002}]}"#,
            interfaces:
                #"{"name": "Get", "path": "/a", "method": "GET", "params": {"inputs": [{"name": "q", "type": 10001}, {"name": "q", "type": 10001}]}}"#
        )
        let firstB = Self.location(of: "\"b\"", in: text)
        let firstQ = Self.location(of: "\"q\"", in: text)
        #expect(
            Self.diagnostics(text) == [
                "\(Self.location(of: "\"b\"", in: text, occurrence: 2)): error: 'b' appears twice in datatype 'A' (first at line \(firstB.line), column \(firstB.column))",
                "\(Self.location(of: "\"q\"", in: text, occurrence: 2)): error: 'q' appears twice in interface 'Get' (inputs) (first at line \(firstQ.line), column \(firstQ.column))",
            ])

        let duplicateIDs = Self.v0(
            datatypes: "{\"id\": 5, \"name\": \"A\", \"format\": 0},\n{\"id\": 5, \"name\": \"B\", \"format\": 0}")
        #expect(
            Self.diagnostics(duplicateIDs) == [
                "\(Self.location(of: "5", in: duplicateIDs, occurrence: 2)): error: two datatypes have the id 5 (the first is at line 3, column 8)"
            ])
    }

    @Test func missingRequiredKeysAreErrorsAtTheirObject() {
        let text = Self.v3(
            datatypes: """
                {"name": "NoID", "format": 0, "params": []},
                {"id": 2, "format": 0, "params": []},
                {"id": 3, "name": "NoFormat", "params": []},
                {"id": 4, "name": "A", "format": 0, "params": [{"type": 10001}, {"name": "untyped"}, {"name": "", "type": 10001}]}
                """,
            interfaces: #"{"name": "NoPath", "method": "GET"}, {"path": "/x"}"#)
        #expect(
            Self.diagnostics(text) == [
                "x.nei.json:3:1: error: a datatype has no \"id\"",
                "x.nei.json:4:1: error: the datatype with id 2 has no \"name\"",
                "x.nei.json:5:1: error: the datatype with id 3 has no \"format\"",
                "\(Self.location(of: "{\"type\": 10001}", in: text)): error: a field of datatype 'A' has no \"name\"",
                "\(Self.location(of: "{\"name\": \"untyped\"}", in: text)): error: field 'untyped' of datatype 'A' has no \"type\"",
                "\(Self.location(of: "\"\", \"type\": 10001}]", in: text)): error: a field of datatype 'A' has an empty \"name\"",
                "x.nei.json:9:1: error: interface 'NoPath' has no \"path\"",
                "\(Self.location(of: "{\"path\": \"/x\"}", in: text)): error: interface '/x' has no \"method\"",
            ])
    }

    @Test func wrongKindsOfValuesAreErrorsAtTheValue() {
        let text = Self.v0(
            datatypes: #"{"id": "7", "name": "A", "format": 0}, {"id": 8, "name": "B", "format": 0}"#,
            attributes:
                #"{"name": "x", "type": 10001, "isArray": "yes", "parentId": 8}, {"name": "y", "type": 1.5, "parentId": 8}"#,
            interfaces: #"{"name": "Get", "path": "/a", "method": true, "inputs": {}, "outputs": []}, 42"#)
        #expect(
            Self.diagnostics(text) == [
                "\(Self.location(of: "\"7\"", in: text)): error: \"id\" of a datatype must be an integer, found \"7\"",
                "\(Self.location(of: "\"yes\"", in: text)): error: \"isArray\" of field 'x' of datatype 'B' must be 0, 1 or a boolean, found \"yes\"",
                "\(Self.location(of: "1.5", in: text)): error: \"type\" of field 'y' of datatype 'B' must be an integer, found 1.5",
                "\(Self.location(of: "true", in: text)): error: the \"method\" of interface 'Get' must be a number: 0 (POST), 1 (GET), 2 (PUT), 3 (DELETE) or 4 (HEAD), found a boolean",
                "\(Self.location(of: "{}", in: text)): error: \"inputs\" of interface 'Get' must be an array, found an object",
                "\(Self.location(of: "42", in: text)): error: an interface must be an object, found a number",
            ])
    }

    @Test func unknownImportedDatatypeIsAnErrorAtItsId() {
        let text = Self.v3(
            datatypes: #"{"id": 1, "name": "A", "format": 0, "params": []}"#,
            interfaces:
                #"{"name": "Get", "path": "/a", "method": "GET", "params": {"outputs": [{"name": "x", "type": 10001, "datatypeId": 55, "datatypeName": "Gone"}]}}"#
        )
        #expect(
            Self.diagnostics(text) == [
                "\(Self.location(of: "55", in: text)): error: interface 'Get' (outputs) imports the datatype id 55 ('Gone'), which is not in \"datatypes\""
            ])
    }

    @Test func formatsAndEnumMembersThatCannotBeRead() {
        let text = Self.v3(
            datatypes: """
                {"id": 1, "name": "Weird", "format": 12, "params": []},
                {"id": 2, "name": "Pair", "format": 2, "params": [{"type": 10001}, {"type": 10002}]},
                {"id": 3, "name": "E", "format": 1, "params": [{"name": "", "defaultValue": ""}, {"name": "k", "defaultValue": ""}]},
                {"id": 4, "name": "Upload", "format": 6, "params": []},
                {"id": 5, "name": "Dict", "format": 7, "params": []}
                """)
        #expect(
            Self.diagnostics(text) == [
                "\(Self.location(of: "12", in: text)): error: datatype 'Weird' has the format 12; NEI v3.x datatypes have 0 (hash), 1 (enumeration), 2 (array), 3 (string), 4 (number), 5 (boolean), 6 (file) or 7 (map)",
                "\(Self.location(of: "\"Pair\"", in: text)): error: the array datatype 'Pair' must have exactly one param, its element type; it has 2",
                "\(Self.location(of: "\"\", \"defaultValue\": \"\"}", in: text)): error: a member of the enumeration 'E' has neither a key (\"name\") nor a value (\"defaultValue\")",
                "\(Self.location(of: "\"k\"", in: text)): warning: enum member 'k' of 'E' has an empty value (\"defaultValue\"); its key is used as the value",
                "\(Self.location(of: "6, \"params\"", in: text)): warning: datatype 'Upload' has the format 6 (file): \(NEISystemTypes.fileWarning)",
                "\(Self.location(of: "7, \"params\"", in: text)): warning: datatype 'Dict' has the format 7 (an NEI map); the generator has no map type, so it is generated as a Variable (any JSON value)",
            ])
        let v0 = Self.v0(datatypes: #"{"id": 1, "name": "Basic", "format": 4}"#)
        #expect(
            Self.diagnostics(v0) == [
                "\(Self.location(of: "4}", in: v0)): error: datatype 'Basic' has the format 4; NEI v0.x datatypes have 0 (hash), 1 (enumeration) or 2 (array)"
            ])
    }

    @Test func attributesOfUnknownDatatypesAreReportedAndIgnored() {
        let text = Self.v0(
            datatypes: #"{"id": 1, "name": "A", "format": 0}"#,
            attributes:
                #"{"name": "orphan", "type": 10001, "parentId": 99}, {"name": "kept", "type": 10001, "parentId": 1}"#)
        let (document, diagnostics) = Self.read(text)
        #expect(
            diagnostics.map(\.description) == [
                "\(Self.location(of: "99", in: text)): warning: the attribute 'orphan' belongs to the datatype id 99, which is not in \"datatypes\"; it is ignored"
            ])
        #expect(Self.fields(of: Self.type("A", in: document)).map(\.name) == ["kept"])
    }

    @Test func classNameChoice() {
        let text = Self.v0(
            datatypes: "",
            interfaces: """
                {"name": "获取", "className": "Get-It", "path": "/get/it", "method": 1},
                {"name": "plainName", "className": "", "path": "/x", "method": 1},
                {"name": "名字", "className": "NamedTask", "path": "/y", "method": 1}
                """)
        let (document, diagnostics) = Self.read(text)
        #expect(
            diagnostics.map(\.description) == [
                "\(Self.location(of: "\"Get-It\"", in: text)): warning: the className 'Get-It' of interface 'Get-It' is not an identifier (letters, digits, _ and $ only); the path is used instead"
            ])
        let names = (document?.interfaces ?? []).map { Resolver.className(for: $0) }
        #expect(names == ["GetGetItRequest", "PlainNameRequest", "NamedTask"])
    }

    // MARK: Robustness

    /// Every node of both fixtures replaced, one at a time, by each value of another kind: the readers,
    /// the Resolver and the renderer never crash, and every diagnostic points into the file.
    @Test(arguments: ["v0", "v3"])
    func everyNodeReplacedByAnotherKindIsReportedNotCrashed(fixture: String) throws {
        let text = fixture == "v0" ? Self.v0 : Self.v3
        let root = try JSONDocumentParser.parse(Array(text.utf8), file: "x.nei.json")
        let lineCount = text.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        let somewhere = HTCodegenCore.SourceLocation(file: "x.nei.json", line: 1, column: 1)
        let replacements: [JSONNode.Value] = [
            .null, .bool(true), .number("-1"), .number("1.5"), .number("10000"), .string(""), .string("x"), .array([]),
            .object([]),
        ]
        var runs = 0
        var failed = 0
        for path in Self.paths(in: root) {
            for replacement in replacements {
                let mutated = Self.replacing(
                    root, at: path[...], with: JSONNode(value: replacement, location: somewhere))
                let (document, readDiagnostics): (SpecDocument?, [Diagnostic])
                switch SpecFormat.detect(mutated) {
                case .neiV0(let export): (document, readDiagnostics) = NEIV0Reader.read(export, file: "x.nei.json")
                case .neiV3(let export): (document, readDiagnostics) = NEIV3Reader.read(export, file: "x.nei.json")
                case .native, .openAPI, .unknown: continue
                }
                var all = readDiagnostics
                if let document {
                    let (api, resolveDiagnostics) = Resolver.resolve(document)
                    all += resolveDiagnostics
                    if let api, !all.contains(where: { $0.severity == .error }) {
                        let (output, renderDiagnostics) = SwiftRenderer.render(api, config: GeneratorConfig())
                        all += renderDiagnostics
                        #expect(!output.requests.isEmpty)
                    } else {
                        failed += 1
                    }
                }
                runs += 1
                for diagnostic in all {
                    #expect(diagnostic.location.file == "x.nei.json")
                    #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount, "\(diagnostic)")
                    #expect(diagnostic.location.column >= 1, "\(diagnostic)")
                }
            }
        }
        #expect(runs > 500)
        #expect(failed > 0, "no replacement produced an error; the mutations do not reach the readers")
    }

    /// One step into a JSON tree: a member by index, or an element by index.
    enum Step: Hashable {
        case member(Int)
        case element(Int)
    }

    static func paths(in node: JSONNode) -> [[Step]] {
        var result: [[Step]] = []
        func visit(_ node: JSONNode, _ path: [Step]) {
            switch node.value {
            case .object(let members):
                for (index, member) in members.enumerated() {
                    result.append(path + [.member(index)])
                    visit(member.value, path + [.member(index)])
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    result.append(path + [.element(index)])
                    visit(element, path + [.element(index)])
                }
            default:
                break
            }
        }
        visit(node, [])
        return result
    }

    static func replacing(_ node: JSONNode, at path: ArraySlice<Step>, with replacement: JSONNode) -> JSONNode {
        guard let step = path.first else { return replacement }
        var copy = node
        switch (step, node.value) {
        case (.member(let index), .object(var members)) where members.indices.contains(index):
            members[index].value = replacing(members[index].value, at: path.dropFirst(), with: replacement)
            copy.value = .object(members)
        case (.element(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = replacing(elements[index], at: path.dropFirst(), with: replacement)
            copy.value = .array(elements)
        default:
            break
        }
        return copy
    }
}

/// Issue 11: a real NEI v3 export's names never stop generation. `Tests/HTGeneratedClientTests/Specs/
/// nei-naming.nei.json` (compiled by the plugin in HTGeneratedClientTests, golden in Goldens/nei-naming)
/// has four methods on one path with Chinese names and no className, a remaining collision (a trailing
/// slash), a datatype and an enumeration named like requests.
@Suite struct NEINamingTests {
    static let file = "nei-naming.nei.json"
    static let text: String = {
        let url = URL(filePath: #filePath)
            .deletingLastPathComponent()  // NEI/
            .deletingLastPathComponent()  // Spec/
            .deletingLastPathComponent()  // HTCodegenCoreTests/
            .deletingLastPathComponent()  // Tests/
            .appending(path: "HTGeneratedClientTests/Specs/\(file)")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    static func location(_ marker: String, occurrence: Int = 1) -> HTCodegenCore.SourceLocation {
        NEIImportTests.location(of: marker, in: text, occurrence: occurrence, file: file)
    }

    @Test func methodsOnOnePathGetDistinctNamesAndCollisionsAreWarnings() throws {
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(Self.text.utf8), file: Self.file, config: GeneratorConfig(), declareAbstractTypes: true)
        #expect(NEIImportTests.errors(diagnostics).isEmpty, "\(diagnostics)")
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
        let enums = try #require(files.contents.first { $0.name.hasSuffix("+Enums.swift") }).text
        for name in [
            "HTGetApiProgroupsRequest", "HTPostApiProgroupsRequest", "HTPutApiProgroupsIdRequest",
            "HTDeleteApiProgroupsIdRequest", "HTGetApiProgroupsRequest_2", "HTCreateProgroupRequest",
        ] {
            #expect(requests.contains("internal struct \(name): HTBaseRequest"), "no request \(name)")
        }
        // Models and enumerations yield to requests; the request's input uses the renamed model.
        #expect(models.contains("internal final class HTCreateProgroupRequest_2: HTHTTPModel"))
        #expect(requests.contains("var createProgroupRequest: HTCreateProgroupRequest_2?"))
        #expect(enums.contains("internal struct HTGetApiProgroupsRequest_3: HTStringEnum"))
        // An anonymous type is named after its first use: the derived request name (method and path).
        #expect(models.contains("internal final class HTPutApiProgroupsIdResult: HTHTTPModel"))
        // The NEI name, then the description, are the doc comment.
        #expect(
            requests.contains(
                "/// 获取项目组列表\n///\n/// 按创建时间排序\n///\n/// `GET /api/progroups`\n///\n/// - Remark: Generated from nei-naming.nei.json:\(Self.location("\"获取项目组列表\"").line):\(Self.location("\"获取项目组列表\"").column)\ninternal struct HTGetApiProgroupsRequest:"
            ))
        #expect(
            requests.contains(
                "/// 创建项目组（新）\n///\n/// `POST /api/v2/progroups`\n///\n/// - Remark: Generated from nei-naming.nei.json:\(Self.location("\"CreateProgroup\"").line):\(Self.location("\"CreateProgroup\"").column)\ninternal struct HTCreateProgroupRequest:"
            ))
        #expect(
            diagnostics.map(\.description) == [
                "\(Self.location("\"CreateProgroupRequest\"")): warning: the type 'CreateProgroupRequest' would be named 'HTCreateProgroupRequest' like the request at line \(Self.location("\"CreateProgroup\"").line), column \(Self.location("\"CreateProgroup\"").column); it is generated as 'HTCreateProgroupRequest_2'",
                "\(Self.location("\"GetApiProgroupsRequest\"")): warning: the enumeration 'GetApiProgroupsRequest' would be named 'HTGetApiProgroupsRequest' like the request at line \(Self.location("\"获取项目组列表\"").line), column \(Self.location("\"获取项目组列表\"").column); it is generated as 'HTGetApiProgroupsRequest_3'",
                "\(Self.location("\"获取项目组列表（旧）\"")): warning: the request 'GetApiProgroupsRequest' (GET /api/progroups/) is also generated by the interface at line \(Self.location("\"获取项目组列表\"").line), column \(Self.location("\"获取项目组列表\"").column); this one is generated as 'HTGetApiProgroupsRequest_2' (set \"className\", or \"operationId\" in OpenAPI, to choose its name)",
            ])
    }

    /// The order of the interfaces in the export does not change which one keeps the name.
    @Test func disambiguationDoesNotDependOnExportOrder() throws {
        let (document, _) = NEIImportTests.read(Self.text, file: Self.file)
        var reversed = try #require(document)
        reversed.interfaces.reverse()
        let api = try #require(Resolver.resolve(reversed).0)
        let swift = SwiftNames([api], config: GeneratorConfig()).specs[0].typeNames
        let names = api.requests.map { "\($0.method) \($0.path) \(swift[SwiftNames.requestKey($0)] ?? "?")" }
        #expect(names.contains("GET /api/progroups HTGetApiProgroupsRequest"))
        #expect(names.contains("GET /api/progroups/ HTGetApiProgroupsRequest_2"))
    }

    /// Many interfaces that derive one name, and an explicit one: no errors, one unique Swift type each,
    /// numbered by path then method, whatever the order in the file.
    @Test func manyCollisionsAreNumberedInAStableOrder() throws {
        let interfaces = [
            #""获取3": {"method": "GET", "path": "a"}"#, #""获取1": {"method": "GET", "path": "/a"}"#,
            #""GetA": {"method": "GET", "path": "/y"}"#, #""获取2": {"method": "GET", "path": "/a/"}"#,
            #""获取4": {"method": "POST", "path": "/a"}"#,
            #""Model": {"className": "GetARequest_2Request", "method": "GET", "path": "/m"}"#,
        ]
        var results: [[String]] = []
        for order in [interfaces, interfaces.reversed()] {
            let spec =
                #"{"htspec": 1, "types": {"GetARequest": {"fields": {}}}, "interfaces": {"#
                + order.joined(separator: ", ") + "}}"
            let (files, diagnostics) = try Generator.generate(
                specBytes: Array(spec.utf8), file: "x.htspec.json", config: GeneratorConfig())
            #expect(NEIImportTests.errors(diagnostics).isEmpty, "\(diagnostics)")
            let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
            let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
            #expect(models.contains("final class HTGetARequest_5: HTHTTPModel"))
            let names = requests.split(separator: "\n").filter {
                $0.hasPrefix("/// `") || $0.hasPrefix("internal struct")
            }
            .map { $0.split(separator: ":")[0] }.map(String.init)
            results.append(names)
        }
        #expect(results[0] == results[1])
        #expect(
            results[0] == [
                "/// `GET /y`", "internal struct HTGetARequest",
                "/// `GET /a`", "internal struct HTGetARequest_2",
                "/// `GET /a/`", "internal struct HTGetARequest_3",
                "/// `GET a`", "internal struct HTGetARequest_4",
                // Its own className `GetARequest_2Request`: `_` separates words in a type name.
                "/// `GET /m`", "internal struct HTGetARequest2Request",
                "/// `POST /a`", "internal struct HTPostARequest",
            ])
    }

    /// An explicit name keeps its name against a derived one, whatever the order.
    @Test func explicitNamesWinOverDerivedOnes() throws {
        let spec =
            #"{"htspec": 1, "interfaces": {"获取": {"method": "GET", "path": "/a"}, "GetA": {"method": "GET", "path": "/z"}}}"#
        let (document, _) = Generator.parseSpec(Array(spec.utf8), file: "x.htspec.json")
        let (resolved, diagnostics) = Resolver.resolve(try #require(document))
        let api = try #require(resolved)
        #expect(diagnostics.isEmpty)
        let names = SwiftNames([api], config: GeneratorConfig()).specs[0]
        let swift = api.requests.map { "\($0.path) \(names.typeNames[SwiftNames.requestKey($0)] ?? "?")" }
        #expect(swift == ["/z HTGetARequest", "/a HTGetARequest_2"])
        #expect(names.warnings.count == 1)
    }
}
