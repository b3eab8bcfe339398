/// Which query parameters carry credentials: the logger's default rule for secret query parameters
/// (``HTLogRedaction/defaultQueryParameterNames`` and ``HTLogRedaction/defaultNamePatterns``):
/// `access_token`, `api_key`, `key`, `token`, `sig`, any name containing `token`, `secret`, `session`,
/// ... The cache scopes an entry by them as by credential headers (``HTCacheScope``).
enum HTCredentialQueryParameters {
    private static let answers = HTNameRuleMemo { [rule = HTLogRedaction()] in rule.isSecretQueryParameter($0) }

    /// Whether a query parameter named `name` (percent-decoded; any case) carries credentials.
    static func contains(_ name: String) -> Bool {
        answers(name)
    }
}
