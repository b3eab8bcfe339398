import Foundation

/// Where the payload files are: `--corpus DIR`, else `$HT_CORPUS/json/payloads`, else
/// `../shared/data/json/payloads` beside the package (found from this source file's location).
enum BenchCorpus {
    static func locate(override: String?) -> URL {
        if let override { return URL(fileURLWithPath: override) }
        if let root = ProcessInfo.processInfo.environment["HT_CORPUS"], !root.isEmpty {
            return URL(fileURLWithPath: root).appendingPathComponent("json/payloads")
        }
        // Sources/ht-bench/BenchCorpus.swift → the package folder → ../shared.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/data/json/payloads")
    }

    /// The bytes of `name` in `directory`.
    static func load(_ name: String, in directory: URL) throws -> Data {
        let url = directory.appendingPathComponent(name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw BenchFailure("cannot read \(url.path): \(error.localizedDescription)")
        }
    }
}

/// A benchmark that cannot run (a missing file, a payload that does not map).
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
