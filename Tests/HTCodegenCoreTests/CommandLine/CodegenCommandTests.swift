import Foundation
import Testing

@testable import HTCodegenCore

/// The `ht-codegen` command line: options, exit statuses, and what it writes.
@Suite struct CodegenCommandTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "ht-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func helpDocumentsEveryOption() throws {
        #expect(try CodegenCommand.parse(["--help"]) == .help)
        #expect(try CodegenCommand.parse([]) == .help)
        #expect(try CodegenCommand.parse(["generate", "a.htspec.json", "-h"]) == .help)
        for option in [
            "--output-dir", "--config", "--name-prefix", "--req-abstract", "--model-abstract", "--access-level",
            "--runtime-module", "--declare-abstract-types", "--warnings-as-errors", "--dry-run", "--quiet", "--verbose",
            "--version", "--shards", "+Models-k.swift",
        ] {
            #expect(CodegenCommand.help.contains(option), "help does not mention \(option)")
        }
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(CodegenCommand.run(arguments: ["frobnicate"]) == 2)
        #expect(CodegenCommand.run(arguments: ["generate"]) == 2)
        #expect(CodegenCommand.run(arguments: ["generate", "a.htspec.json"]) == 2)
        #expect(CodegenCommand.run(arguments: ["generate", "a.htspec.json", "--output-dir"]) == 2)
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "--access-level", "private"]) == 2)
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "--bogus"]) == 2)
        for shards in ["0", "65", "-1", "two", "--quiet"] {
            #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "--shards", shards]) == 2, "\(shards)")
        }
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "--shards"]) == 2)
    }

    @Test func shardsAreANumberOrAuto() throws {
        guard case .run(_, let three) = try CodegenCommand.parse(["check", "a.htspec.json", "--shards", "3"]),
            case .run(_, let auto) = try CodegenCommand.parse(["check", "a.htspec.json", "--shards", "auto"]),
            case .run(_, let unset) = try CodegenCommand.parse(["check", "a.htspec.json"])
        else {
            Issue.record("expected runs")
            return
        }
        #expect(three.shards == 3)
        #expect(auto.shards == nil)
        #expect(unset.shards == nil)
        #expect(try CodegenCommand.parse(["check", "a.htspec.json", "--shards", "64"]) != .help)
    }

    /// The build plugin generates all the specs of a target in one run, each with the shard count it
    /// declared: a list, one per spec in order.
    @Test func shardsMayBeOnePerSpec() throws {
        guard
            case .run(_, let each) = try CodegenCommand.parse([
                "generate", "a.htspec.json", "b.htspec.json", "--shards", "1,3", "--output-dir", "out",
            ])
        else {
            Issue.record("expected a run")
            return
        }
        #expect(each.shardsPerSpec == [1, 3])
        #expect(each.shards == nil)
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "--shards", "1,3"]) == 2)
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "b.htspec.json", "--shards", "1,0"]) == 2)
        #expect(CodegenCommand.run(arguments: ["check", "a.htspec.json", "b.htspec.json", "--shards", "1,"]) == 2)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appending(path: "a.htspec.json")
        let second = directory.appending(path: "b.htspec.json")
        try Data(#"{"htspec": 1, "types": {"A": {"fields": {"x": "String"}}}}"#.utf8).write(to: first)
        try Data(#"{"htspec": 1, "types": {"B": {"fields": {"y": "String"}}}}"#.utf8).write(to: second)
        let output = directory.appending(path: "out")
        let status = CodegenCommand.run(arguments: [
            "generate", first.path, second.path, "--shards", "1,3", "--output-dir", output.path, "--quiet",
        ])
        #expect(status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        let expected =
            Generator.outputFileNames(forSpec: "a.htspec.json", shards: 1)
            + Generator.outputFileNames(forSpec: "b.htspec.json", shards: 3)
        #expect(written == expected.sorted())
    }

    @Test("--shards writes that many models and requests files; fewer later deletes the extra ones")
    func shardsAreWrittenAndStaleOnesDeleted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appending(path: "shop.htspec.json")
        try Data(OutputShardsTests.spec(count: 12).utf8).write(to: spec)
        let output = directory.appending(path: "out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // Files that are not this spec's outputs are never deleted.
        let bystanders = ["App.swift", "other+Models-2.swift", "shop+Models-02.swift", "shop+Views.swift"]
        for name in bystanders { try Data("// kept\n".utf8).write(to: output.appending(path: name)) }
        func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() }

        let generate = { (extra: [String]) in
            CodegenCommand.run(arguments: ["generate", spec.path, "--output-dir", output.path, "--quiet"] + extra)
        }
        #expect(generate(["--shards", "3"]) == 0)
        let three = Generator.outputFileNames(forSpec: "shop.htspec.json", shards: 3)
        #expect(try listing() == (three + bystanders).sorted())

        // A dry run names what it would delete, and deletes nothing.
        #expect(generate(["--shards", "1", "--dry-run"]) == 0)
        #expect(try listing() == (three + bystanders).sorted())

        #expect(generate(["--shards", "1"]) == 0)
        let one = Generator.outputFileNames(forSpec: "shop.htspec.json", shards: 1)
        #expect(one == ["shop+Models.swift", "shop+Requests.swift", "shop+Enums.swift"])
        #expect(try listing() == (one + bystanders).sorted())
        let models = try String(contentsOf: output.appending(path: "shop+Models.swift"), encoding: .utf8)
        for index in 0..<12 { #expect(models.contains("final class HTType\(index):")) }
    }

    @Test("without --shards the count follows the spec's size, as in the build plugin")
    func shardsDefaultToTheSizeRule() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appending(path: "big.htspec.json")
        let text = OutputShardsTests.spec(count: 300)
        try Data(text.utf8).write(to: spec)
        let expected = SpecFileNaming.shardCount(forSpec: "big.htspec.json", size: text.utf8.count)
        try #require(expected >= 2)
        let output = directory.appending(path: "out")
        #expect(CodegenCommand.run(arguments: ["generate", spec.path, "--output-dir", output.path, "--quiet"]) == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
                == Generator.outputFileNames(forSpec: "big.htspec.json", shards: expected).sorted())
    }

    @Test func optionsOverrideTheConfigFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appending(path: "htcodegen.json")
        try Data(#"{"namePrefix": "AB", "accessLevel": "public"}"#.utf8).write(to: config)
        guard
            case .run(_, let options) = try CodegenCommand.parse([
                "check", "x.htspec.json", "--config", config.path, "--name-prefix", "CD",
            ])
        else {
            Issue.record("expected a run")
            return
        }
        let (resolved, diagnostics) = CodegenCommand.resolvedConfig(options)
        #expect(diagnostics.isEmpty)
        #expect(resolved.namePrefix == "CD")
        #expect(resolved.accessLevel == .public)
    }

    @Test("accessLevel package: every generated declaration is `package`")
    func packageAccessLevel() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appending(path: "stock.htspec.json")
        try Data(
            #"{"htspec": 1, "types": {"Level": {"fields": {"n": "Integer"}}, "Kind": {"enum": [{"key": "a", "value": "a"}]}}, "interfaces": {"Get": {"method": "GET", "path": "/levels", "outputs": {"level": {"type": "Level"}}}}}"#
                .utf8
        ).write(to: spec)
        let output = directory.appending(path: "out")
        #expect(
            CodegenCommand.run(arguments: [
                "generate", spec.path, "--output-dir", output.path, "--access-level", "package", "--quiet",
            ]) == 0)
        for file in ["stock+Models.swift", "stock+Requests.swift", "stock+Enums.swift"] {
            let text = try String(contentsOf: output.appending(path: file), encoding: .utf8)
            let declarations = text.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    && ($0.contains(" class ") || $0.contains(" struct ") || $0.contains(" enum "))
            }
            #expect(!declarations.isEmpty, "\(file) declares nothing")
            #expect(
                declarations.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("package ") }, "\(file)")
            #expect(!text.contains("internal ") && !text.contains("public "), "\(file)")
        }
        // A request without inputs needs an explicit initializer: the implicit one would be internal.
        let requests = try String(contentsOf: output.appending(path: "stock+Requests.swift"), encoding: .utf8)
        #expect(requests.contains("package init() {}"))
    }

    /// A document set as published: a root `Service_Management.yaml` whose sibling files it refers to
    /// by their names, and which they refer back to by its name. `htcodegen.json` names the root; the
    /// siblings are read, not generated, and the root's schemas reached back are the root's own.
    @Test func aConfigNamesTheDocumentsToGenerateWhateverTheirNames() throws {
        let folder = try temporaryDirectory()
        let files = [
            "Service_Management.yaml": """
            openapi: 3.0.3
            info: {title: Service Management, version: "1"}
            paths:
              /services/{id}: {$ref: 'Service_Management_paths.yaml#/services'}
            components:
              schemas:
                Service:
                  type: object
                  properties:
                    name: {type: string}
                    status: {$ref: 'Service_Management_common.yaml#/components/schemas/Status'}
                    owner: {$ref: 'Service_Management_common.yaml#/components/schemas/Owner'}
            """,
            "Service_Management_paths.yaml": """
            services:
              get:
                operationId: getService
                parameters: [{$ref: 'Service_Management_common.yaml#/components/parameters/Id'}]
                responses:
                  '200':
                    description: A service.
                    content: {application/json: {schema: {$ref: 'Service_Management.yaml#/components/schemas/Service'}}}
            """,
            "Service_Management_common.yaml": """
            components:
              parameters:
                Id: {name: id, in: path, required: true, schema: {type: string}}
              schemas:
                Status: {type: string, enum: [up, down]}
                Owner:
                  type: object
                  properties:
                    services: {type: array, items: {$ref: 'Service_Management.yaml#/components/schemas/Service'}}
            """,
            "htcodegen.json": #"{"documents": ["Service_Management.yaml"]}"#,
        ]
        for (name, text) in files {
            try text.write(to: folder.appending(path: name), atomically: true, encoding: .utf8)
        }
        let output = folder.appending(path: "out")
        let config = folder.appending(path: "htcodegen.json").path(percentEncoded: false)
        #expect(
            CodegenCommand.run(arguments: [
                "generate", "--config", config, "--output-dir", output.path(percentEncoded: false), "--quiet",
                "--warnings-as-errors",
            ]) == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path(percentEncoded: false)).sorted()
        #expect(
            written == [
                "Service_Management+Enums.swift", "Service_Management+Models.swift",
                "Service_Management+Requests.swift",
            ])
        let models = try String(contentsOf: output.appending(path: "Service_Management+Models.swift"), encoding: .utf8)
        let enums = try String(contentsOf: output.appending(path: "Service_Management+Enums.swift"), encoding: .utf8)
        let requests = try String(
            contentsOf: output.appending(path: "Service_Management+Requests.swift"), encoding: .utf8)
        #expect(models.contains("final class HTService"))
        #expect(models.contains("let status: HTStatus?"))
        #expect(models.contains("let services: [HTService]?"))
        #expect(!models.contains("HTService2"))
        #expect(enums.contains("HTStatus"))
        #expect(requests.contains("struct HTGetServiceRequest"))
        #expect(requests.contains("let id: String") || requests.contains("var id: String"))
        // Without documents and without specs there is nothing to do: a usage error.
        try "{}".write(to: folder.appending(path: "htcodegen.json"), atomically: true, encoding: .utf8)
        #expect(CodegenCommand.run(arguments: ["check", "--config", config]) == 2)
    }

    @Test func documentsMustStayInsideTheConfigsFolder() throws {
        let root = try JSONDocumentParser.parse(
            Array(#"{"documents": ["../other.yaml", "/etc/api.yaml", 3, "a/b.yaml"]}"#.utf8), file: "htcodegen.json")
        let (config, diagnostics) = GeneratorConfig.read(root)
        #expect(config.documents.map(\.path) == ["a/b.yaml"])
        #expect(
            diagnostics.map(\.description) == [
                "htcodegen.json:1:16: error: the document '../other.yaml' must be a path relative to the folder of the config file, inside it",
                "htcodegen.json:1:33: error: the document '/etc/api.yaml' must be a path relative to the folder of the config file, inside it",
                "htcodegen.json:1:50: error: \"documents\" must hold file names, found a number",
            ])
        #expect(SpecFileNaming.stem(of: "Service_Management.yaml") == "Service_Management")
        #expect(SpecFileNaming.shardCount(forSpec: "Service_Management.yaml", size: 64 * 1024 + 1) == 2)
    }

    @Test func generateWritesAllFilesAndFailsOnErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appending(path: "good.htspec.json")
        try Data(#"{"htspec": 1, "types": {"A": {"fields": {"x": "String"}}}}"#.utf8).write(to: good)
        let output = directory.appending(path: "out")
        #expect(CodegenCommand.run(arguments: ["generate", good.path, "--output-dir", output.path, "--quiet"]) == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written == ["good+Enums.swift", "good+Models.swift", "good+Requests.swift"])

        let bad = directory.appending(path: "bad.htspec.json")
        try Data(#"{"htspec": 1, "types": {"A": {"fields": {"x": "Nope"}}}}"#.utf8).write(to: bad)
        #expect(CodegenCommand.run(arguments: ["generate", bad.path, "--output-dir", output.path, "--quiet"]) == 1)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "bad+Models.swift").path))
        #expect(CodegenCommand.run(arguments: ["check", good.path]) == 0)
        #expect(CodegenCommand.run(arguments: ["check", directory.appending(path: "missing.htspec.json").path]) == 1)
    }

    @Test func twoSpecsWithOneStemAreRejected() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sub = directory.appending(path: "v2")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let spec = Data(#"{"htspec": 1}"#.utf8)
        try spec.write(to: directory.appending(path: "orders.htspec.json"))
        try spec.write(to: sub.appending(path: "orders.htspec.json"))
        let status = CodegenCommand.run(arguments: [
            "check", directory.appending(path: "orders.htspec.json").path,
            sub.appending(path: "orders.htspec.json").path,
        ])
        #expect(status == 1)
    }

    @Test func warningsCanBeErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appending(path: "w.htspec.json")
        try Data(
            #"{"htspec": 1, "types": {"M": {"fields": {}}}, "interfaces": {"I": {"method": "GET", "path": "/x", "outputs": {"n": "Integer", "m": "M"}}}}"#
                .utf8
        )
        .write(to: spec)
        #expect(CodegenCommand.run(arguments: ["check", spec.path]) == 0)
        #expect(CodegenCommand.run(arguments: ["check", spec.path, "--warnings-as-errors"]) == 1)
    }

    /// Hundreds of warnings of one kind must not bury an error: each kind shows three and a count.
    @Test func warningsAreGroupedByKind() throws {
        let location = { (line: Int) in SourceLocation(file: "x.nei.json", line: line, column: 3) }
        var diagnostics: [Diagnostic] = (1...40).map {
            Diagnostic(
                .warning, "the path parameter 'p\($0)' of interface 'I\($0)' is not among its inputs", at: location($0))
        }
        diagnostics.insert(Diagnostic(.warning, "this API mixes response rules 1 and 2", at: location(50)), at: 7)
        diagnostics.append(Diagnostic(.error, "unknown type 'Nope'", at: location(99)))
        let lines = DiagnosticGroups.lines(for: diagnostics, verbose: false)
        #expect(lines.first == "x.nei.json:99:3: error: unknown type 'Nope'")
        #expect(lines.count == 1 + 3 + 1 + 1)
        #expect(
            lines[1] == "x.nei.json:1:3: warning: the path parameter 'p1' of interface 'I1' is not among its inputs")
        #expect(
            lines[4]
                == "x.nei.json:4:3: warning: 37 more warnings like the one above (40 in all; run ht-codegen with --verbose to list them)"
        )
        #expect(lines[5] == "x.nei.json:50:3: warning: this API mixes response rules 1 and 2")
        #expect(DiagnosticGroups.lines(for: diagnostics, verbose: true).count == 42)
        #expect(
            DiagnosticGroups.kind(of: "'a' is 12, \"b\" is 3") == DiagnosticGroups.kind(of: "'xyz' is 7, \"c\" is 40"))
        #expect(
            try CodegenCommand.parse(["check", "a.htspec.json", "--verbose"])
                != CodegenCommand.parse(["check", "a.htspec.json"]))
    }

    /// Two specs of one target may both define the `ResultData` envelope: it gets no model, so there is
    /// nothing to clash. Used as a model (a field's type) it is generated, and then it clashes.
    @Test func twoSpecsMayBothDefineTheEnvelope() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func spec(_ request: String, extra: String = "") -> String {
            #"{"htspec": 1, "types": {"ResultData": {"fields": {"code": "Integer", "result": "Variable"}}"# + extra
                + #"},"#
                + #" "interfaces": {"\#(request)": {"method": "GET", "path": "/\#(request)", "output": {"import": "ResultData"}}}}"#
        }
        let first = directory.appending(path: "a.htspec.json")
        let second = directory.appending(path: "b.htspec.json")
        let third = directory.appending(path: "c.htspec.json")
        try Data(spec("GetA").utf8).write(to: first)
        try Data(spec("GetB").utf8).write(to: second)
        try Data(spec("GetC", extra: #", "Holder": {"fields": {"reply": "ResultData"}}"#).utf8).write(to: third)
        #expect(CodegenCommand.run(arguments: ["check", first.path, "--also", second.path]) == 0)
        #expect(CodegenCommand.run(arguments: ["check", second.path, "--also", first.path]) == 0)
        #expect(CodegenCommand.run(arguments: ["check", first.path, second.path]) == 0)
        let names = try swiftNames([first, third])
        #expect(!names.specs[0].declared.contains { $0.swift == "HTResultData" })
        #expect(names.specs[0].declared.contains { $0.swift == "HTGetARequest" })
        // Used as a field's type, the envelope is a model again.
        #expect(names.specs[1].declared.contains { $0.swift == "HTResultData" })
    }

    /// The naming stage over the specs at `paths`, as one target's (``SwiftNames``).
    func swiftNames(_ paths: [URL]) throws -> SwiftNames {
        let apis = try paths.map { path in
            let document = try #require(Generator.readSpec(at: path.path).0)
            return try #require(Resolver.resolve(document).0)
        }
        return SwiftNames(apis, config: GeneratorConfig())
    }

    /// The same type in two specs of one target is an error at its place in each, not hundreds of Swift
    /// "ambiguous for type lookup" errors in generated files.
    @Test func aTypeDeclaredInTwoSpecsIsAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appending(path: "a.htspec.json")
        let second = directory.appending(path: "b.htspec.json")
        let third = directory.appending(path: "c.htspec.json")
        try Data(#"{"htspec": 1, "types": {"User": {"fields": {"x": "String"}}, "Only": {"fields": {}}}}"#.utf8).write(
            to: first)
        try Data(#"{"htspec": 1, "types": {"User": {"fields": {"y": "String"}}}}"#.utf8).write(to: second)
        try Data(#"{"htspec": 1, "types": {"Other": {"fields": {"y": "String"}}}}"#.utf8).write(to: third)
        // Together in one run, and one at a time with the others named by --also (as the plugin runs it).
        #expect(CodegenCommand.run(arguments: ["check", first.path, second.path]) == 1)
        #expect(CodegenCommand.run(arguments: ["check", first.path, "--also", second.path]) == 1)
        #expect(CodegenCommand.run(arguments: ["check", second.path, "--also", first.path]) == 1)
        #expect(CodegenCommand.run(arguments: ["check", first.path, "--also", third.path]) == 0)
        #expect(CodegenCommand.run(arguments: ["check", first.path, third.path]) == 0)

        let names = try swiftNames([first, second])
        for (index, other) in [(0, second), (1, first)] {
            let clashes = names.specs[index].clashes
            #expect(clashes.count == 1)
            #expect(clashes.first?.location.line == 1)
            #expect(
                clashes.first?.message.hasPrefix(
                    "the type 'User' is generated as 'HTUser', which is declared again in \(other.path):1:") == true)
        }
        #expect(try swiftNames([first, third]).specs.allSatisfy(\.clashes.isEmpty))
    }

    /// The check compares the Swift names, not the spec names: `user_info` in one spec and `UserInfo` in
    /// another would both declare `HTUserInfo`. The error names both places and both spec names.
    @Test func twoSpecNamesWithOneSwiftNameInTwoSpecsAreAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appending(path: "a.htspec.json")
        let second = directory.appending(path: "b.openapi.json")
        try Data(#"{"htspec": 1, "types": {"user_info": {"fields": {"x": "String"}}}}"#.utf8).write(to: first)
        try Data(
            #"""
            {"openapi": "3.0.3", "info": {"title": "b", "version": "1"}, "paths": {},
             "components": {"schemas": {"UserInfo": {"type": "object", "properties": {"y": {"type": "string"}}}}}}
            """#.utf8
        ).write(to: second)
        #expect(CodegenCommand.run(arguments: ["check", first.path, second.path]) == 1)
        #expect(CodegenCommand.run(arguments: ["check", first.path, "--also", second.path]) == 1)
        #expect(CodegenCommand.run(arguments: ["check", second.path, "--also", first.path]) == 1)

        let names = try swiftNames([first, second])
        let clashes = names.specs[0].clashes
        #expect(clashes.count == 1)
        #expect(clashes.first?.severity == .error)
        #expect(clashes.first?.location.file == first.path)
        #expect(clashes.first?.location.line == 1)
        #expect(
            clashes.first?.message.hasPrefix(
                "the type 'user_info' is generated as 'HTUserInfo', which is declared again in \(second.path):2:")
                == true)
        #expect(clashes.first?.message.contains("as the type 'UserInfo' (another spec of the same target)") == true)
        let theirs = try #require(names.specs[1].clashes.first)
        #expect(theirs.location.file == second.path)
        #expect(theirs.message.contains("declared again in \(first.path):1:"))
        #expect(theirs.message.contains("as the type 'user_info'"))
    }
}
