/// Which header fields carry credentials: the one rule the cache (whose entry a response is), the
/// redirect policy (what never follows a request to another origin) use.
///
/// A name counts when it is one of `extra` or contains, ignoring case, one of ``nameParts``:
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `X-Api-Key`, `X-Auth-Token`, `X-Session-Id`,
/// `X-Client-Secret`, ... `Accept`, `Content-Type`, `User-Agent` or `X-Request-Id` do not.
public enum HTCredentialHeaders {
    /// The name parts that make a header a credential: `auth`, `token`, `secret`, `session`,
    /// `password`, `cookie`, `api-key`, `api_key`, `apikey`, `signature`.
    public static let nameParts = [
        "auth", "token", "secret", "session", "password", "cookie", "api-key", "api_key", "apikey", "signature",
    ]

    private static let namePartBytes: [[UInt8]] = nameParts.map { Array($0.utf8) }

    /// Whether a header named `name` carries credentials.
    ///
    /// - Parameter extra: further names (any case) that count.
    public static func contains(_ name: String, extra: Set<String> = []) -> Bool {
        // Lower-case ASCII bytes and a byte search: with Foundation imported, `String.contains("…")`
        // is NSString's search, microseconds a call, and this runs for every header of many requests.
        let bytes = name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        for part in namePartBytes where bytes.count >= part.count {
            for start in 0...(bytes.count - part.count) where bytes[start..<(start + part.count)].elementsEqual(part) {
                return true
            }
        }
        guard !extra.isEmpty else { return false }
        let lower = String(decoding: bytes, as: UTF8.self)
        return extra.contains { $0.lowercased() == lower }
    }
}
