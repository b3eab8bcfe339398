/// Which header fields carry credentials: the one rule the cache (whose entry a response is) and the
/// redirect policy (what never follows a request to another origin) use. It is the logger's default
/// rule for secret headers (``HTLogRedaction/defaultHeaderNames`` and
/// ``HTLogRedaction/defaultNamePatterns``): `Authorization`, `Proxy-Authorization`, `Cookie`,
/// `X-Api-Key`, `X-Auth-Token`, any name containing `token`, `secret`, `password`, `apikey`, `session`,
/// `signature`, `credential`, ... (`Accept`, `Content-Type` or `X-Request-Id` are not).
public enum HTCredentialHeaders {
    /// The logger's default rule, its answers remembered (every cached request asks for each header).
    private static let answers = HTNameRuleMemo { [rule = HTLogRedaction()] in rule.isSecretHeader($0) }

    /// Whether a header named `name` carries credentials.
    ///
    /// - Parameters:
    ///   - name: the header field's name (any case).
    ///   - extra: further names (any case) that count.
    public static func contains(_ name: String, extra: Set<String> = []) -> Bool {
        if isCredential(name) { return true }
        guard !extra.isEmpty else { return false }
        let lower = name.lowercased()
        return extra.contains { $0.lowercased() == lower }
    }

    private static func isCredential(_ name: String) -> Bool {
        answers(name)
    }
}
