import Foundation
import Testing

@testable import HTCodegenCore

/// The generator's list of runtime type names is checked against the runtime itself: every public
/// top-level type of HTModel, HTNetworking and HTNetworkingCompat, read from their sources. A spec type that takes one of
/// these names (`CacheableRequest` with the prefix `HT`) would capture the app's own
/// `extension X: HTCacheableRequest`, so the generator renames it; a runtime type added without
/// adding it to the list fails here.
@Suite struct RuntimeTypeNamesTests {
    static let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")

    /// The names of the public and open types declared at the top level (column 0) of a module's files.
    static func publicTopLevelTypes(ofModule module: String) throws -> Set<String> {
        let directory = sources.appending(path: module)
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var names: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                guard let first = line.first, first != " ", first != "\t" else { continue }  // nested
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard let access = words.first, access == "public" || access == "open" else { continue }
                words.removeFirst()
                while let first = words.first, ["final", "indirect"].contains(first) { words.removeFirst() }
                guard words.count >= 2,
                    ["class", "struct", "enum", "protocol", "typealias", "actor"].contains(words[0])
                else { continue }
                let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                names.insert(String(name))
            }
        }
        return names
    }

    @Test func everyPublicRuntimeTypeIsReserved() throws {
        let runtime = try Self.publicTopLevelTypes(ofModule: "HTNetworking")
            .union(Self.publicTopLevelTypes(ofModule: "HTModel"))
            .union(Self.publicTopLevelTypes(ofModule: "HTNetworkingCompat"))
        #expect(runtime.count > 100, "the scan found \(runtime.count) types; did the layout change?")
        #expect(runtime.contains("HTCacheableRequest") && runtime.contains("HTJSON"))
        let missing = runtime.subtracting(SwiftNaming.reservedTypeNames).sorted()
        #expect(missing == [], "add these to SwiftNaming.runtimeTypeNames")
        // No stale entry: every reserved `HT` name is a runtime type or module.
        let stale = SwiftNaming.reservedTypeNames.filter { $0.hasPrefix("HT") }
            .subtracting(runtime).subtracting(["HTModel", "HTNetworking", "HTNetworkingCompat"]).sorted()
        #expect(stale == [], "remove these from SwiftNaming.runtimeTypeNames")
    }
}
