import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client [--target T]... [--output DIR] [--dry-run]`
///
/// Writes the code the build plugin would generate into the package, for teams that check generated
/// code in. It finds the spec files and calls `ht-codegen`; everything else happens there.
@main
struct GenerateClient: CommandPlugin {
    static let help = """
        USAGE: swift package --allow-writing-to-package-directory generate-client [options]

        Generates Swift from the spec files (*.htspec.json, *.htspec.yaml, *.nei.json, *.openapi.yaml,
        ...) in a target's folder, and the documents its htcodegen.json names ("documents"), into the
        target's Generated/ folder, for teams that check generated code in.

        OPTIONS:
          --target <name>   A target to generate for (repeatable). Default: every Swift target
                            whose folder has spec files.
          --output <dir>    Where to write, relative to the package (default:
                            Sources/<target>/Generated). With several targets, a subfolder per
                            target is used.
          --dry-run         Show what would be written; write nothing.
          --help            Show this help.

        A spec larger than 32 KiB (an NEI export: 128 KiB) gets several models and requests
        files (<stem>+Models-2.swift, ...; see `ht-codegen --help`, option --shards); files of an
        earlier run that are no longer generated are deleted from the output folder.

        Don't also apply HTCodegenPlugin to a target whose generated code is checked in: the build
        would declare every type twice.
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.help)
            return
        }
        let targetNames = extractor.extractOption(named: "target")
        let outputOption = extractor.extractOption(named: "output").last
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        if !extractor.remainingArguments.isEmpty {
            throw PluginFailure(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); see --help")
        }

        var targets: [SwiftSourceModuleTarget] = []
        if targetNames.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
                .filter { target in (try? targetSpecFiles(in: target.directoryURL).isEmpty == false) ?? true }
            if targets.isEmpty {
                throw PluginFailure(
                    "no Swift target in this package has spec files (*.htspec.json, *.htspec.yaml, *.htspec.yml or *.nei.json)"
                )
            }
        } else {
            for name in targetNames {
                guard let target = try context.package.targets(named: [name]).first else {
                    throw PluginFailure("no target named '\(name)'")
                }
                guard let swiftTarget = target as? SwiftSourceModuleTarget else {
                    throw PluginFailure("'\(name)' is not a Swift target")
                }
                targets.append(swiftTarget)
            }
        }

        let packageDirectory = context.package.directoryURL
        let manifest =
            (try? String(contentsOf: packageDirectory.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        let pluginTargets = targets.map(\.name).filter { Self.manifest(manifest, appliesBuildPluginTo: $0) }
        if !pluginTargets.isEmpty {
            throw PluginFailure(
                "\(pluginTargets.joined(separator: ", ")) already applies HTCodegenPlugin in Package.swift, which generates "
                    + "this code at every build; checked-in copies would declare every type twice. Remove the plugin from "
                    + "the target to check generated code in, or leave the target to the plugin.")
        }
        let tool = try context.tool(named: "ht-codegen").url
        var failures: [String] = []
        for target in targets.sorted(by: { $0.name < $1.name }) {
            let specs = try targetSpecFiles(in: target.directoryURL)
            if specs.isEmpty {
                throw PluginFailure(
                    "target '\(target.name)' has no spec files in \(target.directoryURL.path(percentEncoded: false))")
            }
            let configs = findFiles(in: target.directoryURL) { $0 == SpecFileNaming.configFileName }
            if configs.count > 1 {
                throw PluginFailure(
                    "target '\(target.name)' has \(configs.count) \(SpecFileNaming.configFileName) files; keep one")
            }
            let output: URL
            if let outputOption {
                let base =
                    outputOption.hasPrefix("/")
                    ? URL(filePath: outputOption) : packageDirectory.appending(path: outputOption)
                output = targets.count > 1 ? base.appending(path: target.name) : base
            } else {
                output = target.directoryURL.appending(path: SpecFileNaming.generatedFolderName)
            }
            var arguments = ["generate"] + specs.map { $0.path(percentEncoded: false) }
            arguments += ["--output-dir", output.path(percentEncoded: false), "--declare-abstract-types"]
            // `$ref`s may read files anywhere in the package (a shared schema folder), nowhere else.
            arguments += ["--reference-root", packageDirectory.path(percentEncoded: false)]
            if let config = configs.first { arguments += ["--config", config.path(percentEncoded: false)] }
            if dryRun { arguments.append("--dry-run") }
            let specNames = specs.map(\.lastPathComponent).joined(separator: ", ")
            print("\(target.name): \(specNames) → \(output.path(percentEncoded: false))\(dryRun ? " (dry run)" : "")")
            let process = Process()
            process.executableURL = tool
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                failures.append(target.name)
            }
        }
        if !failures.isEmpty {
            throw PluginFailure("generation failed for \(failures.joined(separator: ", ")); see the diagnostics above")
        }
    }

    /// Whether the manifest's declaration of the target `name` lists HTCodegenPlugin: the text from its
    /// `name: "<name>"` to the next target declaration. PackagePlugin does not say which plugins a
    /// target uses; a manifest that builds its targets in code is not recognised (the build plugin
    /// then refuses to build the target beside the checked-in files).
    static func manifest(_ text: String, appliesBuildPluginTo name: String) -> Bool {
        guard let start = text.range(of: "name: \"\(name)\"") else { return false }
        let rest = text[start.upperBound...]
        // `.plugin(` is not among them: it also starts a plugin usage inside `plugins: [...]`.
        let declarationStarts = [
            ".target(", ".executableTarget(", ".testTarget(", ".macro(", ".binaryTarget(", ".systemLibrary(",
        ]
        let end = declarationStarts.compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
        return rest[..<end].contains("\"HTCodegenPlugin\"")
    }
}
