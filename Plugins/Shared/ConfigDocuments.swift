// This file is shared by symbolic link between both plugins.
import Foundation

/// The documents the config file `config` (`htcodegen.json`) names in `"documents"`, whatever their
/// file names, as files relative to its folder, in its order; none when it names none.
///
/// A config the plugin cannot read this way (not JSON, `"documents"` not an array of strings) names
/// none here: `ht-codegen` reads the config too and reports the problem at its position. A name that
/// leaves the config's folder (`..`, an absolute path) is reported there as well. A document that does
/// not exist is a plugin error: it would generate nothing, silently.
func configuredDocuments(config: URL) throws -> [URL] {
    guard let data = try? Data(contentsOf: config),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let names = object[SpecFileNaming.documentsKey] as? [Any]
    else { return [] }
    let folder = config.deletingLastPathComponent()
    var documents: [URL] = []
    for case let name as String in names
    where !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..") {
        let document = folder.appending(path: name).standardizedFileURL
        let path = document.path(percentEncoded: false)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw PluginFailure(
                "\(config.path(percentEncoded: false)): \"\(SpecFileNaming.documentsKey)\" names '\(name)', which is not a file (looked for \(path))"
            )
        }
        if !documents.contains(document) { documents.append(document) }
    }
    return documents
}

/// Whether `a` and `b` name the same file (both standardized).
func sameFile(_ a: URL, _ b: URL) -> Bool {
    a.standardizedFileURL.path(percentEncoded: false) == b.standardizedFileURL.path(percentEncoded: false)
}

/// Whether the config file `config` (`htcodegen.json`) asks for mock answers (`"mocks": true`): each
/// spec then has one more output, `<stem>+Mocks.swift`. A config the plugin cannot read this way asks
/// for none here; `ht-codegen` reports the problem at its position.
func configuredMocks(config: URL) -> Bool {
    guard let data = try? Data(contentsOf: config),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return object[SpecFileNaming.mocksKey] as? Bool == true
}
