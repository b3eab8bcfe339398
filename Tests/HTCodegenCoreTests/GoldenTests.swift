import Foundation
import Testing

@testable import HTCodegenCore

/// Compares the generated code of every rule spec, the demo spec and the settings spec with the files
/// in `Goldens/<stem>/` (the generated Swift and `diagnostics.txt`).
///
/// After an intended change to the generator, update the goldens with one command:
///
///     HT_UPDATE_GOLDENS=1 swift test --filter GoldenTests
///
/// and review the diff of `Tests/HTCodegenCoreTests/Goldens/` before committing.
@Suite struct GoldenTests {
    static let testsDirectory = URL(filePath: #filePath).deletingLastPathComponent()
    static let packageDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let goldensDirectory = testsDirectory.appending(path: "Goldens")

    /// Every spec with a golden: the rule specs compiled in HTGeneratedClientTests, the demo, and the
    /// settings spec (with its config).
    static let specURLs: [URL] = {
        let ruleSpecs = packageDirectory.appending(path: "Tests/HTGeneratedClientTests/Specs")
        let own = testsDirectory.appending(path: "Specs")
        let files = [ruleSpecs, own].flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
                .filter { Generator.isSpecFile($0.lastPathComponent) }
        }
        return (files + [packageDirectory.appending(path: "Specs/demo.htspec.json")])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }()

    /// The specs as test arguments: paths relative to the package, so a failure names no machine path.
    static let specs: [String] = specURLs.map { url in
        String(url.path.dropFirst(packageDirectory.path.count).drop { $0 == "/" })
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["HT_UPDATE_GOLDENS"] == "1" }

    /// The config for a spec: `<stem>.htcodegen.json` beside it, if present.
    static func config(for spec: URL) throws -> GeneratorConfig {
        let stem = SpecFileNaming.stem(of: spec.lastPathComponent)
        let configURL = spec.deletingLastPathComponent().appending(path: "\(stem).htcodegen.json")
        guard FileManager.default.fileExists(atPath: configURL.path) else { return GeneratorConfig() }
        let (config, diagnostics) = Generator.readConfig(at: configURL.path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return config
    }

    @Test func thereAreGoldensForEveryRule() {
        let names = Set(Self.specURLs.map(\.lastPathComponent))
        for required in [
            "types.htspec.json", "enums.htspec.json", "response-rule-1.htspec.json", "response-rule-2.htspec.json",
            "response-rule-3.htspec.json", "response-rule-4.htspec.json", "response-rule-5.htspec.json",
            "headers.htspec.json", "imported-input.htspec.json", "docs.htspec.json", "naming.htspec.json",
            "settings.htspec.json", "demo.htspec.json", "nei-naming.nei.json", "value-types.htspec.json",
            "nei-paging.nei.json", "nei-overrides.nei.json", "petstore.openapi.yaml",
            "petstore-expanded.openapi.json", "paging.htspec.json", "pages.openapi.yaml",
        ] {
            #expect(names.contains(required), "missing spec \(required)")
        }
    }

    @Test(arguments: specs)
    func generatedCodeMatchesGolden(spec relativePath: String) throws {
        let spec = Self.packageDirectory.appending(path: relativePath)
        let bytes = try [UInt8](Data(contentsOf: spec))
        let fileName = spec.lastPathComponent
        let (files, diagnostics) = try Generator.generate(
            specBytes: bytes, file: fileName, path: spec.path, config: try Self.config(for: spec),
            declareAbstractTypes: true)
        let stem = SpecFileNaming.stem(of: fileName)
        let directory = Self.goldensDirectory.appending(path: stem)
        var expected = files.contents
        expected.append((name: "diagnostics.txt", text: diagnostics.map { $0.description + "\n" }.joined()))
        if Self.updating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in expected {
                try Data(file.text.utf8).write(to: directory.appending(path: file.name))
            }
            return
        }
        for file in expected {
            let golden = try String(contentsOf: directory.appending(path: file.name), encoding: .utf8)
            // A unified diff, named by the golden's place in the package, not two whole files.
            let name = "Goldens/\(stem)/\(file.name)"
            let diff = LineDiff.unified(
                old: golden, new: file.text, oldName: name, newName: "generated from \(fileName)")
            if !diff.isEmpty {
                Issue.record(
                    "\(name) differs from its golden; if the change is intended run: HT_UPDATE_GOLDENS=1 swift test --filter GoldenTests\n\(diff)"
                )
            }
        }
    }

    @Test func generationIsDeterministic() throws {
        for spec in Self.specURLs {
            let bytes = try [UInt8](Data(contentsOf: spec))
            let first = try Generator.generate(
                specBytes: bytes, file: spec.lastPathComponent, path: spec.path, config: GeneratorConfig())
            let second = try Generator.generate(
                specBytes: bytes, file: spec.lastPathComponent, path: spec.path, config: GeneratorConfig())
            #expect(first.0 == second.0)
            for file in first.0.contents {
                #expect(!file.text.contains(Self.packageDirectory.path), "the package's path in \(file.name)")
            }
        }
    }

    @Test func outputNamesDependOnlyOnTheFileName() {
        #expect(
            Generator.outputFileNames(forSpec: "demo.htspec.json") == [
                "demo+Models.swift", "demo+Requests.swift", "demo+Enums.swift",
            ])
        #expect(
            Generator.outputFileNames(forSpec: "shop.nei.json") == [
                "shop+Models.swift", "shop+Requests.swift", "shop+Enums.swift",
            ])
        #expect(Generator.isSpecFile("a.htspec.json"))
        #expect(!Generator.isSpecFile(".htspec.json"))
        #expect(!Generator.isSpecFile("htcodegen.json"))
    }

    @Test func emptyOutputsAreStillValidFiles() throws {
        let spec = #"{"htspec": 1, "types": {}, "interfaces": {}}"#
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "empty.htspec.json", config: GeneratorConfig())
        #expect(diagnostics.isEmpty)
        #expect(files.contents.map(\.name) == ["empty+Models.swift", "empty+Requests.swift", "empty+Enums.swift"])
        for file in files.contents {
            #expect(file.text.hasPrefix("// Generated by ht-codegen"))
            #expect(!file.text.contains("import"))
        }
    }

    @Test func writeOnlyRewritesChangedFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ht-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = #"{"htspec": 1, "types": {"A": {"fields": {"x": "String"}}}}"#
        let (files, _) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "a.htspec.json", config: GeneratorConfig())
        #expect(try Generator.write(files, to: directory.path).count == 3)
        #expect(try Generator.write(files, to: directory.path).isEmpty)
        let changed = #"{"htspec": 1, "types": {"A": {"fields": {"x": "String", "y": "Integer"}}}}"#
        let (files2, _) = try Generator.generate(
            specBytes: Array(changed.utf8), file: "a.htspec.json", config: GeneratorConfig())
        #expect(try Generator.write(files2, to: directory.path) == ["a+Models.swift"])
    }
}
