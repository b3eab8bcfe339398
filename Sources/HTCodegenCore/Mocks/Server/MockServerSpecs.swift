import Foundation

/// Reads the spec files a mock server serves: each file named, and every spec file
/// (``Generator/isSpecFile(_:)``) directly inside a folder named.
package enum MockServerSpecs {
    /// Why the specs can't be served.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The resolved APIs of `paths` (files or folders), in the order given (a folder's files by name).
    package static func load(_ paths: [String]) throws(Failure) -> [ResolvedAPI] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(description: "\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter(Generator.isSpecFile).sorted().map {
                    (path as NSString).appendingPathComponent($0)
                }
            } else {
                files.append(path)
            }
        }
        guard !files.isEmpty else { throw Failure(description: "no spec files in \(paths.joined(separator: ", "))") }
        return try files.map { path throws(Failure) in try load(path) }
    }

    /// The resolved API of one spec file.
    package static func load(_ path: String) throws(Failure) -> ResolvedAPI {
        let (document, parseDiagnostics) = Generator.readSpec(at: path)
        let errors = parseDiagnostics.filter { $0.severity == .error }
        guard let document, errors.isEmpty else {
            throw Failure(description: errors.map(\.description).joined(separator: "\n"))
        }
        let (resolved, diagnostics) = Generator.resolve(document, config: GeneratorConfig())
        let resolveErrors = diagnostics.filter { $0.severity == .error }
        guard let resolved, resolveErrors.isEmpty else {
            throw Failure(description: resolveErrors.map(\.description).joined(separator: "\n"))
        }
        return resolved
    }

    /// The path of `api`'s first server URL (`/v1` of `https://api.example.com/v1`), without a final
    /// `/`; empty when it has none.
    package static func basePath(of api: ResolvedAPI) -> String {
        guard let url = api.servers.first?.url else { return "" }
        var text = Substring(url)
        if let schemeEnd = text.range(of: "://") {
            text = text[schemeEnd.upperBound...]
            text = text[(text.firstIndex(of: "/") ?? text.endIndex)...]
        }
        if let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<query] }
        while text.hasSuffix("/") { text = text.dropLast() }
        return text.hasPrefix("/") ? String(text) : ""
    }
}
