import Foundation

/// The package's folder among the platform's caches: `~/Library/Caches/HTNetworking` on Apple
/// platforms, `$XDG_CACHE_HOME/HTNetworking` or `~/.cache/HTNetworking` on Linux; under the temporary
/// directory when there is none.
enum HTCachesDirectory {
    /// The subfolder `name` of the package's caches folder.
    static func folder(_ name: String) -> URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("HTNetworking", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }
}
