import Foundation
import Testing

@testable import HTCodegenCore

/// Issue #39 part 4: how a request pages, said by a native spec's `"paging"`, an OpenAPI operation's
/// `x-ht-paging`, `htcodegen.json`'s `paging`, or inferred from an NEI paging envelope; every mistake
/// an error at its position.
@Suite struct PagingSpecTests {
    /// The requests file of `spec` generated with `config`, and every diagnostic; or the errors.
    static func generate(_ spec: String, file: String, config json: String = "{}") -> (
        requests: String, diagnostics: [String]
    ) {
        let config: GeneratorConfig
        do {
            let root = try JSONDocumentParser.parse(Array(json.utf8), file: "htcodegen.json")
            let (read, diagnostics) = GeneratorConfig.read(root)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            config = read
        } catch {
            Issue.record("the config does not parse: \(error)")
            return ("", [])
        }
        do {
            let (files, diagnostics) = try Generator.generate(specBytes: Array(spec.utf8), file: file, config: config)
            return (files.contents[1].text, diagnostics.map(\.description))
        } catch {
            return ("", error.diagnostics.map(\.description))
        }
    }

    /// The diagnostics of a config file alone.
    static func configDiagnostics(_ json: String) throws -> [String] {
        let root = try JSONDocumentParser.parse(Array(json.utf8), file: "htcodegen.json")
        return GeneratorConfig.read(root).1.map(\.description)
    }

    /// A native spec with one interface `List` (inputs `page`, `cursor`, `flag`) paged as `paging`
    /// (JSON), on line 6.
    static func native(paging: String, output: String = #""output": {"import": "ItemPage", "bind": {"items": "Item"}}"#)
        -> String
    {
        """
        {"htspec": 1,
         "types": {"Item": {"fields": {"id": "Integer"}},
                   "ItemPage": {"fields": {"items": "[Variable]", "total": "Integer", "next": "String"}}},
         "interfaces": {"List": {"method": "GET", "path": "/items",
           "inputs": {"page": "Integer", "cursor": "String", "flag": "Boolean"}, \(output),
           "paging": \(paging)}}}
        """
    }

    // MARK: Native specs

    @Test func nativePagingMakesAPagedRequest() {
        let cases: [(String, String)] = [
            (
                #"{"cursor": "next", "parameter": "cursor", "total": "total"}"#,
                #"HTPaging(.cursor(keyPath: "next", parameter: "cursor"), totalKeyPath: "total")"#
            ),
            (
                #"{"pageNumber": "page", "first": 0, "items": "items", "maximumPages": 50}"#,
                #"HTPaging(.pageNumber(parameter: "page", first: 0), itemsKeyPath: "items", maximumPages: 50)"#
            ),
            (#"{"pageNumber": "page"}"#, #"HTPaging(.pageNumber(parameter: "page", first: 1))"#),
            (
                #"{"offset": "page", "total": "meta.total"}"#,
                #"HTPaging(.offset(parameter: "page"), totalKeyPath: "meta.total")"#
            ),
            (#""linkHeader""#, "HTPaging(.linkHeader)"),
            (#"{"linkHeader": true, "items": "items"}"#, #"HTPaging(.linkHeader, itemsKeyPath: "items")"#),
        ]
        for (paging, expression) in cases {
            let (requests, diagnostics) = Self.generate(Self.native(paging: paging), file: "p.htspec.json")
            #expect(diagnostics.isEmpty, "\(paging): \(diagnostics)")
            #expect(requests.contains("internal struct HTListRequest: HTBaseRequest, Sendable, HTPagedRequest {"))
            #expect(
                requests.contains("internal static var paging: HTPaging { \(expression) }"),
                "\(paging):\n\(requests)")
        }
        // Without "paging", no conformance.
        let unpaged = Self.native(paging: "null").replacingOccurrences(of: ",\n   \"paging\": null", with: "")
        let plain = Self.generate(unpaged, file: "p.htspec.json")
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics)")
        #expect(plain.requests.contains("HTListRequest: HTBaseRequest, Sendable {"))
    }

    @Test func nativePagingMistakesAreErrorsWhereWritten() {
        let cases: [(paging: String, expected: String)] = [
            (
                #"{"pageNumber": "pge"}"#,
                "p.htspec.json:6:29: error: the paging page-number parameter 'pge' is no input of interface 'List' (did you mean 'page'?); the pages send it as a parameter, so declare it or name one of: cursor, flag, page"
            ),
            (
                #"{"cursor": "next", "parameter": "after"}"#,
                "p.htspec.json:6:46: error: the paging cursor parameter 'after' is no input of interface 'List'"
            ),
            (
                #"{"offset": "flag"}"#,
                "p.htspec.json:6:25: error: the paging offset parameter 'flag' of interface 'List' must be a string or a number, which is what the pages send; it is a Boolean"
            ),
            (
                #"{"pageNumber": "page", "offset": "page"}"#,
                "p.htspec.json:6:37: error: the \"paging\" of interface 'List' must have exactly one of \"cursor\", \"pageNumber\", \"offset\" or \"linkHeader\"; it has \"pageNumber\" and \"offset\""
            ),
            (
                #"{"items": "items"}"#,
                "p.htspec.json:6:14: error: the \"paging\" of interface 'List' must have exactly one of \"cursor\", \"pageNumber\", \"offset\" or \"linkHeader\""
            ),
            (
                #"{"cursor": "next"}"#,
                "p.htspec.json:6:15: error: the \"paging\" of interface 'List' has a \"cursor\" but no \"parameter\": the input the next request sends the cursor as"
            ),
            (
                #"{"pageNumber": "page", "parameter": "page"}"#,
                "p.htspec.json:6:37: error: \"parameter\" goes with \"cursor\" only; the \"paging\" of interface 'List' has \"pageNumber\""
            ),
            (
                #"{"offset": "page", "first": 1}"#,
                "p.htspec.json:6:33: error: \"first\" goes with \"pageNumber\" only; the \"paging\" of interface 'List' has \"offset\""
            ),
            (
                #"{"pageNumber": "page", "first": -1}"#,
                "p.htspec.json:6:46: error: \"first\" of the \"paging\" of interface 'List' must be the first page's number, an integer from 0 (usually 0 or 1); found -1"
            ),
            (
                #"{"pageNumber": "page", "total": "data..total"}"#,
                "p.htspec.json:6:46: error: \"total\" of the \"paging\" of interface 'List' is not a key path: 'data..total' has an empty key (a leading, trailing or double dot)"
            ),
            (
                #"{"pageNumber": "page", "items": ""}"#,
                "p.htspec.json:6:46: error: \"items\" of the \"paging\" of interface 'List' must be a key path in the body such as \"data.items\"; found \"\""
            ),
            (
                #"{"pageNumber": "page", "maximumPages": 0}"#,
                "p.htspec.json:6:53: error: \"maximumPages\" of the \"paging\" of interface 'List' must be an integer from 1; found 0"
            ),
            (
                #"{"linkHeader": false}"#,
                "p.htspec.json:6:29: error: \"linkHeader\" of the \"paging\" of interface 'List' must be true (the next page is the Link header's rel=\"next\"); found a boolean"
            ),
            (
                #"{"pagenumber": "page"}"#,
                "p.htspec.json:6:15: error: unknown key 'pagenumber' in the \"paging\" of interface 'List' (did you mean 'pageNumber'?); expected one of: cursor, parameter, pageNumber, first, offset, linkHeader, items, total, maximumPages"
            ),
            (
                #""pages""#,
                "p.htspec.json:6:14: error: the \"paging\" of interface 'List' must be an object such as {\"pageNumber\": \"page\"} or {\"cursor\": \"next_cursor\", \"parameter\": \"cursor\"}, or \"linkHeader\"; found \"pages\""
            ),
        ]
        for (paging, expected) in cases {
            let (requests, diagnostics) = Self.generate(Self.native(paging: paging), file: "p.htspec.json")
            #expect(requests.isEmpty)
            #expect(
                diagnostics.contains { $0.hasPrefix(expected) }, "\(paging): expected \(expected)\ngot \(diagnostics)")
        }
    }

    @Test func aPageThatIsOneModelIsAWarning() {
        let spec = Self.native(paging: #"{"pageNumber": "page"}"#, output: #""output": "Item""#)
        let (requests, diagnostics) = Self.generate(spec, file: "p.htspec.json")
        #expect(requests.contains("HTPagedRequest"))
        #expect(
            diagnostics == [
                "p.htspec.json:6:14: warning: page numbers and offsets count each page's items, but the response of interface 'List' is the model 'Item', not an array; say where the items are with \"items\" (a key path), or the first page is the last"
            ])
        // With the items' key path, or with a cursor, which does not count items: no warning.
        #expect(
            Self.generate(
                Self.native(paging: #"{"pageNumber": "page", "items": "items"}"#, output: #""output": "Item""#),
                file: "p.htspec.json"
            ).diagnostics.isEmpty)
        #expect(
            Self.generate(
                Self.native(paging: #"{"cursor": "next", "parameter": "cursor"}"#, output: #""output": "Item""#),
                file: "p.htspec.json"
            ).diagnostics.isEmpty)
    }

    @Test func anImportedInputNamesItsFields() {
        let spec = """
            {"htspec": 1,
             "types": {"Query": {"fields": {"page": "Integer", "q": "String"}}, "Item": {"fields": {"id": "Integer"}}},
             "interfaces": {"Find": {"method": "POST", "path": "/find", "input": "Query", "outputs": {"items": "[Item]"},
               "paging": {"pageNumber": "pages"}}}}
            """
        let (_, diagnostics) = Self.generate(spec, file: "i.htspec.json")
        #expect(
            diagnostics == [
                "i.htspec.json:4:29: error: the paging page-number parameter 'pages' is no field of 'Query', the imported input of interface 'Find' (did you mean 'page'?)"
            ])
        let fixed = Self.generate(spec.replacingOccurrences(of: "\"pages\"", with: "\"page\""), file: "i.htspec.json")
        #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics)")
        #expect(fixed.requests.contains(#"HTPaging(.pageNumber(parameter: "page", first: 1))"#))
    }

    // MARK: OpenAPI

    static func openAPI(paging: String) -> String {
        """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /items/{shop}:
            get:
              operationId: listItems
              x-ht-paging: \(paging)
              parameters:
                - {name: shop, in: path, required: true, schema: {type: string}}
                - {name: page, in: query, schema: {type: integer}}
                - {name: X-Cursor, in: header, schema: {type: string}}
              responses:
                "200":
                  description: A page.
                  content:
                    application/json:
                      schema: {type: array, items: {type: string}}
        """
    }

    @Test func openAPIPagingNamesAQueryParameter() {
        let good = Self.generate(Self.openAPI(paging: "{pageNumber: page}"), file: "o.openapi.yaml")
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(good.requests.contains("HTListItemsRequest: HTBaseRequest, Sendable, HTPagedRequest {"))
        #expect(
            good.requests.contains(
                #"internal static var paging: HTPaging { HTPaging(.pageNumber(parameter: "page", first: 1)) }"#))
        #expect(
            Self.generate(Self.openAPI(paging: "{offset: shop}"), file: "o.openapi.yaml").diagnostics == [
                "o.openapi.yaml:7:29: error: the paging offset parameter 'shop' is a path parameter of the operation 'listItems'; it must be a query parameter (in: query), where the pages send it"
            ])
        #expect(
            Self.generate(Self.openAPI(paging: "{cursor: next, parameter: X-Cursor}"), file: "o.openapi.yaml")
                .diagnostics == [
                    "o.openapi.yaml:7:46: error: the paging cursor parameter 'X-Cursor' is a header parameter of the operation 'listItems'; it must be a query parameter (in: query), where the pages send it"
                ])
        #expect(
            Self.generate(Self.openAPI(paging: "{pageNumber: pages}"), file: "o.openapi.yaml").diagnostics == [
                "o.openapi.yaml:7:33: error: the paging page-number parameter 'pages' is no query parameter of the operation 'listItems' (did you mean 'page'?); the pages send it as a parameter, so declare it or name one of: page"
            ])
        #expect(
            Self.generate(Self.openAPI(paging: "{pageNumber: page, total: 3}"), file: "o.openapi.yaml").diagnostics
                == [
                    "o.openapi.yaml:7:46: error: \"total\" of x-ht-paging of the operation 'listItems' must be a key path in the body such as \"data.items\"; found 3"
                ])
    }

    // MARK: NEI

    /// A v3 export: `Item`, the envelope `Page {total: Number, result: [Variable]}` (or `totalField`
    /// for `total`), and the interface `GetItems` with `inputs` (JSON parameters), importing `Page`
    /// with `result` bound to `[Item]`.
    static func export(inputs: String, totalField: String = "total") -> String {
        """
        {"datatypes": [
           {"id": 10000, "type": 1, "name": "Variable", "format": 0, "params": []},
           {"id": 10001, "type": 1, "name": "String", "format": 3, "params": []},
           {"id": 10002, "type": 1, "name": "Number", "format": 4, "params": []},
           {"id": 1, "type": 0, "name": "Item", "format": 0, "params": [{"id": 1, "type": 10002, "name": "id", "isArray": 0}]},
           {"id": 2, "type": 0, "name": "Page", "format": 0, "params": [
             {"id": 2, "type": 10002, "name": "\(totalField)", "isArray": 0},
             {"id": 3, "type": 10000, "name": "result", "isArray": 1}]}],
         "interfaces": [{"id": 7, "name": "商品列表", "className": "GetItems", "path": "/items", "method": "GET",
           "params": {"inputs": [\(inputs)],
           "outputs": [
             {"id": 2, "type": 10002, "name": "\(totalField)", "isArray": 0, "datatypeId": 2, "originalType": 10002},
             {"id": 3, "type": 1, "name": "result", "isArray": 1, "datatypeId": 2, "originalType": 10000}],
           "reqHeaders": [], "resHeaders": []}}],
         "specs": []}
        """
    }

    static func input(_ name: String, type: Int = 10002, defaultValue: String = "") -> String {
        #"{"id": 9, "type": \#(type), "name": "\#(name)", "isArray": 0, "defaultValue": "\#(defaultValue)"}"#
    }

    /// The paging expression generated for `GetItems`, or `nil` when it is not paged.
    static func inferred(_ export: String, config: String = "{}") -> String? {
        let (requests, diagnostics) = generate(export, file: "n.nei.json", config: config)
        #expect(!diagnostics.contains { $0.contains("error") }, "\(diagnostics)")
        guard let line = requests.split(separator: "\n").first(where: { $0.contains("static var paging") }) else {
            #expect(!requests.contains("HTPagedRequest"))
            return nil
        }
        #expect(requests.contains("HTGetItemsRequest: HTBaseRequest, Sendable, HTPagedRequest {"))
        return String(line.drop { $0 == " " })
    }

    @Test func anNEIPagingEnvelopeWithAPageInputIsPaged() {
        let envelope = #"itemsKeyPath: "result", totalKeyPath: "total")"#
        #expect(
            Self.inferred(Self.export(inputs: Self.input("page")))
                == #"internal static var paging: HTPaging { HTPaging(.pageNumber(parameter: "page", first: 1), "#
                + envelope + " }")
        // The input's default says where pages start.
        #expect(
            Self.inferred(Self.export(inputs: Self.input("page_no", type: 10001, defaultValue: "0")))?.contains(
                #".pageNumber(parameter: "page_no", first: 0)"#) == true)
        #expect(
            Self.inferred(Self.export(inputs: Self.input("pageIndex", defaultValue: "1")))?.contains(
                #".pageNumber(parameter: "pageIndex", first: 1)"#) == true)
        #expect(
            Self.inferred(Self.export(inputs: Self.input("Offset")))?.contains(#".offset(parameter: "Offset")"#)
                == true)
        let (requests, _) = Self.generate(Self.export(inputs: Self.input("pageNo")), file: "n.nei.json")
        #expect(
            requests.contains(
                "///   Inferred from the NEI paging envelope; set `paging` in htcodegen.json to change it."))
    }

    @Test func theNEIRuleLeavesWhatItCannotTellAlone() {
        // pageIndex without a default of 0 or 1: which page comes first is unknown.
        #expect(Self.inferred(Self.export(inputs: Self.input("pageIndex"))) == nil)
        #expect(Self.inferred(Self.export(inputs: Self.input("currentPage", defaultValue: "5"))) == nil)
        // Two inputs that could page, or none.
        #expect(Self.inferred(Self.export(inputs: Self.input("page") + "," + Self.input("offset"))) == nil)
        #expect(Self.inferred(Self.export(inputs: Self.input("size"))) == nil)
        // No total in the envelope.
        #expect(Self.inferred(Self.export(inputs: Self.input("page"), totalField: "count")) == nil)
        // A page input that is no number or string.
        #expect(Self.inferred(Self.export(inputs: Self.input("page", type: 1))) == nil)
    }

    @Test func htcodegenJSONSetsReplacesOrTurnsOffPaging() {
        let export = Self.export(inputs: Self.input("page") + "," + Self.input("offset"))
        #expect(Self.inferred(export) == nil)
        #expect(
            Self.inferred(export, config: #"{"paging": {"GetItems": {"offset": "offset", "items": "result"}}}"#)
                == #"internal static var paging: HTPaging { HTPaging(.offset(parameter: "offset"), itemsKeyPath: "result") }"#
        )
        // By the NEI name, and by the request's class name.
        #expect(
            Self.inferred(export, config: #"{"paging": {"商品列表": {"pageNumber": "page", "first": 0}}}"#)?.contains(
                "first: 0") == true)
        #expect(
            Self.inferred(export, config: #"{"paging": {"GetItemsRequest": "linkHeader"}}"#)?.contains(".linkHeader")
                == true)
        // `false` turns the inferred paging off.
        #expect(Self.inferred(Self.export(inputs: Self.input("page"))) != nil)
        #expect(
            Self.inferred(Self.export(inputs: Self.input("page")), config: #"{"paging": {"GetItems": false}}"#) == nil)
    }

    @Test func htcodegenJSONPagingMistakesAreReportedInTheConfig() throws {
        let export = Self.export(inputs: Self.input("page"))
        let (_, unknownInput) = Self.generate(
            export, file: "n.nei.json", config: #"{"paging": {"GetItems": {"pageNumber": "pageNo"}}}"#)
        #expect(
            unknownInput == [
                "htcodegen.json:1:40: error: the paging page-number parameter 'pageNo' is no input of interface 'GetItems' (did you mean 'page'?); the pages send it as a parameter, so declare it or name one of: page"
            ])
        let (_, unmatched) = Self.generate(export, file: "n.nei.json", config: #"{"paging": {"GetThings": false}}"#)
        #expect(
            unmatched == [
                "htcodegen.json:1:13: warning: the \"paging\" key 'GetThings' matches nothing: no interface has that className, name or operationId"
            ])
        #expect(
            try Self.configDiagnostics(#"{"paging": ["GetItems"]}"#) == [
                "htcodegen.json:1:12: error: \"paging\" must be an object from request names to their paging, such as {\"GetProducts\": {\"pageNumber\": \"page\"}}, found an array"
            ])
        #expect(
            try Self.configDiagnostics(#"{"paging": {"GetItems": {"page": "page"}}}"#).first?.hasPrefix(
                "htcodegen.json:1:26: error: unknown key 'page' in the \"paging\" of 'GetItems'") == true)
    }

    /// The build plugin runs once per spec with the others as `--also`: a `paging` key that names an
    /// interface of another spec of the target is no warning; one that names none is reported once.
    @Test func aTargetsSpecsShareThePagingSetting() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ht-paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appending(path: "a.htspec.json")
        let b = directory.appending(path: "b.htspec.json")
        let interface = #"{"method": "GET", "path": "/x", "inputs": {"page": "Integer"}}"#
        try Data(#"{"htspec": 1, "interfaces": {"ListA": \#(interface)}}"#.utf8).write(to: a)
        try Data(#"{"htspec": 1, "interfaces": {"ListB": \#(interface)}}"#.utf8).write(to: b)
        let config = directory.appending(path: "htcodegen.json")
        let output = directory.appending(path: "out").path
        func run(_ spec: URL, also other: URL) -> Int32 {
            CodegenCommand.run(arguments: [
                "generate", spec.path, "--also", other.path, "--config", config.path, "--output-dir", output,
                "--quiet", "--warnings-as-errors",
            ])
        }
        try Data(#"{"paging": {"ListA": {"pageNumber": "page"}}}"#.utf8).write(to: config)
        #expect(run(a, also: b) == 0)
        #expect(run(b, also: a) == 0)
        #expect(try String(contentsOfFile: output + "/a+Requests.swift", encoding: .utf8).contains("HTPagedRequest"))
        #expect(try !String(contentsOfFile: output + "/b+Requests.swift", encoding: .utf8).contains("HTPagedRequest"))
        try Data(#"{"paging": {"ListA": "linkHeader", "ListC": false}}"#.utf8).write(to: config)
        #expect(run(a, also: b) == 1)
        #expect(run(b, also: a) == 0)
    }
}
