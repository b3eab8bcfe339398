import Foundation
import PackagePlugin

/// The build-tool plugin: one build command per target, running `ht-codegen` on all its spec files at
/// once (so that their Swift type names are decided together, and a type two specs would both declare
/// is an error at both places).
///
/// It only finds files and builds argument lists; everything else happens in the generator. The files
/// the command writes are named from the spec's file name and size alone (`SpecFileNaming`), as SwiftPM
/// needs them before the spec is read: a large spec's models and requests are split into
/// `SpecFileNaming.shardCount(forSpec:size:)` files each, and the plugin passes the counts to
/// `ht-codegen --shards` (one per spec), so the files written are always the files declared. SwiftPM keeps a build's
/// plan, and so these commands, until the target's files or the manifest change: a spec that grows or
/// shrinks keeps its shard count until then (or until `swift package clean`).
///
/// The documents `htcodegen.json` names in `"documents"` are specs whatever their file names
/// (`Service_Management.yaml`, whose sibling files refer to it by that name); the files they refer to
/// are inputs, not specs.
///
/// An OpenAPI document's `$ref`s read files only inside the package's folder (`--reference-root`,
/// symbolic links resolved), so a shared schema folder of the package works and nothing else of the
/// machine is read. Its inputs are the target's JSON and YAML files and every file of the package its
/// `$ref`s reach, found by a plain scan of the text (`SpecFileNaming.fileReferences(in:)`, file after
/// file), as the plan is made: a reference added later to a new file outside the target is an input
/// once SwiftPM plans the build again.
@main
struct HTCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let swiftTarget = target as? SwiftSourceModuleTarget else {
            throw PluginFailure("HTCodegenPlugin generates Swift: apply it to a Swift target, not '\(target.name)'")
        }
        let files = swiftTarget.sourceFiles.map(\.url)
        return try makeCommands(
            targetName: target.name, files: files, tool: try context.tool(named: "ht-codegen").url,
            workDirectory: context.pluginWorkDirectoryURL, referenceRoot: context.package.directoryURL)
    }
}

/// Builds the commands from the target's files; shared by the SwiftPM and Xcode entry points.
/// `referenceRoot` (the package's or project's folder) is the folder `$ref`s may read files in.
func makeCommands(
    targetName: String, files: [URL], tool: URL, workDirectory: URL, referenceRoot: URL
) throws -> [Command] {
    var specs = files.filter { SpecFileNaming.isSpec($0.lastPathComponent) }
    let configs = files.filter { $0.lastPathComponent == SpecFileNaming.configFileName }
    if configs.count > 1 {
        let list = configs.map { $0.path(percentEncoded: false) }.sorted().joined(separator: ", ")
        throw PluginFailure(
            "target '\(targetName)' has \(configs.count) \(SpecFileNaming.configFileName) files (\(list)); keep one")
    }
    // The documents the config names, whatever their file names (`Service_Management.yaml`): specs too.
    let documents = try configs.first.map { try configuredDocuments(config: $0) } ?? []
    for document in documents where !specs.contains(where: { sameFile($0, document) }) {
        specs.append(document)
    }
    specs.sort { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
    if specs.isEmpty {
        Diagnostics.warning(
            "target '\(targetName)' applies HTCodegenPlugin but has no spec files; add a file ending in \(SpecFileNaming.specSuffixes.joined(separator: " or ")), or named \(SpecFileNaming.openAPIFileNames.joined(separator: " or ")), to its folder, or name documents in \(SpecFileNaming.configFileName) (\"\(SpecFileNaming.documentsKey)\")"
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
    // One command for all the specs: the generator reads and resolves every spec of the target, names
    // their types together (a Swift type two specs would declare is an error at both places), then
    // writes each spec's files; files whose contents did not change are not rewritten (they keep their
    // dates). Each spec gets the shard count its outputs were declared with.
    let shards = specs.map { SpecFileNaming.shardCount(forSpec: $0.lastPathComponent, size: fileSize($0)) }
    var arguments = ["generate"] + specs.map { $0.path(percentEncoded: false) }
    arguments += [
        "--output-dir", outputDirectory.path(percentEncoded: false), "--quiet",
        "--shards", shards.map(String.init).joined(separator: ","),
    ]
    if let config = configs.first { arguments += ["--config", config.path(percentEncoded: false)] }
    arguments.append("--declare-abstract-types")  // applies to the first spec given
    arguments += ["--reference-root", referenceRoot.path(percentEncoded: false)]
    // An OpenAPI document may refer to other files (`$ref: common.yaml#/...`): every JSON and YAML file
    // of the target, and every file of the package its references reach, is an input, so that editing
    // one regenerates the document.
    var referenced: [URL] = []
    for spec in specs
    where SpecFileNaming.isOpenAPI(spec.lastPathComponent) || documents.contains(where: { sameFile($0, spec) }) {
        let candidates = files.filter { SpecFileNaming.isOpenAPIReferenceCandidate($0.lastPathComponent) }
        for file in candidates + referencedFiles(of: spec, inside: referenceRoot)
        where !specs.contains(where: { sameFile($0, file) }) && !configs.contains(where: { sameFile($0, file) })
            && !referenced.contains(where: { sameFile($0, file) })
        {
            referenced.append(file)
        }
    }
    let mocks = configs.first.map(configuredMocks(config:)) ?? false
    let outputs = zip(specs, shards).flatMap { spec, count in
        SpecFileNaming.outputFileNames(forSpec: spec.lastPathComponent, shards: count, mocks: mocks).map {
            outputDirectory.appending(path: $0)
        }
    }
    let names = specs.map(\.lastPathComponent).joined(separator: ", ")
    return [
        .buildCommand(
            displayName: "Generating Swift from \(names)", executable: tool, arguments: arguments,
            inputFiles: specs + configs + referenced, outputFiles: outputs)
    ]
}

/// The files inside `root` that the `$ref`s of `spec` reach, file after file (symbolic links resolved;
/// the generator refuses the others, so they are not followed), without `spec` itself, sorted.
func referencedFiles(of spec: URL, inside root: URL) -> [URL] {
    let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path(percentEncoded: false)
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    let start = spec.resolvingSymlinksInPath().standardizedFileURL
    var seen: Set<String> = [start.path(percentEncoded: false)]
    var queue = [start]
    var found: [URL] = []
    while let file = queue.popLast() {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        for reference in SpecFileNaming.fileReferences(in: text) {
            let named =
                reference.hasPrefix("/")
                ? URL(filePath: reference) : file.deletingLastPathComponent().appending(path: reference)
            let target = named.resolvingSymlinksInPath().standardizedFileURL
            let path = target.path(percentEncoded: false)
            guard path.hasPrefix(prefix), seen.insert(path).inserted,
                FileManager.default.fileExists(atPath: path)
            else { continue }
            found.append(target)
            queue.append(target)
        }
    }
    return found.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
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
                tool: try context.tool(named: "ht-codegen").url, workDirectory: context.pluginWorkDirectoryURL,
                referenceRoot: context.xcodeProject.directoryURL)
        }
    }
#endif
