import Foundation

/// What the URL of a request as it is sent (after the interceptors) adds to the URL the request built
/// itself: the part of the cache key (``HTCacheKey``) and of its scope (``HTCacheScope``) that only the
/// sent request shows.
///
/// - Its credential query parameters (``HTCredentialQueryParameters``, the log redaction's secret names)
///   that are not the request's own parameters scope the entry like credential headers: a token an
///   interceptor puts in the query (`?access_token=...`) makes the entry that user's.
/// - The other query parameters the interceptors added, and the URL itself when an interceptor changed
///   it outside the query (another host, another path), are the key's `sent:` line.
///
/// A parameter the request declares itself and its key holds is keyed by its value in the key's
/// `parameters:` line, whatever its name; one the key leaves out
/// (``HTCacheableRequest/cacheKeyFilteredParameters(_:)``, a custom key) counts as added by the sent
/// request here (see ``HTCacheKeyInputs/ownParameters``).
struct HTCacheSentURL {
    /// The credential query parameters as `name=value`: the name percent-decoded, the value exactly as
    /// sent (`+` and `%2B` are different credentials to a server, and so are two encodings of one
    /// character), in the order of the query.
    let credentials: [String]
    /// The key's `sent:` line, empty when the URL is the one the request built.
    let keyLine: String

    /// Compares `sent` with `built`; `ownParameters` are the names of the request's own parameters.
    init(sent: URL?, built: URL?, ownParameters: Set<String>) {
        guard let sent else {
            (credentials, keyLine) = ([], "")
            return
        }
        var credentials: [String] = []
        // The query split by hand (as `URLComponents.percentEncodedQueryItems` splits it: pairs at `&`,
        // name and value at the first `=`), which costs a tenth of parsing the URL again.
        for pair in (sent.query(percentEncoded: true) ?? "").split(separator: "&") {
            let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
            let name = Self.decoded(String(pair[..<(equals ?? pair.endIndex)]))
            if !Self.isOwn(name, ownParameters), HTCredentialQueryParameters.contains(name) {
                // The name decoded (it only says which parameter it is), the value as sent.
                let value = equals.map { pair[pair.index(after: $0)...] } ?? ""
                credentials.append(name + "=" + value)
            }
        }
        self.credentials = credentials
        let unchanged = built == sent
        // The URL the request built: nothing added, nothing moved.
        guard !unchanged, let components = URLComponents(url: sent, resolvingAgainstBaseURL: false) else {
            keyLine = ""
            return
        }
        let sentItems = components.percentEncodedQueryItems ?? []
        var remaining =
            built.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.percentEncodedQueryItems ?? []
        var added: [String] = []
        for item in sentItems {
            let name = Self.decoded(item.name)
            if !Self.isOwn(name, ownParameters), HTCredentialQueryParameters.contains(name) { continue }
            if let index = remaining.firstIndex(of: item) {
                remaining.remove(at: index)
            } else {
                added.append(item.value.map { item.name + "=" + $0 } ?? item.name)
            }
        }
        var location = ""
        if let built, Self.withoutQuery(sent) != Self.withoutQuery(built) {
            location = Self.withoutQuery(sent)
        }
        self.keyLine = added.isEmpty ? location : location + "?" + added.joined(separator: "&")
    }

    /// `text` without its percent-encoding (as it is when it holds none, or an invalid one): most query
    /// names and values hold no `%`, and Foundation's decoding costs a microsecond each.
    private static func decoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// Whether the query name `name` is (a member of) one of the request's own parameters (`a` or `a[b]`).
    private static func isOwn(_ name: String, _ ownParameters: Set<String>) -> Bool {
        if ownParameters.contains(name) { return true }
        guard let bracket = name.firstIndex(of: "[") else { return false }
        return ownParameters.contains(String(name[..<bracket]))
    }

    /// `url` without its query and fragment.
    private static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        return components.string ?? url.absoluteString
    }
}
