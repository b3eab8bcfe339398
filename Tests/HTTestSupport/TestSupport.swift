import Foundation

/// Files, URLs and queries for the runtime's test targets.
package enum TestSupport {
    /// A fresh temporary directory; the caller removes it.
    package static func temporaryDirectory(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The query items of a URL, in order.
    package static func queryItems(_ url: URL?) -> [URLQueryItem] {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return components.queryItems ?? []
    }

    /// A URL from a literal known to be valid (tests only).
    package static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw URLError(.badURL) }
        return url
    }
}
