import Testing

@testable import HTCodegenCore

/// The envelope rule for `Variable` and `[Variable]` fields: native `bind` (the type stands for
/// `Variable`, arrays compose) and NEI bound parameters (the field's whole type in the interface).
@Suite struct VariableBindingTests {
    /// The response of the one interface of `spec` (a native spec or an NEI export).
    static func response(_ spec: String, file: String = "b.htspec.json") throws -> ResolvedResponse {
        let (document, parseDiagnostics) = Generator.parseSpec(Array(spec.utf8), file: file)
        #expect(!parseDiagnostics.contains { $0.severity == .error }, "\(parseDiagnostics)")
        let (api, diagnostics) = Resolver.resolve(try #require(document))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(api?.requests.first?.response)
    }

    static func errors(_ spec: String) -> [String] {
        do {
            _ = try Generator.generate(specBytes: Array(spec.utf8), file: "b.htspec.json", config: GeneratorConfig())
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    static func native(payload: String, bind: String?) -> String {
        let binding = bind.map { ", \"bind\": {\"result\": \"\($0)\"}" } ?? ""
        return """
            {"htspec": 1, "types": {
               "Product": {"fields": {"id": "Int64"}},
               "Page": {"fields": {"total": "Integer", "result": "\(payload)"}}},
             "interfaces": {"List": {"method": "GET", "path": "/l", "output": {"import": "Page"\(binding)}}}}
            """
    }

    @Test(arguments: [
        ("Variable", "Product", ResolvedType.model("Product")),
        ("Variable", "[Product]", .array(.model("Product"))),
        ("[Variable]", "Product", .array(.model("Product"))),
        ("[Variable]", "[Product]", .array(.array(.model("Product")))),
        ("[[Variable]]", "Product", .array(.array(.model("Product")))),
        ("[Variable]", "[String: Product]", .array(.map(.model("Product")))),
    ])
    func nativeBindingsComposeWithTheFieldsArrays(payload: String, bind: String, expected: ResolvedType) throws {
        let response = try Self.response(Self.native(payload: payload, bind: bind))
        #expect(response.rule == 2)
        #expect(response.keyPath == "result")
        #expect(response.type == expected)
    }

    @Test func anUnboundOrSystemBoundPayloadIsRawJSONUnderTheKeyPath() throws {
        for (payload, bind) in [("[Variable]", nil), ("[Variable]", "Int64"), ("Variable", "[String: Decimal]")] {
            let response = try Self.response(Self.native(payload: payload, bind: bind))
            #expect(response.rule == 2)
            #expect(response.keyPath == "result")
            #expect(response.type == nil)
        }
    }

    @Test func aNamedArrayTypeOfVariableIsBindable() throws {
        let spec = """
            {"htspec": 1, "types": {
               "Product": {"fields": {"id": "Int64"}}, "Anything": {"array": "Variable"},
               "Page": {"fields": {"total": "Integer", "result": "Anything"}}},
             "interfaces": {"List": {"method": "GET", "path": "/l", "output": {"import": "Page", "bind": {"result": "Product"}}}}}
            """
        #expect(try Self.response(spec).type == .array(.model("Product")))
    }

    @Test func twoVariableFieldsAreNoEnvelope() throws {
        let spec = """
            {"htspec": 1, "types": {"Pair": {"fields": {"first": "Variable", "rest": "[Variable]"}}},
             "interfaces": {"Get": {"method": "GET", "path": "/p", "output": "Pair"}}}
            """
        let response = try Self.response(spec)
        #expect(response.rule == 3)
        #expect(response.type == .model("Pair"))
    }

    @Test func onlyWhatCannotBeBoundIsAnError() {
        let spec = """
            {"htspec": 1, "types": {
               "Product": {"fields": {"id": "Int64"}},
               "Page": {"fields": {"total": "Integer", "result": "[Variable]", "extra": "[String: Variable]"}}},
             "interfaces": {"List": {"method": "GET", "path": "/l", "output": {"import": "Page", "bind": {
               "result": "Product", "total": "Product", "extra": "Product", "missing": "Product"}}}}}
            """
        #expect(
            Self.errors(spec) == [
                "b.htspec.json:5:34: error: only Variable and [Variable] fields can be bound; 'Page.total' is Integer",
                "b.htspec.json:5:54: error: only Variable and [Variable] fields can be bound; 'Page.extra' is [String: Variable]",
                "b.htspec.json:5:76: error: 'Page' has no field 'missing' to bind",
            ])
    }

    /// An NEI v0 export with `ResultFragment.result: [Variable]` bound per interface, as real exports
    /// record it: the imported parameter carries the chosen `type` and `isArray`.
    static func v0(resultType: Int, isArray: Int) -> String {
        """
        {"datatypes": [
           {"id": 10000, "name": "Variable", "format": 0}, {"id": 10002, "name": "Number", "format": 0},
           {"id": 1, "name": "Product", "format": 0}, {"id": 2, "name": "ProductList", "format": 2, "subtype": 1},
           {"id": 3, "name": "ResultFragment", "format": 0}],
         "attributes": [
           {"id": 11, "name": "id", "type": 10002, "isArray": 0, "parentId": 1},
           {"id": 31, "name": "total", "type": 10002, "isArray": 0, "parentId": 3},
           {"id": 32, "name": "result", "type": 10000, "isArray": 1, "parentId": 3}],
         "interfaces": [{"id": 9, "name": "GetProducts", "className": "", "path": "/products", "method": 1, "inputs": [],
           "outputs": [
             {"id": 31, "datatypeId": 3, "datatypeName": "ResultFragment", "name": "total", "originalType": 10002, "type": 10002, "isArray": 0},
             {"id": 32, "datatypeId": 3, "datatypeName": "ResultFragment", "name": "result", "originalType": 10000, "type": \(resultType), "isArray": \(isArray)}],
           "headers": []}],
         "timestamp": 1}
        """
    }

    @Test func anNEIBindingIsTheFieldsWholeTypeInTheInterface() throws {
        // [Variable] with the parameter's isArray 1: a list of products, not a list of lists.
        #expect(
            try Self.response(Self.v0(resultType: 1, isArray: 1), file: "p.nei.json").type == .array(.model("Product")))
        // The interface says isArray 0: one product, as nei-toolkit reads it.
        #expect(try Self.response(Self.v0(resultType: 1, isArray: 0), file: "p.nei.json").type == .model("Product"))
        // Arrays compose through a bound array datatype.
        #expect(
            try Self.response(Self.v0(resultType: 2, isArray: 1), file: "p.nei.json").type
                == .array(.array(.model("Product"))))
        // Left Variable: raw JSON under the field.
        let unbound = try Self.response(Self.v0(resultType: 10000, isArray: 1), file: "p.nei.json")
        #expect(unbound.type == nil)
        #expect(unbound.keyPath == "result")
        #expect(unbound.rule == 2)
    }

    @Test func thePagingFixtureMapsEachInterfaceToItsModel() throws {
        let fixture = GoldenTests.packageDirectory.appending(
            path: "Tests/HTGeneratedClientTests/Specs/nei-paging.nei.json")
        let (document, _) = Generator.readSpec(at: fixture.path, displayPath: "nei-paging.nei.json")
        let (api, diagnostics) = Resolver.resolve(try #require(document))
        #expect(diagnostics.isEmpty)
        let responses = Dictionary(
            uniqueKeysWithValues: (api?.requests ?? []).map { ($0.className, $0.response) })
        #expect(responses["GetProductsRequest"]?.type == .array(.model("Product")))
        #expect(responses["SearchProductsRequest"]?.type == .array(.model("Product")))
        #expect(responses["GetOrdersRequest"]?.type == .array(.model("Order")))
        #expect(responses["GetProductRequest"]?.type == .model("Product"))
        #expect(responses["GetApiHistoryRequest"]?.type == nil)
        for (name, response) in responses {
            #expect(response.rule == 2, "\(name)")
            #expect(response.keyPath == (name == "GetProductRequest" ? "data" : "result"), "\(name)")
        }
        // Both envelopes are only envelopes: no model of their own.
        #expect(api?.models.map(\.name) == ["Order", "Product"])
    }
}
