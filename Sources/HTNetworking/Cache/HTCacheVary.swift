import Foundation

/// A response's `Vary`: the request headers whose values it depends on, beyond the key. An entry keeps
/// a digest of the values the request that stored it sent for them (``HTCachedResponse/variantDigest``),
/// and a lookup serves it only to a request that sends the same values (``HTCacheLookup/storedResponse()``);
/// `Vary: *` means it depends on more than headers, and such a response is never stored.
///
/// The digest is SHA-256 over one line per named header, sorted by lower-cased name:
/// `<name>:<value>` when the request sent it, `<name>` alone when it did not. It is a digest, so a
/// credential a response varies on (`Vary: Authorization`) is not written to disk.
enum HTCacheVary {
    /// The lower-cased header names a response's `Vary` lists, sorted and without repeats; empty when it
    /// has none; `["*"]` when it lists `*`.
    static func names(in responseHeaders: [String: String]) -> [String] {
        var names: Set<String> = []
        // The length first: lower-casing every other header's name is most of a memory hit's check.
        for (name, value) in responseHeaders where name.utf8.count == 4 && name.lowercased() == "vary" {
            for part in value.split(separator: ",") {
                let trimmed = part.trimmingCharacters(in: .whitespaces).lowercased()
                guard !trimmed.isEmpty else { continue }
                if trimmed == "*" { return ["*"] }
                names.insert(trimmed)
            }
        }
        return names.sorted()
    }

    /// Whether a response with these headers says `Vary: *` (it may not be reused).
    static func isUnreusable(_ responseHeaders: [String: String]) -> Bool {
        names(in: responseHeaders) == ["*"]
    }

    /// The digest of `request`'s values for the headers named in `responseHeaders`' `Vary`, or `nil`
    /// when it names none.
    static func digest(of responseHeaders: [String: String], for request: HTCacheRequest?) -> String? {
        let names = names(in: responseHeaders)
        guard !names.isEmpty else { return nil }
        var hash = HTSHA256()
        for name in names {
            if let value = request?.header(name) {
                hash.update((name + ":" + value).utf8)
            } else {
                hash.update(name.utf8)
            }
            hash.update([0x0A])
        }
        return hash.hexDigest()
    }

    /// Whether `entry` may be served to `request`: it varies on nothing, or the request sends the same
    /// values for the headers it varies on (a lookup without a request gets only entries that vary on
    /// nothing).
    static func matches(_ entry: HTCachedResponse, _ request: HTCacheRequest?) -> Bool {
        guard let stored = entry.variantDigest else { return names(in: entry.headers).isEmpty }
        guard let request else { return false }
        return digest(of: entry.headers, for: request) == stored
    }
}
