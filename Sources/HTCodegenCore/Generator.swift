import Foundation

/// The whole pipeline for one spec file: read → parse (positions kept) → resolve and validate → render.
package enum Generator {
    /// The generated files of one spec.
    package struct Files: Sendable, Hashable {
        /// File name → contents, for the files of the spec, in the order of
        /// `SpecFileNaming.outputFileNames(forSpec:shards:)`.
        package var contents: [(name: String, text: String)]

        package static func == (lhs: Files, rhs: Files) -> Bool {
            lhs.contents.map(\.name) == rhs.contents.map(\.name) && lhs.contents.map(\.text) == rhs.contents.map(\.text)
        }

        package func hash(into hasher: inout Hasher) {
            for file in contents {
                hasher.combine(file.name)
                hasher.combine(file.text)
            }
        }
    }

    /// Reads and parses a spec file in any supported format.
    ///
    /// - Parameters:
    ///   - path: where to read it.
    ///   - displayPath: how diagnostics name it (defaults to `path`).
    ///   - referenceRoot: the folder an OpenAPI document's `$ref`s must stay inside (`nil`: the
    ///     document's own folder); see ``parseSpec(_:file:path:referenceRoot:)``.
    package static func readSpec(
        at path: String, displayPath: String? = nil, referenceRoot: String? = nil
    ) -> (SpecDocument?, [Diagnostic]) {
        let shown = displayPath ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            return (
                nil,
                [Diagnostic(.error, "cannot read the spec file", at: SourceLocation(file: shown, line: 1, column: 1))]
            )
        }
        return parseSpec([UInt8](data), file: shown, path: path, referenceRoot: referenceRoot)
    }

    /// Parses a spec from its bytes, in any format `SpecFormat` detects (native, NEI v0.x or v3.x export,
    /// OpenAPI 3.0 or 3.1); `file` names it in diagnostics. A file whose name ends in `.yaml` or `.yml`
    /// is read as YAML (`YAMLDocumentParser`), any other as JSON; both give the same positioned tree.
    ///
    /// `path` is where the spec was read from: an OpenAPI document's references to other files are
    /// relative to it (`nil`: to `file`). They are read only inside `referenceRoot` (`nil`: the folder
    /// of `path`), symbolic links resolved: any other is an error at the `$ref` (``OpenAPIFiles``).
    package static func parseSpec(
        _ bytes: [UInt8], file: String, path: String? = nil, referenceRoot: String? = nil
    ) -> (SpecDocument?, [Diagnostic]) {
        let root: JSONNode
        let readWarnings: [Diagnostic]
        do {
            (root, readWarnings) = try DocumentParser.parse(bytes, file: file)
        } catch {
            return (nil, [error.diagnostic])
        }
        let (document, diagnostics) = read(root, file: file, path: path ?? file, referenceRoot: referenceRoot)
        return (document, readWarnings + diagnostics)
    }

    /// Reads the parsed tree of a spec in the format `SpecFormat` detects.
    private static func read(
        _ root: JSONNode, file: String, path: String, referenceRoot: String?
    ) -> (SpecDocument?, [Diagnostic]) {
        switch SpecFormat.detect(root) {
        case .openAPI:
            return OpenAPIReader.read(root, file: file, path: path, referenceRoot: referenceRoot)
        case .native:
            let (document, diagnostics) = NativeSpecReader.read(root, file: file)
            return (document, diagnostics)
        case .neiV0(let export):
            let (document, diagnostics) = NEIV0Reader.read(export, file: file)
            return (document, diagnostics)
        case .neiV3(let export):
            let (document, diagnostics) = NEIV3Reader.read(export, file: file)
            return (document, diagnostics)
        case .unknown(let reason):
            return (nil, [Diagnostic(.error, reason, at: root.location)])
        }
    }

    /// Reads a config file (`htcodegen.json`).
    package static func readConfig(at path: String, displayPath: String? = nil) -> (GeneratorConfig, [Diagnostic]) {
        let shown = displayPath ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            return (
                GeneratorConfig(),
                [Diagnostic(.error, "cannot read the config file", at: SourceLocation(file: shown, line: 1, column: 1))]
            )
        }
        do {
            let root = try JSONDocumentParser.parse([UInt8](data), file: shown)
            return GeneratorConfig.read(root)
        } catch {
            return (GeneratorConfig(), [error.diagnostic])
        }
    }

    /// Generates the files of one parsed spec. Throws ``GenerationFailed`` with every diagnostic when the
    /// spec has errors; returns the files and the warnings otherwise.
    ///
    /// `shards` (at least 1) splits the models and the requests over that many files each
    /// (`SpecFileNaming.outputFileNames(forSpec:shards:)`); every one is returned, empty ones included.
    ///
    /// The config's `fieldTypes` and operation filter are applied to the document first.
    /// `reportsUnmatchedFieldTypes` warns about the keys and filter names that match nothing in it; a run over several specs of one target passes `false`
    /// and reports the keys that match nothing in any of them itself, once.
    package static func generate(
        _ document: SpecDocument, config: GeneratorConfig, declareAbstractTypes: Bool = false, shards: Int = 1,
        reportsUnmatchedFieldTypes: Bool = true
    ) throws(GenerationFailed) -> (Files, [Diagnostic]) {
        let (resolved, diagnostics) = resolve(
            document, config: config, reportsUnmatchedFieldTypes: reportsUnmatchedFieldTypes)
        guard let resolved, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw GenerationFailed(diagnostics: sorted(diagnostics))
        }
        let names = SwiftNames([resolved], config: config).specs[0]
        let (files, renderDiagnostics) = render(
            resolved, names: names, config: config, declareAbstractTypes: declareAbstractTypes, shards: shards)
        return (files, sorted(diagnostics + names.warnings + renderDiagnostics))
    }

    /// `diagnostics` by position, then message (as ``DiagnosticBag/sorted``).
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    /// Applies the config's `fieldTypes`, its `paging` and then its operation filter (`operations`, `schemas`) to
    /// `document` and resolves it: the first half of
    /// ``generate(_:config:declareAbstractTypes:shards:reportsUnmatchedFieldTypes:)``, for a run over
    /// several specs of one target, which names the types of all of them (``SwiftNames``) before it
    /// renders any. `nil` (or errors among the diagnostics) when it does not resolve.
    static func resolve(
        _ document: SpecDocument, config: GeneratorConfig, reportsUnmatchedFieldTypes: Bool = true
    ) -> (ResolvedAPI?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let applied = config.fieldTypes.apply(to: document)
        diagnostics.append(contentsOf: applied.diagnostics)
        let paged = config.paging.apply(to: applied.document)
        let filtered = config.filter.apply(to: paged.document)
        if reportsUnmatchedFieldTypes {
            diagnostics.append(contentsOf: config.fieldTypes.unmatchedWarnings(matchedKeys: applied.matchedKeys))
            diagnostics.append(contentsOf: config.paging.unmatchedWarnings(matchedKeys: paged.matchedKeys))
            diagnostics.append(contentsOf: config.filter.unmatchedWarnings(matchedKeys: filtered.matchedKeys))
        }
        let (resolved, resolveDiagnostics) = Resolver.resolve(filtered.document)
        diagnostics.append(contentsOf: resolveDiagnostics)
        return (resolved, diagnostics)
    }

    /// Renders a resolved spec with the Swift type names the naming stage gave it: the second half of
    /// ``generate(_:config:declareAbstractTypes:shards:reportsUnmatchedFieldTypes:)``. The naming
    /// warnings are `names`' own, not among the diagnostics returned.
    static func render(
        _ resolved: ResolvedAPI, names: SwiftNames.Spec, config: GeneratorConfig, declareAbstractTypes: Bool = false,
        shards: Int = 1
    ) -> (Files, [Diagnostic]) {
        let count = max(1, shards)
        let (output, diagnostics) = SwiftRenderer.render(
            resolved, names: names, config: config, declareAbstractTypes: declareAbstractTypes, shards: count)
        let fileName = String(resolved.file.split(separator: "/").last ?? Substring(resolved.file))
        let fileNames = SpecFileNaming.outputFileNames(forSpec: fileName, shards: count, mocks: output.mocks != nil)
        let texts = output.models + output.requests + [output.enums] + (output.mocks.map { [$0] } ?? [])
        let files = Files(contents: Array(zip(fileNames, texts)).map { (name: $0.0, text: $0.1) })
        return (files, diagnostics)
    }

    /// Generates from a spec's bytes (parse, resolve, render); the one call tests and tools need. `path`
    /// is where the spec is, for the other files an OpenAPI document refers to (relative to it).
    package static func generate(
        specBytes: [UInt8], file: String, path: String? = nil, config: GeneratorConfig,
        declareAbstractTypes: Bool = false, shards: Int = 1
    ) throws(GenerationFailed) -> (Files, [Diagnostic]) {
        let (document, parseDiagnostics) = parseSpec(specBytes, file: file, path: path)
        guard let document, !parseDiagnostics.contains(where: { $0.severity == .error }) else {
            throw GenerationFailed(
                diagnostics: parseDiagnostics.sorted { ($0.location, $0.message) < ($1.location, $1.message) })
        }
        let (files, warnings) = try generate(
            document, config: config, declareAbstractTypes: declareAbstractTypes, shards: shards)
        return (files, (parseDiagnostics + warnings).sorted { ($0.location, $0.message) < ($1.location, $1.message) })
    }

    /// The names of the files generated for a spec file split into `shards` shards (a pure function of
    /// its name and the count).
    package static func outputFileNames(forSpec fileName: String, shards: Int = 1) -> [String] {
        SpecFileNaming.outputFileNames(forSpec: fileName, shards: shards)
    }

    /// The number of shards the build plugin and `ht-codegen` (without `--shards`) use for the spec
    /// file `fileName` of `byteCount` bytes.
    package static func shardCount(forSpec fileName: String, size byteCount: Int) -> Int {
        SpecFileNaming.shardCount(forSpec: fileName, size: byteCount)
    }

    /// Whether a file name is a spec file's.
    package static func isSpecFile(_ fileName: String) -> Bool {
        SpecFileNaming.isSpec(fileName)
    }

    /// Writes `files` into `directory`, creating it if needed, and only rewriting files whose contents
    /// changed (so unchanged outputs keep their dates and are not compiled again). Returns the names of
    /// the files it wrote.
    @discardableResult
    package static func write(_ files: Files, to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for file in files.contents {
            let path = directory.hasSuffix("/") ? directory + file.name : directory + "/" + file.name
            let data = Data(file.text.utf8)
            if let existing = FileManager.default.contents(atPath: path), existing == data { continue }
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            written.append(file.name)
        }
        return written
    }

    /// Deletes the files in `directory` that an earlier generation of the spec `specFileName` wrote and
    /// this one did not (the shards beyond today's count, once a spec shrank or was given fewer
    /// `--shards`): left there, they would declare their types a second time. Only names the generator
    /// writes for that spec's stem (`SpecFileNaming.isOutputFile(_:ofStem:)`) are candidates. Returns
    /// the names of the files deleted (or, with `dryRun`, that would be), sorted.
    @discardableResult
    package static func removeStaleFiles(
        of specFileName: String, keeping files: Files, in directory: String, dryRun: Bool = false
    ) throws -> [String] {
        let stem = SpecFileNaming.stem(of: specFileName)
        let current = Set(files.contents.map(\.name))
        guard let existing = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let stale = existing.filter { !current.contains($0) && SpecFileNaming.isOutputFile($0, ofStem: stem) }.sorted()
        if !dryRun {
            for name in stale {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                try FileManager.default.removeItem(atPath: path)
            }
        }
        return stale
    }
}
