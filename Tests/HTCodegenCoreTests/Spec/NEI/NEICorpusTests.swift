import Foundation
import Testing

@testable import HTCodegenCore

/// The two real NEI exports of the corpus (`$HT_CORPUS/nei/`): both read, resolve and render without
/// errors, and what they declare comes out as the exports say (facts checked by reading the exports).
/// That the generated code compiles without warnings is checked by `.ci/nei-compile.sh`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
        "HT_CORPUS is not set; point it at the shared data folder (with nei/*.json) to import the real NEI exports"))
struct NEICorpusTests {
    static let v0Name = "heartouch-v0-export.json"
    static let v3Name = "nei-v3-export.json"

    /// The bytes of an export of the corpus.
    static func bytes(_ name: String) throws -> [UInt8] {
        let corpus = try #require(ProcessInfo.processInfo.environment["HT_CORPUS"])
        return try [UInt8](Data(contentsOf: URL(filePath: corpus).appending(path: "nei/\(name)")))
    }

    /// Reads and resolves an export; fails the test on any error.
    static func resolve(_ name: String) throws -> (SpecDocument, ResolvedAPI, [Diagnostic]) {
        let (document, readDiagnostics) = Generator.parseSpec(try bytes(name), file: name)
        let errors = readDiagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        let read = try #require(document)
        let (api, resolveDiagnostics) = Resolver.resolve(read)
        let resolveErrors = resolveDiagnostics.filter { $0.severity == .error }
        #expect(resolveErrors.isEmpty, "\(resolveErrors)")
        return (read, try #require(api), readDiagnostics + resolveDiagnostics)
    }

    static func request(_ className: String, in api: ResolvedAPI) throws -> ResolvedRequest {
        try #require(api.requests.first { $0.className == className }, "no request \(className)")
    }

    // MARK: v0.x (HearTouch, project 11029)

    @Test func v0IsDetectedAndEveryPartIsRead() throws {
        let root = try JSONDocumentParser.parse(try Self.bytes(Self.v0Name), file: Self.v0Name)
        guard case .neiV0 = SpecFormat.detect(root) else {
            Issue.record("the v0.x export is not detected as v0.x")
            return
        }
        let (document, api, diagnostics) = try Self.resolve(Self.v0Name)
        // 29 datatypes of which 4 are the system types; 26 interfaces.
        #expect(document.types.count == 25)
        #expect(document.interfaces.count == 26)
        #expect(api.requests.count == 26)
        // 21 hash types less the two envelopes, ResultData and ResultDatadddt, which get no model.
        #expect(api.models.count == 19)
        #expect(api.enums.map(\.name) == ["EnumsTest", "EnumsTest2", "TestStatusCode"])
        // Only warnings: three interfaces use response rule 4, the API mixes rules 1 to 3, and two paths
        // name the mock server (its origin is dropped).
        #expect(diagnostics.filter { $0.message.hasPrefix("response rule 4") }.count == 3)
        #expect(
            diagnostics.filter { $0.message.hasPrefix("the path's origin 'http://127.0.0.1' is dropped") }.count == 2)
        #expect(
            diagnostics.filter {
                $0.message.contains(
                    "mixes response rules 1 (one custom output), 2 (the ResultData envelope), 3 (an imported type)")
            }.count == 1)
        #expect(diagnostics.count == 6, "\(diagnostics)")
    }

    @Test func v0AuthorizeIsTheEnvelopeRule() throws {
        let (document, api, _) = try Self.resolve(Self.v0Name)
        // Interface "认真" with className "Authorize": POST (method 0), outputs = imported ResultData with data: Address.
        let authorize = try Self.request("AuthorizeRequest", in: api)
        #expect(authorize.method == "POST")
        #expect(authorize.path == "/authorize")
        #expect(authorize.response.rule == 2)
        #expect(authorize.response.keyPath == "data")
        #expect(authorize.response.type == .model("Address"))
        // "另一个认证" / Renzhen binds data to an array of Address; Renzhen3 binds testResult to Boolean (no mapping).
        let renzhen = try Self.request("RenzhenRequest", in: api)
        #expect(renzhen.response.type == .array(.model("Address")))
        #expect(renzhen.response.keyPath == "data")
        let renzhen3 = try Self.request("Renzhen3Request", in: api)
        #expect(renzhen3.response.rule == 2)
        #expect(renzhen3.response.type == nil)
        #expect(renzhen3.response.keyPath == "testResult")
        // The envelope itself gets no model: responses unwrap it by key path
        // (HTNetworking.docc/ResponseRules.md, Overview: the envelope of rule 2).
        #expect(!api.models.contains { $0.name == "ResultData" })
        let resultData = try #require(document.types.first { $0.name == "ResultData" })
        guard case .hash(let fields) = resultData.kind else {
            Issue.record("ResultData is not a hash type")
            return
        }
        #expect(fields.map(\.name) == ["code", "errorMsg", "data"])
    }

    @Test func v0HeadersClassNamesAndPaths() throws {
        let (_, api, _) = try Self.resolve(Self.v0Name)
        let headerRequest = try Self.request("TestRequestHeaderRequest", in: api)
        #expect(headerRequest.method == "POST")
        #expect(headerRequest.path == "/test/request/header")
        #expect(headerRequest.headers.map(\.name) == ["Content-Type", "Cookie", "UserInfo"])
        #expect(headerRequest.headers.map(\.value) == ["application/json", nil, nil])
        #expect(
            headerRequest.headers.filter { $0.value == nil }.map { Resolver.headerPropertyName($0.name) } == [
                "cookie", "userInfo",
            ])
        guard case .fields(let inputs) = headerRequest.inputs else {
            Issue.record("TestRequestHeader's inputs are not fields")
            return
        }
        #expect(inputs.map(\.name) == ["user", "password"])
        #expect(headerRequest.response.rule == 5)

        // className over name: "GetAddressPost" has className "BBBB"; "添加请求" has "lwangTestRequest".
        #expect(try Self.request("BBBBRequest", in: api).path == "/api/get/address")
        #expect(try Self.request("LwangTestRequest", in: api).path == "/post/lwang/test")
        #expect(try Self.request("AddAddressInfoRequest", in: api).path == "/address/add/case1")
        #expect(!api.requests.contains { $0.className.contains("GetAddressPostRequest") })

        // An absolute path, its origin dropped (issue #35), with the imported Address as its input.
        let post2 = try Self.request("GetAddressPost2Request", in: api)
        #expect(post2.path == "/api/get/address2")
        guard case .imported(let model, _) = post2.inputs else {
            Issue.record("GetAddressPost2's inputs are not the imported Address")
            return
        }
        #expect(model == "Address")
        #expect(post2.headers.map(\.name) == ["Content-Type", "Cookie", "Test"])
        #expect(post2.headers.map(\.value) == ["application/text", "100", nil])
        #expect(try Self.request("GetAddressPutRequest", in: api).method == "PUT")
        #expect(try Self.request("GetAddressRequest", in: api).method == "GET")

        // Outputs that are the imported Address: rule 3, the whole body.
        let case2 = try Self.request("GetAddressInfoCase2Request", in: api)
        #expect(case2.response.rule == 3)
        #expect(case2.response.type == .model("Address"))
        #expect(case2.response.keyPath == nil)
    }

    @Test func v0EnumsAndArrayTypes() throws {
        let (document, api, _) = try Self.resolve(Self.v0Name)
        let enums = try #require(api.enums.first { $0.name == "EnumsTest" })
        #expect(enums.members.map(\.key) == ["a", "b", "c"])
        #expect(enums.members.map(\.value) == ["1", "2", "3"])
        #expect(enums.members.map(\.description) == ["aa", "bb", "cc"])
        let status = try #require(api.enums.first { $0.name == "TestStatusCode" })
        #expect(status.members.map(\.key) == ["key1", "key2"])
        #expect(status.members.map(\.value) == ["200", "500"])
        // MyArray (format 2, subtype String) is an array type, never a model.
        let myArray = try #require(document.types.first { $0.name == "MyArray" })
        guard case .array(let element) = myArray.kind else {
            Issue.record("MyArray is not an array type")
            return
        }
        #expect(element.description == "String")
        #expect(!api.models.contains { $0.name == "MyArray" })
        // GetAddress has an enum input and array inputs.
        let getAddressPost = try Self.request("BBBBRequest", in: api)
        guard case .fields(let inputs) = getAddressPost.inputs else {
            Issue.record("BBBB's inputs are not fields")
            return
        }
        #expect(inputs.first { $0.name == "enumTest" }?.type == .enumeration("EnumsTest"))
        #expect(inputs.first { $0.name == "articles" }?.type == .array(.model("Article")))
        #expect(inputs.first { $0.name == "commentIds" }?.type == .array(.number))
    }

    // MARK: v3.x (Todo Web, project 11443)

    @Test func v3IsDetectedAndEveryPartIsRead() throws {
        let root = try JSONDocumentParser.parse(try Self.bytes(Self.v3Name), file: Self.v3Name)
        guard case .neiV3 = SpecFormat.detect(root) else {
            Issue.record("the v3.x export is not detected as v3.x")
            return
        }
        let (document, api, diagnostics) = try Self.resolve(Self.v3Name)
        #expect(document.types.map(\.name) == ["ResultData", "Todo", "User", "TodoArr", "Float"])
        #expect(api.models.map(\.name) == ["Todo", "User"])
        #expect(api.enums.isEmpty)
        #expect(
            api.requests.map(\.className) == [
                "AddTodoRequest", "DeleteTodoRequest", "GetTodosRequest", "UpdateTodoRequest", "UpdateTodosRequest",
            ])
        // Warnings only: the two REST path parameters added as inputs, and rules 1 and 2 mixed.
        #expect(diagnostics.filter { $0.message.contains("path parameter 'todoId'") }.count == 2)
        #expect(diagnostics.count == 3, "\(diagnostics)")
    }

    @Test func v3ResponsesAndTypes() throws {
        let (_, api, _) = try Self.resolve(Self.v3Name)
        // "获取todo列表" / GetTodos: the imported ResultData with result = Todo, isArray.
        let getTodos = try Self.request("GetTodosRequest", in: api)
        #expect(getTodos.method == "GET")
        #expect(getTodos.path == "/api/todos")
        #expect(getTodos.response.rule == 2)
        #expect(getTodos.response.keyPath == "result")
        #expect(getTodos.response.type == .array(.model("Todo")))

        let deleteTodo = try Self.request("DeleteTodoRequest", in: api)
        #expect(deleteTodo.method == "DELETE")
        #expect(deleteTodo.path == "/api/todos/:todoId")
        #expect(deleteTodo.response.type == .model("Todo"))
        guard case .fields(let deleteInputs) = deleteTodo.inputs else {
            Issue.record("DeleteTodo's inputs are not fields")
            return
        }
        #expect(deleteInputs.map(\.name) == ["todoId"])

        let updateTodos = try Self.request("UpdateTodosRequest", in: api)
        #expect(updateTodos.method == "PUT")
        guard case .fields(let inputs) = updateTodos.inputs else {
            Issue.record("UpdateTodos's inputs are not fields")
            return
        }
        #expect(inputs.map(\.name) == ["completed", "ids"])
        #expect(inputs.map(\.type) == [.boolean, .array(.string)])

        // Float (format 4, one Number param) is a Number; TodoArr (format 2) is inlined. Its element
        // param has isArray 1, which NEI counts as a second level, so TodoArr is [[Todo]].
        let todo = try #require(api.models.first { $0.name == "Todo" })
        #expect(todo.fields.map(\.name) == ["id", "text", "completed"])
        #expect(todo.fields.map(\.type) == [.number, .string, .array(.number)])
        let user = try #require(api.models.first { $0.name == "User" })
        #expect(user.fields.map(\.type) == [.number, .string, .array(.array(.model("Todo")))])
        // AddTodo's one output `id` is a TodoArr with isArray 1: rule 1, three levels.
        let addTodo = try Self.request("AddTodoRequest", in: api)
        #expect(addTodo.method == "POST")
        #expect(addTodo.response.rule == 1)
        #expect(addTodo.response.keyPath == "id")
        #expect(addTodo.response.type == .array(.array(.array(.model("Todo")))))
    }

    // MARK: Rendering

    @Test(arguments: [v0Name, v3Name])
    func rendersWithoutErrors(name: String) throws {
        let (files, diagnostics) = try Generator.generate(
            specBytes: try Self.bytes(name), file: name, config: GeneratorConfig())
        #expect(!diagnostics.contains { $0.severity == .error })
        let stem = String(name.dropLast(".json".count))
        #expect(
            files.contents.map(\.name) == ["\(stem)+Models.swift", "\(stem)+Requests.swift", "\(stem)+Enums.swift"])
        let requests = files.contents[1].text
        if name == Self.v0Name {
            #expect(requests.contains("internal struct HTTestRequestHeaderRequest: HTBaseRequest"))
            #expect(
                requests.contains("internal static var headerPropertyList: [String] { [\"cookie\", \"userInfo\"] }"))
            #expect(requests.contains("internal static var path: String { \"/api/get/address2\" }"))
            #expect(!requests.contains("127.0.0.1"))
            #expect(files.contents[2].text.contains("internal static let key1 = HTTestStatusCode(rawValue: \"200\")"))
        } else {
            #expect(requests.contains("internal struct HTGetTodosRequest: HTBaseRequest"))
            #expect(requests.contains("internal typealias Response = [HTTodo]"))
            #expect(files.contents[0].text.contains("internal let todos: [[HTTodo]]?"))
        }
    }
}
