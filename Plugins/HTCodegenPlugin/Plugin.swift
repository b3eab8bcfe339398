import Foundation
import PackagePlugin

/// The build-tool plugin: one build command per spec file in the target, running `ht-codegen`.
///
/// It only finds files and builds argument lists; everything else happens in the generator. The files
/// each command writes are named from the spec's file name and size alone (`SpecFileNaming`), as SwiftPM
/// needs them before the spec is read: a large spec's models and requests are split into
/// `SpecFileNaming.shardCount(forSpec:size:)` files each, and the plugin passes that count to
/// `ht-codegen --shards`, so the files written are always the files declared. SwiftPM keeps a build's
/// plan, and so these commands, until the target's files or the manifest change: a spec that grows or
/// shrinks keeps its shard count until then (or until `swift package clean`).
@main
struct HTCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let swiftTarget = target as? SwiftSourceModuleTarget else {
            throw PluginFailure("HTCodegenPlugin generates Swift: apply it to a Swift target, not '\(target.name)'")
        }
        let files = swiftTarget.sourceFiles.map(\.url)
        return try makeCommands(
            targetName: target.name, files: files, tool: try context.tool(named: "ht-codegen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}

/// Builds the commands from the target's files; shared by the SwiftPM and Xcode entry points.
func makeCommands(targetName: String, files: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
    let specs = files.filter { SpecFileNaming.isSpec($0.lastPathComponent) }
        .sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
    let configs = files.filter { $0.lastPathComponent == SpecFileNaming.configFileName }
    if configs.count > 1 {
        let list = configs.map { $0.path(percentEncoded: false) }.sorted().joined(separator: ", ")
        throw PluginFailure(
            "target '\(targetName)' has \(configs.count) \(SpecFileNaming.configFileName) files (\(list)); keep one")
    }
    if specs.isEmpty {
        Diagnostics.warning(
            "target '\(targetName)' applies HTCodegenPlugin but has no spec files; add a file ending in \(SpecFileNaming.specSuffixes.joined(separator: " or ")), or named \(SpecFileNaming.openAPIFileNames.joined(separator: " or ")), to its folder"
        )
        return []
    }
    var stems: [String: URL] = [:]
    for spec in specs {
        let stem = SpecFileNaming.stem(of: spec.lastPathComponent)
        if let other = stems[stem] {
            throw PluginFailure(
                "target '\(targetName)': '\(spec.path(percentEncoded: false))' and '\(other.path(percentEncoded: false))' both generate \(stem)+Models.swift; rename one of them"
            )
        }
        stems[stem] = spec
    }
    // Any file the generator may write for one of the specs, whatever the shard count.
    let checkedIn = files.filter { file in
        stems.keys.contains { SpecFileNaming.isOutputFile(file.lastPathComponent, ofStem: $0) }
    }
    if !checkedIn.isEmpty {
        let list = checkedIn.map { $0.path(percentEncoded: false) }.sorted().joined(separator: ", ")
        throw PluginFailure(
            "target '\(targetName)' applies HTCodegenPlugin and also contains generated files (\(list)); use one workflow: remove the plugin from the target, or delete the checked-in files"
        )
    }
    let outputDirectory = workDirectory.appending(path: "GeneratedSources")
    let config = configs.first
    return specs.enumerated().map { index, spec in
        let shards = SpecFileNaming.shardCount(forSpec: spec.lastPathComponent, size: fileSize(spec))
        var arguments = [
            "generate", spec.path(percentEncoded: false), "--output-dir", outputDirectory.path(percentEncoded: false),
            "--quiet", "--shards", String(shards),
        ]
        if let config { arguments += ["--config", config.path(percentEncoded: false)] }
        if index == 0 { arguments.append("--declare-abstract-types") }
        // The target's other specs are read (not generated) to report a type declared in two of them.
        let siblings = specs.filter { $0 != spec }
        for sibling in siblings { arguments += ["--also", sibling.path(percentEncoded: false)] }
        // An OpenAPI document may refer to other files of the target (`$ref: common.yaml#/...`): every
        // JSON and YAML file of the target is an input, so that editing one regenerates the document.
        let referenced =
            SpecFileNaming.isOpenAPI(spec.lastPathComponent)
            ? files.filter {
                SpecFileNaming.isOpenAPIReferenceCandidate($0.lastPathComponent) && $0 != spec && !siblings.contains($0)
                    && !configs.contains($0)
            } : []
        return .buildCommand(
            displayName: "Generating Swift from \(spec.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [spec] + siblings + (config.map { [$0] } ?? []) + referenced,
            outputFiles: SpecFileNaming.outputFileNames(forSpec: spec.lastPathComponent, shards: shards).map {
                outputDirectory.appending(path: $0)
            })
    }
}

/// The size of a spec file in bytes; 0 when it cannot be read (the generator then reports why).
func fileSize(_ url: URL) -> Int {
    (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
}

/// A misconfiguration, reported as a build error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension HTCodegenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try makeCommands(
                targetName: target.displayName, files: target.inputFiles.map(\.url),
                tool: try context.tool(named: "ht-codegen").url, workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
