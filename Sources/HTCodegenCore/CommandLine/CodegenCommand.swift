import Foundation

/// The `ht-codegen` command line, parsed by hand (the package has no dependencies). The executable is a
/// thin wrapper that calls ``run(arguments:)``.
package struct CodegenCommand {
    /// The parsed options.
    package struct Options: Sendable, Hashable {
        package var specs: [String] = []
        /// The other specs of the same target (`--also`): not generated; read, resolved and named with
        /// the generated ones (``SwiftNames``) to find Swift types two specs would both declare.
        package var siblings: [String] = []
        package var outputDirectory: String?
        package var configPath: String?
        package var namePrefix: String?
        package var reqAbstract: String?
        package var modelAbstract: String?
        package var accessLevel: GeneratorConfig.AccessLevel?
        package var runtimeModule: String?
        /// The folder an OpenAPI document's `$ref`s must stay inside (`--reference-root`); `nil`: the
        /// document's own folder.
        package var referenceRoot: String?
        package var declareAbstractTypes = false
        package var dryRun = false
        package var quiet = false
        package var verbose = false
        package var warningsAsErrors = false
        package var timing = false
        /// The number of models and requests files per spec (`--shards`); `nil`: from the spec's size
        /// (`SpecFileNaming.shardCount(forSpec:size:)`), as the build plugin does.
        package var shards: Int?
        /// One count per spec given, in order (`--shards 1,3,1`), as the build plugin passes them when it
        /// generates all the specs of a target in one run; `nil` when `--shards` gave one count or none.
        package var shardsPerSpec: [Int]?
    }

    /// The help text, documenting every option.
    package static let help = """
        OVERVIEW: Generate Swift models, requests and enumerations from HTNetworking spec files.

        USAGE: ht-codegen generate <spec>... --output-dir <dir> [options]
               ht-codegen check <spec>... [options]

        A spec file is a native spec (described by Specs/htspec.schema.json), an NEI platform
        export (v0.x or v3.x, as downloaded, with or without its {"code": 200, "result": ...}
        wrapper) or an OpenAPI 3.0 or 3.1 document (JSON or YAML; Swagger 2.0 is not supported:
        convert it to OpenAPI 3); the format is detected from the contents. Name specs *.htspec.json
        or *.nei.json; a native spec may also be written in YAML 1.2, as *.htspec.yaml or
        *.htspec.yml; an OpenAPI document *.openapi.json, *.openapi.yaml or *.openapi.yml, or
        openapi.json, openapi.yaml or openapi.yml (stem: openapi). An OpenAPI document's $refs may
        name other files, relative to the file they are in (common.yaml#/components/schemas/Error).
        For each spec <stem>.htspec.json (.yaml, .yml, <stem>.nei.json, <stem>.openapi.yaml, ...)
        these files are written, all of them (empty ones included) and only when their contents change:
          <stem>+Models.swift   <stem>+Requests.swift   <stem>+Enums.swift
        A spec larger than 32 KiB (an NEI export: 128 KiB; an OpenAPI document: 64 KiB) is split into
        shards, one per started 32 KiB (128 KiB, 64 KiB), at most 64, so that no generated file grows
        with the spec (the compiler's
        cost per declaration grows with the size of the file that holds it): shard k >= 2 adds
        <stem>+Models-k.swift and <stem>+Requests-k.swift, each model and request going into the
        shard its name hashes to.
        Files of an earlier run for the same spec that are no longer written (shards beyond today's
        count) are deleted from the output directory.

        SUBCOMMANDS:
          generate                 Check the specs and write the generated files.
          check                    Check the specs and print diagnostics; write nothing.

        OPTIONS:
          --output-dir <dir>       Where to write the generated files (required by generate).
          --config <file>          A config file (htcodegen.json). Options below override it.
                                   Without a spec, the "documents" it names (relative to its
                                   folder, any file name) are the specs.
          --also <spec>            Another spec of the same target (repeatable): not generated, read
                                   to report Swift types both would declare (as the specs given
                                   are too), compared by their generated names.
          --reference-root <dir>   The folder the files an OpenAPI document's $refs name must be
                                   inside, symbolic links resolved (default: the document's
                                   folder); any other $ref is an error. The build plugin passes
                                   the package's folder.
          --name-prefix <prefix>   Prefix of every generated type (default: HT).
          --req-abstract <name>    Requests conform to <prefix><name> (default: BaseRequest).
          --model-abstract <name>  Models inherit from <prefix><name> (default: HTTPModel).
          --access-level <level>   public, package or internal (default: internal).
          --runtime-module <name>  The module generated files import (default: HTNetworking).
          --declare-abstract-types Declare <prefix><reqAbstract> and <prefix><modelAbstract> as
                                   aliases of the runtime's types when their names differ from
                                   HTBaseRequest and HTHTTPModel. Applies to the first spec given
                                   (the build plugin passes it for one spec per target).
          --shards <n>|auto        How many models and requests files per spec (1 to 64). Default:
                                   auto, one per started 32 KiB of the spec file (128 KiB for a
                                   *.nei.json file, 64 KiB for an OpenAPI document), the rule
                                   the build plugin uses (which passes
                                   the number it declared). A comma-separated
                                   list gives one count per spec, in order.
          --warnings-as-errors     Fail when any warning is reported.
          --dry-run                Print what would be written; write nothing.
          --quiet                  Print only diagnostics.
          --verbose                Print every warning (by default each kind of warning shows its
                                   first 3 and a count of the rest).
          --timing                 Print how long reading, generating and writing took.
          -h, --help               Show this help.
          --version                Show the generator's version.

        Diagnostics are printed as file:line:column: error|warning: message. The exit status is
        0 on success, 1 when a spec has errors, 2 for a usage error.
        """

    /// The generator's version.
    package static let version = "0.1.0"

    /// Runs the command and returns the process exit status. Output goes to standard output and
    /// diagnostics to standard error.
    ///
    /// With `exitWhenDone`, the process exits as soon as the work is done, without first freeing the
    /// spec's syntax tree and the generated text (the operating system reclaims them at once; freeing
    /// millions of small objects one by one takes a tenth of a second in the debug build plugins run).
    /// The executable passes `true`; tests use the default.
    package static func run(arguments: [String], exitWhenDone: Bool = false) -> Int32 {
        let parsed: Parsed
        do {
            parsed = try parse(arguments)
        } catch {
            printError("error: \(error.message)\nRun 'ht-codegen --help' for usage.")
            return 2
        }
        switch parsed {
        case .help:
            print(help)
            return 0
        case .version:
            print(version)
            return 0
        case .run(let subcommand, let options):
            return execute(subcommand: subcommand, options: options, exitWhenDone: exitWhenDone)
        }
    }

    enum Parsed: Equatable {
        case help
        case version
        case run(String, Options)
    }

    struct UsageError: Error {
        var message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var options = Options()
        var remaining = arguments[...]
        guard let subcommand = remaining.popFirst() else { return .help }
        if subcommand == "-h" || subcommand == "--help" || subcommand == "help" { return .help }
        if subcommand == "--version" { return .version }
        guard subcommand == "generate" || subcommand == "check" else {
            throw UsageError(message: "unknown subcommand '\(subcommand)'; use 'generate' or 'check'")
        }
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(message: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--output-dir": options.outputDirectory = try value(for: argument)
            case "--config": options.configPath = try value(for: argument)
            case "--also": options.siblings.append(try value(for: argument))
            case "--reference-root": options.referenceRoot = try value(for: argument)
            case "--name-prefix":
                guard let prefix = remaining.popFirst() else {
                    throw UsageError(message: "--name-prefix needs a value")
                }
                options.namePrefix = prefix
            case "--req-abstract": options.reqAbstract = try value(for: argument)
            case "--model-abstract": options.modelAbstract = try value(for: argument)
            case "--runtime-module": options.runtimeModule = try value(for: argument)
            case "--access-level":
                let text = try value(for: argument)
                guard let level = GeneratorConfig.AccessLevel(rawValue: text) else {
                    throw UsageError(message: "--access-level must be public, package or internal, not '\(text)'")
                }
                options.accessLevel = level
            case "--shards":
                let text = try value(for: argument)
                let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                if text == "auto" {
                    options.shards = nil
                    options.shardsPerSpec = nil
                } else if counts.count > 1,
                    counts.allSatisfy({ $0.map { (1...SpecFileNaming.maxShards).contains($0) } ?? false })
                {
                    options.shards = nil
                    options.shardsPerSpec = counts.compactMap { $0 }
                } else if let count = Int(text), (1...SpecFileNaming.maxShards).contains(count) {
                    options.shards = count
                    options.shardsPerSpec = nil
                } else {
                    let range = "1 to \(SpecFileNaming.maxShards)"
                    throw UsageError(message: "--shards must be auto or a number from \(range), not '\(text)'")
                }
            case "--declare-abstract-types": options.declareAbstractTypes = true
            case "--warnings-as-errors": options.warningsAsErrors = true
            case "--verbose": options.verbose = true
            case "--dry-run": options.dryRun = true
            case "--quiet": options.quiet = true
            case "--timing": options.timing = true
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
                options.specs.append(argument)
            }
        }
        if options.specs.isEmpty && options.configPath == nil {
            throw UsageError(message: "no spec files given")
        }
        if let counts = options.shardsPerSpec, !options.specs.isEmpty, counts.count != options.specs.count {
            throw UsageError(
                message:
                    "--shards gives \(counts.count) counts for \(options.specs.count) spec files; give one per spec")
        }
        if subcommand == "generate" && options.outputDirectory == nil && !options.dryRun {
            throw UsageError(message: "generate needs --output-dir <dir>")
        }
        return .run(subcommand, options)
    }

    /// The config from the file (if any) with the command-line overrides applied.
    static func resolvedConfig(_ options: Options) -> (GeneratorConfig, [Diagnostic]) {
        var config = GeneratorConfig()
        var diagnostics: [Diagnostic] = []
        if let configPath = options.configPath {
            (config, diagnostics) = Generator.readConfig(at: configPath)
        }
        if let value = options.namePrefix { config.namePrefix = value }
        if let value = options.reqAbstract { config.reqAbstract = value }
        if let value = options.modelAbstract { config.modelAbstract = value }
        if let value = options.accessLevel { config.accessLevel = value }
        if let value = options.runtimeModule { config.runtimeModule = value }
        return (config, diagnostics)
    }

    static func execute(subcommand: String, options: Options, exitWhenDone: Bool = false) -> Int32 {
        var keptUntilExit: [Any] = []
        var options = options
        let (config, configDiagnostics) = resolvedConfig(options)
        let report = { (diagnostics: [Diagnostic]) in Self.report(diagnostics, verbose: options.verbose) }
        report(configDiagnostics)
        if configDiagnostics.contains(where: { $0.severity == .error }) { return 1 }
        // No spec given: the documents the config names, relative to its folder.
        if options.specs.isEmpty, let configPath = options.configPath {
            let folder = (configPath as NSString).deletingLastPathComponent
            options.specs = config.documents.map { folder.isEmpty ? $0.path : folder + "/" + $0.path }
            if options.specs.isEmpty {
                printError(
                    "error: no spec files given, and \(configPath) names no \"documents\"\nRun 'ht-codegen --help' for usage."
                )
                return 2
            }
            if let counts = options.shardsPerSpec, counts.count != options.specs.count {
                printError(
                    "error: --shards gives \(counts.count) counts for \(options.specs.count) documents; give one per spec"
                )
                return 2
            }
        }

        var stems: [String: String] = [:]
        for spec in options.specs {
            let stem = SpecFileNaming.stem(of: String(spec.split(separator: "/").last ?? Substring(spec)))
            if let other = stems[stem] {
                printError(
                    "error: '\(spec)' and '\(other)' would both generate \(stem)+Models.swift; rename one of them")
                return 1
            }
            stems[stem] = spec
        }

        let allSpecs = options.specs + options.siblings.filter { !options.specs.contains($0) }
        var failed = false
        var warnings = 0
        // `fieldTypes`, filter and `paging` keys that match nothing in any spec of the target, gathered
        // from each document as it is read below and reported once: by the run that generates the
        // target's first spec (the build plugin's one run per target; callers that run one spec at a
        // time name the others with `--also`).
        let severalSpecs =
            allSpecs.count > 1
            && (!config.fieldTypes.overrides.isEmpty || !config.paging.overrides.isEmpty || config.filter.isActive)
        let reportsUnmatchedFieldTypes =
            severalSpecs && allSpecs.min().map { options.specs.contains($0) } == true
        var matchedFieldTypes: Set<String> = []
        var matchedFilter: Set<String> = []
        var matchedPaging: Set<String> = []
        // Every spec of the target is read and resolved first (the siblings named by `--also` too, whose
        // problems their own runs report), so that the types of all of them are named at once
        // (`SwiftNames`): a Swift type two specs would both declare is an error in each.
        let clock = ContinuousClock()
        var resolvedSpecs:
            [(spec: String, api: ResolvedAPI, diagnostics: [Diagnostic], readTime: Duration, resolveTime: Duration)] =
                []
        for path in allSpecs {
            let generated = options.specs.contains(path)
            let readStart = clock.now
            let (document, parseDiagnostics) = Generator.readSpec(at: path, referenceRoot: options.referenceRoot)
            let readTime = clock.now - readStart
            if reportsUnmatchedFieldTypes, let document {
                matchedFieldTypes.formUnion(config.fieldTypes.apply(to: document).matchedKeys)
                matchedFilter.formUnion(config.filter.apply(to: document).matchedKeys)
                matchedPaging.formUnion(config.paging.apply(to: document).matchedKeys)
            }
            if generated {
                report(parseDiagnostics)
                warnings += parseDiagnostics.filter { $0.severity == .warning }.count
            }
            guard let document, !parseDiagnostics.contains(where: { $0.severity == .error }) else {
                if generated { failed = true }
                continue
            }
            let resolveStart = clock.now
            let (api, resolveDiagnostics) = Generator.resolve(
                document, config: config, reportsUnmatchedFieldTypes: !severalSpecs)
            let resolveTime = clock.now - resolveStart
            guard let api, !resolveDiagnostics.contains(where: { $0.severity == .error }) else {
                if generated {
                    report(Generator.sorted(resolveDiagnostics))
                    failed = true
                }
                continue
            }
            resolvedSpecs.append((path, api, generated ? resolveDiagnostics : [], readTime, resolveTime))
        }
        if reportsUnmatchedFieldTypes {
            let unmatched =
                config.fieldTypes.unmatchedWarnings(matchedKeys: matchedFieldTypes)
                + config.filter.unmatchedWarnings(matchedKeys: matchedFilter)
                + config.paging.unmatchedWarnings(matchedKeys: matchedPaging)
            report(unmatched)
            warnings += unmatched.count
        }
        let names = SwiftNames(resolvedSpecs.map(\.api), config: config)

        for (index, spec) in options.specs.enumerated() {
            guard let position = resolvedSpecs.firstIndex(where: { $0.spec == spec }) else { continue }
            let (_, api, resolveDiagnostics, readTime, resolveTime) = resolvedSpecs[position]
            let own = names.specs[position]
            if exitWhenDone { keptUntilExit.append(api) }
            if !own.clashes.isEmpty {
                report(Generator.sorted(resolveDiagnostics + own.clashes))
                failed = true
                continue
            }
            let specName = String(spec.split(separator: "/").last ?? Substring(spec))
            let shards =
                options.shardsPerSpec?[index] ?? options.shards
                ?? SpecFileNaming.shardCount(forSpec: specName, size: Self.fileSize(atPath: spec))
            do {
                let generateStart = clock.now
                let (files, renderDiagnostics) = Generator.render(
                    api, names: own, config: config, declareAbstractTypes: options.declareAbstractTypes && index == 0,
                    shards: shards)
                let generateTime = resolveTime + (clock.now - generateStart)
                let diagnostics = Generator.sorted(resolveDiagnostics + own.warnings + renderDiagnostics)
                report(diagnostics)
                warnings += diagnostics.filter { $0.severity == .warning }.count
                if exitWhenDone { keptUntilExit.append(files) }
                guard subcommand == "generate" else { continue }
                if options.dryRun {
                    for file in files.contents {
                        print("would write \(file.name) (\(file.text.utf8.count) bytes)")
                    }
                    if let directory = options.outputDirectory {
                        let stale = try Generator.removeStaleFiles(
                            of: specName, keeping: files, in: directory, dryRun: true)
                        for name in stale { print("would delete \(name) (no longer generated)") }
                    }
                    continue
                }
                guard let directory = options.outputDirectory else { continue }
                let writeStart = clock.now
                let written = try Generator.write(files, to: directory)
                let removed = try Generator.removeStaleFiles(of: specName, keeping: files, in: directory)
                if options.timing {
                    let milliseconds = { (duration: Duration) in
                        String(
                            format: "%.1f ms",
                            Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
                    }
                    print(
                        "\(spec): read and parse \(milliseconds(readTime)), resolve and render \(milliseconds(generateTime)), write \(milliseconds(clock.now - writeStart))"
                    )
                }
                if !options.quiet {
                    let unchanged = files.contents.count - written.count
                    let deleted = removed.isEmpty ? "" : ", deleted \(removed.count) no longer generated"
                    print(
                        "\(spec): wrote \(written.count) file(s)\(unchanged > 0 ? ", \(unchanged) unchanged" : "")\(deleted) in \(directory)"
                    )
                }
            } catch {
                printError("error: cannot write the generated files: \(error)")
                failed = true
            }
        }
        let status: Int32 = failed || (options.warningsAsErrors && warnings > 0) ? 1 : 0
        if exitWhenDone {
            exit(status)
        }
        _ = keptUntilExit
        return status
    }

    /// The size of the file at `path` in bytes (0 when it cannot be read: reading it reports that).
    static func fileSize(atPath path: String) -> Int {
        (try? URL(fileURLWithPath: path).resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }

    /// Prints diagnostics to standard error: every one with `verbose`, else warnings grouped by kind
    /// (``DiagnosticGroups``).
    static func report(_ diagnostics: [Diagnostic], verbose: Bool) {
        for line in DiagnosticGroups.lines(for: diagnostics, verbose: verbose) {
            printError(line)
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
