import Foundation

/// Spec files anywhere in a target's folder (outside its Generated folder), and the documents its
/// `htcodegen.json` names whatever their file names, sorted: what the command plugins (`generate-client`,
/// `mock-server`) work on. The folder is scanned directly because specs of a target without the build
/// plugin are not among its sources.
func targetSpecFiles(in directory: URL) throws -> [URL] {
    var specs = findFiles(in: directory) { SpecFileNaming.isSpec($0) }
    let configs = findFiles(in: directory) { $0 == SpecFileNaming.configFileName }
    if configs.count == 1, let config = configs.first {
        for document in try configuredDocuments(config: config)
        where !specs.contains(where: { sameFile($0, document) }) {
            specs.append(document)
        }
    }
    return specs.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
}

/// The files below `directory` whose names `predicate` accepts, outside Generated folders, sorted.
func findFiles(in directory: URL, matching predicate: (String) -> Bool) -> [URL] {
    guard
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var result: [URL] = []
    for case let url as URL in enumerator {
        if url.lastPathComponent == SpecFileNaming.generatedFolderName {
            enumerator.skipDescendants()
            continue
        }
        if predicate(url.lastPathComponent) { result.append(url) }
    }
    return result.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
}

/// A misuse, reported as the command's error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
